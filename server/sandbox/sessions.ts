/**
 * Sessions at the sandbox: an APM payment's issuer page and a hosted checkout's payment page, each
 * a pending order and a session token of limited life, and the shopper's way back.
 */
import { signed, type ApmPaymentRequest, type CheckoutRequest } from '../gateway/index.ts';
import type { SandboxMerchant } from './config.ts';
import { newId, type Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { checkPayer } from './order-data.ts';
import { createOrder, moved, orderEcho, saveOrder, storedCard } from './payments.ts';
import type { Order, Session } from './records.ts';
import { SUCCESS_INFO } from './test-inputs.ts';

/** How long a checkout or APM session may be used. */
const SESSION_TTL_MS = 30 * 60_000;

function openSession(
  engine: Engine,
  order: Order,
  kind: Session['kind'],
  extra: Partial<Session> = {},
): Session {
  const session: Session = {
    token: newId('SS') + newId(''),
    kind,
    transaction_id: order.transaction_id,
    merchant_id: order.merchant_id,
    ...(order.return_url ? { return_url: order.return_url } : {}),
    expires_at: engine.now() + SESSION_TTL_MS,
    ...extra,
  };
  engine.store.sessions.put({ token: session.token }, session);
  return session;
}

/** An APM payment: a pending order and the issuer page's address. Returns the `respon` fields. */
export function apmPayment(
  engine: Engine,
  merchant: SandboxMerchant,
  fields: ApmPaymentRequest,
): Record<string, unknown> {
  checkPayer(fields);
  return engine.store.transaction(() => {
    const order = createOrder(engine, merchant, fields, 'apm');
    const session = openSession(engine, order, 'apm', languageOf(fields));
    return {
      ...orderEcho(order),
      issuer_url: `${engine.config.publicUrl}/issuer/${session.token}`,
    };
  });
}

/**
 * A checkout: a pending order and the session the hosted page will use. With a `token_id`, the
 * session holds that stored card (the merchant's own, else a 404 naming the field): its page runs
 * the card's 3-D Secure challenge (shopper.ts).
 */
export function checkout(
  engine: Engine,
  merchant: SandboxMerchant,
  fields: CheckoutRequest,
): { order: Order; session: Session } {
  return engine.store.transaction(() => {
    const stored = fields.token_id ? storedCard(engine, merchant, fields.token_id) : undefined;
    const order = createOrder(engine, merchant, fields, 'checkout');
    const session = openSession(engine, order, 'checkout', {
      token_flag: fields.token_flag?.toUpperCase() === 'YES',
      ...(stored ? { card: stored, stored_card: true } : {}),
      ...languageOf(fields),
    });
    return { order, session };
  });
}

/** The language the session's pages speak: the request's `browser_lang`, when it has one. */
function languageOf(fields: { browser_lang?: string | undefined }): Partial<Session> {
  return fields.browser_lang ? { lang: fields.browser_lang } : {};
}

/** The live session of `token`, or a 404. */
export function liveSession(
  engine: Engine,
  token: string,
  kind: Session['kind'],
): { session: Session; order: Order } {
  const session = engine.store.sessions.get(token);
  const order = session && engine.store.orders.get(session.transaction_id);
  if (!session || !order || session.kind !== kind || session.expires_at < engine.now()) {
    throw new HttpError(404, 'this payment session does not exist or has expired');
  }
  return { session, order };
}

/** Where the shopper goes back to: return_url with the signed outcome (informative only). */
export function returnLocation(engine: Engine, session: Session, order: Order): string {
  const merchant = engine.merchantById(order.merchant_id);
  const target = new URL(session.return_url ?? `${engine.config.publicUrl}/hosted/done`);
  const outcome = {
    order_no: order.order_no,
    transaction_id: order.transaction_id,
    payment_status: order.payment_status,
  };
  const params = merchant ? signed(outcome, merchant.secret_key) : outcome;
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/** The shopper ends an APM payment at the issuer: paid (a sale, so captured) or cancelled. */
export function finishApm(
  engine: Engine,
  token: string,
  paid: boolean,
): { order: Order; location: string } {
  return engine.store.transaction(() => {
    const { session, order } = liveSession(engine, token, 'apm');
    if (order.payment_status !== 'pending')
      return { order, location: returnLocation(engine, session, order) };
    const at = engine.now();
    let next: Order = paid
      ? {
          ...moved(order, 'captured', 'apm-paid', at),
          captured: order.amount,
          order_status: '1' as const,
          result_info: SUCCESS_INFO,
        }
      : {
          // The payer's own choice at the payment method: cancelled, not failed.
          ...moved(order, 'cancelled', 'apm-cancelled', at),
          order_status: '0' as const,
          result_info: '4001:Cancelled by the payer',
        };
    next = engine.notifyOrder(next, `payment.${next.payment_status}`);
    saveOrder(engine, next);
    engine.store.sessions.put({ token }, { ...session, expires_at: 0 });
    return { order: next, location: returnLocation(engine, session, next) };
  });
}
