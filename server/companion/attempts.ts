/**
 * Starting a payment for an order reference: at most one live attempt per reference, so a double
 * click, a retried request or a second companion process returns the same session instead of a
 * second charge. The amount comes from the merchant's `resolveOrder`, never from the browser.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Insertable } from 'kysely';
import { PAID_STATUSES, type SessionResponse } from 'acquiring-checkout/contract';
import type { ResolvedOrder } from './config.ts';
import type { Context } from './context.ts';
import { createAtService, sessionOf } from './create-at-service.ts';
import { modeOf, type PaymentRequest, type Caller } from './payment-fields.ts';
import { faultPoint } from './fault-points.ts';
import { Problem } from './problem.ts';
import { attemptDetails, orderAndRiskFields } from './order-fields.ts';
import { priceOrder } from './priced-order.ts';
import { DEFAULT_RECOVER_AFTER_MS, reconcileOrder } from './reconcile.ts';
import { requestHash } from './request-hash.ts';
import type { AttemptsTable, OrdersTable } from './store/schema.ts';
import type { Attempt, Order } from './store/store.ts';
import { sha256, statusToken } from './tokens.ts';

export type { Caller, PaymentRequest } from './payment-fields.ts';

/**
 * Waits while another request (or process) is creating this attempt at the service. One left
 * `creating` for longer than a live request can take was interrupted (a crash): the service is
 * asked what became of it (reconcile.ts adopts, abandons or fails it), so no order stays stuck.
 */
async function settled(ctx: Context, attempt: Attempt): Promise<Attempt> {
  const recoverAt = attempt.created_at + (ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS);
  const deadline = Date.now() + (ctx.config.gateway.timeoutMs ?? 30_000) + 2_000;
  let current = attempt;
  while (current.state === 'creating') {
    if (Date.now() >= recoverAt) {
      const order = await ctx.store.orders.get(attempt.order_ref);
      if (order?.order_no === attempt.order_no) await reconcileOrder(ctx, order);
      current = (await ctx.store.attempts.get(attempt.order_no)) ?? current;
      if (current.state !== 'creating') break;
    }
    if (Date.now() > deadline)
      throw new Problem(503, 'Payment is being created', 'try again in a moment', {
        retryable: true,
      });
    await sleep(50);
    current = (await ctx.store.attempts.get(attempt.order_no)) ?? current;
  }
  return current;
}

/**
 * The order goes on only for the client it is bound to (the first to ask for it, by its client
 * secret): anyone else who knows the reference gets neither a session, nor a status token, nor a
 * page carrying the shopper's data. An order from before binding existed is bound now.
 */
async function ownedBy(ctx: Context, order: Order, clientSecret: string): Promise<void> {
  const hash = sha256(clientSecret);
  if (order.client_secret_hash === null && (await ctx.store.orders.bind(order.order_ref, hash)))
    return;
  const bound =
    order.client_secret_hash ?? (await ctx.store.orders.get(order.order_ref))?.client_secret_hash;
  if (bound !== hash)
    throw new Problem(
      403,
      'Order belongs to another checkout',
      'this order is being paid in another window or on another device',
    );
}

/** The order row of a reference paid for the first time. */
function newOrder(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
  resolved: ResolvedOrder,
  amount: number,
): Insertable<OrdersTable> {
  const { body } = request;
  const now = Date.now();
  return {
    order_ref: body.order_ref, order_no: null, status: 'created', mode: modeOf(request.kind), amount, currency: resolved.currency,
    captured: 0, refunded: 0, transaction_id: null, result_info: null, recurring_id: null, contract_name: resolved.subscription?.contract_name ?? null, subscription_status: null, token_id: null,
    status_token_hash: sha256(statusToken(ctx.tokenKey, body.order_ref)), client_secret_hash: sha256(body.client_secret), storefront_origin: caller.origin,
    storefront_return_url: body.return_url ?? null, last_sequence: 0, attempts: 0, created_at: now, updated_at: now,
  }; // prettier-ignore
}

/** Attempt number `seq` of an order, as claimed: `creating` until the service answers. */
function newAttempt(
  request: PaymentRequest,
  orderRef: string,
  seq: number,
  hash: string | null,
  details: string | null,
): Insertable<AttemptsTable> {
  return {
    order_no: `${orderRef}-${seq}`, order_ref: orderRef, seq, attempt_key: request.body.attempt_key, mode: modeOf(request.kind),
    state: 'creating', page_html: null, issuer_url: null, error: null, created_at: Date.now(), request_hash: hash, opened_at: null,
    details,
  }; // prettier-ignore
}

/** A ready checkout whose page was never served: nobody can have paid on it. */
const unopened = (attempt: Attempt): boolean =>
  attempt.mode === 'checkout' && attempt.opened_at === null;

/** A checkout asked for again with other fields than it was started with. */
const otherFields = (attempt: Attempt, hash: string | null): boolean =>
  hash !== null && attempt.request_hash !== null && attempt.request_hash !== hash;

/**
 * Starts, or returns, the live payment attempt of `request.body.order_ref`.
 */
export async function startPayment(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
): Promise<SessionResponse> {
  const { body } = request;
  const kind = modeOf(request.kind);
  const priced = await priceOrder(ctx, body.order_ref);
  const { order: resolved, amount } = priced;
  const fields = orderAndRiskFields(ctx.config, priced, request, caller);
  const hash = request.kind === 'checkout' ? requestHash(request.body) : null;
  const fresh = newOrder(ctx, request, caller, resolved, amount);
  // The usual case, a reference paid for the first time: the order and its claimed first
  // attempt in one commit, owned by this client from the start.
  const opened = await ctx.store.attempts.openOrder(
    fresh,
    newAttempt(request, body.order_ref, 1, hash, attemptDetails(fields)),
  );
  if (opened) {
    faultPoint('session.claimed');
    return createAtService(ctx, request, caller, opened.order, priced, fields);
  }
  let order = await ctx.store.orders.ensure(fresh);
  await ownedBy(ctx, order, body.client_secret);

  for (let round = 0; round < 3; round++) {
    let latest = await ctx.store.attempts.latest(order.order_ref);
    if (latest) latest = await settled(ctx, latest);
    // Without an attempt, the order just read is current: nothing but a claim can move it.
    if (latest || round > 0) order = (await ctx.store.orders.get(order.order_ref)) as Order;

    if ((PAID_STATUSES as readonly string[]).includes(order.status)) {
      throw new Problem(409, 'Order already paid', `order ${order.order_ref} is ${order.status}`);
    }
    if (latest && (latest.state === 'unknown' || order.status === 'unknown')) {
      await reconcileOrder(ctx, order);
      order = (await ctx.store.orders.get(order.order_ref)) as Order;
      latest = await ctx.store.attempts.latest(order.order_ref);
      if (order.status === 'unknown') {
        throw new Problem(
          503,
          'Payment outcome not known yet',
          'the payment service did not answer; try again shortly',
          { retryable: true },
        );
      }
      if ((PAID_STATUSES as readonly string[]).includes(order.status)) continue;
    }
    if (
      latest &&
      latest.state === 'ready' &&
      (order.status === 'pending' || order.status === 'created')
    ) {
      if (latest.mode === kind && !(unopened(latest) && otherFields(latest, hash)))
        return sessionOf(ctx, order, latest);
      // Another flow, or a checkout's other fields: an unopened checkout is replaced (a session
      // prepared before Pay, then the form changed or the shopper chose another way to pay).
      // Anything else is waiting for the shopper.
      if (!unopened(latest)) {
        throw new Problem(
          409,
          'Another payment is in progress',
          `order ${order.order_ref} has a ${latest.mode} payment waiting for the shopper`,
        );
      }
      // Replaced, or opened meanwhile (then it is kept): either way, look again.
      if (await ctx.store.attempts.supersede(latest.order_no, order.order_ref))
        ctx.log.info(
          { order_no: latest.order_no },
          'unopened checkout replaced for a changed request',
        );
      continue;
    }
    const seq = (latest?.seq ?? 0) + 1;
    const attempt = newAttempt(request, order.order_ref, seq, hash, attemptDetails(fields));
    if (!(await ctx.store.attempts.claim(attempt))) continue; // someone else claimed it: use theirs
    faultPoint('session.claimed');
    return createAtService(
      ctx,
      request,
      caller,
      { ...order, order_no: attempt.order_no },
      priced,
      fields,
    );
  }
  throw new Problem(503, 'Busy', 'too many concurrent attempts for this order; try again', {
    retryable: true,
  });
}
