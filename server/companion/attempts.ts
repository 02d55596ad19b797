/**
 * Starting a payment for an order reference: at most one live attempt per reference, so a double
 * click, a retried request or a second companion process returns the same session instead of a
 * second charge. The amount comes from the merchant's `resolveOrder`, never from the browser.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Insertable } from 'kysely';
import type { SessionResponse } from 'acquiring-checkout/contract';
import { decide, type SessionAsk } from './attempt-machine/decide.ts';
import type { ResolvedOrder } from './config.ts';
import type { Context } from './context.ts';
import { createAtService, sessionOf } from './create-at-service.ts';
import { modeOf, type PaymentRequest, type Caller } from './payment-fields.ts';
import { reached } from './steps.ts';
import { Problem } from './problem.ts';
import { attemptDetails, orderAndRiskFields } from './order-fields.ts';
import { priceOrder } from './priced-order.ts';
import { DEFAULT_RECOVER_AFTER_MS, reconcileOrder } from './reconcile.ts';
import { requestHash } from './request-hash.ts';
import type { NewAttempt } from './store/attempts.ts';
import type { OrdersTable } from './store/schema.ts';
import type { Attempt, Order } from './store/store.ts';
import { sha256, statusToken } from './tokens.ts';

export type { Caller, PaymentRequest } from './payment-fields.ts';

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
): NewAttempt {
  return {
    order_no: `${orderRef}-${seq}`, order_ref: orderRef, seq, attempt_key: request.body.attempt_key, mode: modeOf(request.kind),
    page_html: null, issuer_url: null, error: null, created_at: Date.now(), request_hash: hash, opened_at: null,
    details,
  }; // prettier-ignore
}

/**
 * Starts, or returns, the live payment attempt of `request.body.order_ref`.
 */
export async function startPayment(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
): Promise<SessionResponse> {
  const { body } = request;
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
    reached('session.claimed');
    return createAtService(ctx, request, caller, opened.order, priced, fields);
  }
  const order = await ctx.store.orders.ensure(fresh);
  await ownedBy(ctx, order, body.client_secret);
  const ask = { mode: modeOf(request.kind), hash, recoverAfterMs: recoverAfter(ctx) };
  const claim = (seq: number) =>
    newAttempt(request, body.order_ref, seq, hash, attemptDetails(fields));
  return goOn(ctx, order.order_ref, ask, claim, (claimed) =>
    createAtService(ctx, request, caller, claimed, priced, fields),
  );
}

/** How long a request waits for another one creating the order's attempt before it answers. */
const WAIT_MS = 1_000;

const recoverAfter = (ctx: Context) => ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;

/**
 * The session request for an order that exists: `decide` (attempt-machine/decide.ts) says what
 * to do, this does it and decides again, until there is an answer. A step another request raced
 * (a claim, a replacement) is decided again; the service is asked at most once per request; and
 * no request waits more than a second for another one: it is told when to try again.
 */
async function goOn(
  ctx: Context,
  orderRef: string,
  ask: Omit<SessionAsk, 'now'>,
  claim: (seq: number) => NewAttempt,
  create: (claimed: Order) => Promise<SessionResponse>,
): Promise<SessionResponse> {
  const waitUntil = Date.now() + WAIT_MS;
  let recovered = false;
  for (let raced = 0; raced < 3;) {
    const latest = await ctx.store.attempts.latest(orderRef);
    const order = (await ctx.store.orders.get(orderRef)) as Order;
    const next = decide(order.status, latest, { ...ask, now: Date.now() });
    if (next.step === 'reuse') return sessionOf(ctx, order, latest as Attempt);
    if (next.step === 'paid')
      throw new Problem(409, 'Order already paid', `order ${orderRef} is ${order.status}`);
    if (next.step === 'busy')
      throw new Problem(
        409,
        'Another payment is in progress',
        `order ${orderRef} has a ${latest?.mode} payment waiting for the shopper`,
      );
    if (next.step === 'wait') {
      if (Date.now() >= waitUntil) throw beingCreated(next.retryAfterMs);
      await sleep(50);
    } else if (next.step === 'recover') {
      if (recovered) throw notKnownYet(ctx);
      recovered = true;
      await reconcileOrder(ctx, order);
    } else if (next.step === 'supersede') {
      raced++;
      if (await ctx.store.attempts.supersede((latest as Attempt).order_no, orderRef))
        ctx.log.info({ order_no: latest?.order_no }, 'unopened checkout replaced');
    } else {
      raced++;
      const attempt = claim(next.seq);
      if (!(await ctx.store.attempts.claim(attempt))) continue; // another claimed it: use theirs
      reached('session.claimed');
      return create({ ...order, order_no: attempt.order_no });
    }
  }
  throw new Problem(503, 'Busy', 'too many concurrent attempts for this order; try again', {
    retryable: true,
    retry_after: 1,
  });
}

/**
 * Another request (or a process that stopped) is creating the attempt. A live one answers
 * within the gateway's time-out; an interrupted one is recovered once `recoverAfterMs` has
 * passed: the widget asks again after a few seconds, never more than its shopper would wait.
 */
function beingCreated(recoverInMs: number): Problem {
  const seconds = Math.min(5, Math.max(1, Math.ceil(recoverInMs / 1_000)));
  return new Problem(503, 'Payment is being created', 'try again in a moment', {
    retryable: true,
    retry_after: seconds,
  });
}

function notKnownYet(ctx: Context): Problem {
  ctx.log.info('payment outcome still unknown after asking the service');
  return new Problem(
    503,
    'Payment outcome not known yet',
    'the payment service did not answer; try again shortly',
    { retryable: true, retry_after: 5 },
  );
}
