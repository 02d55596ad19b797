/**
 * Which attempt a payment request works on: at most one live attempt per order reference, so a
 * double click, a retried request or a second companion process gets the same session instead
 * of a second charge. A reference paid for the first time gets its order and first attempt in one
 * commit; otherwise the order must be this client's, and the attempt machine's `decide` says
 * whether to reuse the live attempt, wait for one being created, recover an interrupted one,
 * replace an unopened one, or claim the next.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionResponse } from 'acquiring-checkout/contract';
import {
  decide,
  orderStatusOf,
  type PaymentMode,
  type SessionAsk,
} from '../attempt-machine/index.ts';
import { type Context, Problem, reached, refusal, sha256 } from '../core/index.ts';
import { DEFAULT_RECOVER_AFTER_MS, reconcileOrder } from '../settlement/index.ts';
import type { NewAttempt, NewOrder, Order } from '../store/index.ts';
import { present } from '../../unknown.ts';
import { sessionOf } from './create-at-service.ts';
import type { PaymentRequest } from './request.ts';

/** What a request goes on with: an attempt it claimed (the order with its number), or a session to reuse. */
export type Claimed = { order: Order } | { session: SessionResponse };

/** What the claim needs to know of the request: the order it would open, and its attempt's data. */
export interface ClaimAsk {
  request: PaymentRequest & { mode: PaymentMode };
  /** The order's row, were the reference new. */
  fresh: NewOrder;
  /** The checkout request's hash (request-hash.ts), or null for other kinds. */
  hash: string | null;
  /** What the attempt keeps for the console. */
  details: string;
  /** When the request must answer by, should it wait on another's work on the order. */
  deadline: number;
}

/** Claims the next attempt of the request's order, or finds the live one to reuse. */
export async function claimAttempt(ctx: Context, claim: ClaimAsk): Promise<Claimed> {
  const { request, fresh, hash, details, deadline } = claim;
  const { body } = request;
  const attempt = (seq: number) => newAttempt(request, body.order_ref, seq, hash, details);
  // The usual case, a reference paid for the first time: the order and its claimed first
  // attempt in one commit, owned by this client from the start.
  const opened = await ctx.store.attempts.openOrder(fresh, attempt(1));
  if (opened) {
    reached('session.claimed');
    return { order: opened.order };
  }
  const order = await ctx.store.orders.ensure({ ...fresh, status: orderStatusOf('claimed') });
  await ownedBy(ctx, order, body.client_secret);
  const ask = { mode: request.mode, hash, recoverAfterMs: recoverAfter(ctx), deadline };
  return goOn(ctx, order.order_ref, ask, attempt);
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
    throw refusal(
      403,
      'Order belongs to another checkout',
      'client_secret',
      'this order is being paid in another window or on another device',
    );
}

/** Attempt number `seq` of an order, as claimed: `creating` until the service answers. */
function newAttempt(
  request: PaymentRequest & { mode: PaymentMode },
  orderRef: string,
  seq: number,
  hash: string | null,
  details: string | null,
): NewAttempt {
  return {
    order_no: `${orderRef}-${seq}`, order_ref: orderRef, seq, attempt_key: request.body.attempt_key, mode: request.mode,
    page_html: null, issuer_url: null, error: null, created_at: Date.now(), request_hash: hash, opened_at: null,
    details,
  }; // prettier-ignore
}

const recoverAfter = (ctx: Context) => ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;

/**
 * The session request for an order that exists: `decide` (attempt-machine/decide.ts) says what
 * to do, this does it and decides again, until there is an answer. A step another request raced
 * (a claim, a replacement) is decided again; the service is asked at most once per request; and
 * no request waits on another's work past its `deadline` (recoveries.ts): it is told when to try
 * again, while a recovery it started goes on.
 */
async function goOn(
  ctx: Context,
  orderRef: string,
  { deadline, ...ask }: Omit<SessionAsk, 'now'> & { deadline: number },
  claim: (seq: number) => NewAttempt,
): Promise<Claimed> {
  let recovered = false;
  for (let raced = 0; raced < 3;) {
    const latest = await ctx.store.attempts.latest(orderRef);
    const order = present(await ctx.store.orders.get(orderRef), `order ${orderRef}`);
    const next = decide(order.status, latest, { ...ask, now: Date.now() });
    // `reuse` and `supersede` are decided about the latest attempt: there is one.
    if (next.step === 'reuse')
      return { session: await sessionOf(ctx, order, present(latest, 'the latest attempt')) };
    if (next.step === 'paid')
      throw refusal(409, 'Order already paid', 'order_ref', `order ${orderRef} is ${order.status}`);
    if (next.step === 'busy')
      throw refusal(
        409,
        'Another payment is in progress',
        'order_ref',
        `order ${orderRef} has a ${latest?.mode} payment waiting for the shopper`,
      );
    if (next.step === 'wait') {
      const left = deadline - Date.now();
      if (left <= 0)
        throw beingCreated(ctx, ask.recoverAfterMs - next.retryAfterMs, next.retryAfterMs);
      await sleep(Math.min(50, left));
    } else if (next.step === 'recover') {
      if (recovered) throw notKnownYet(ctx);
      recovered = true;
      const recovery = () => reconcileOrder(ctx, order);
      if (!(await ctx.recoveries.within(orderRef, recovery, deadline))) throw beingChecked();
    } else if (next.step === 'supersede') {
      raced++;
      if (
        await ctx.store.attempts.supersede(present(latest, 'the latest attempt').order_no, orderRef)
      )
        ctx.log.info({ order_no: latest?.order_no }, 'unopened checkout replaced');
    } else {
      raced++;
      const attempt = claim(next.seq);
      if (!(await ctx.store.attempts.claim(attempt))) continue; // another claimed it: use theirs
      reached('session.claimed');
      return { order: { ...order, order_no: attempt.order_no } };
    }
  }
  throw new Problem(503, 'Busy', 'too many concurrent attempts for this order; try again', {
    retryable: true,
    retry_after: 1,
  });
}

/**
 * Another request (or a process that stopped) is creating the attempt, begun `ageMs` ago. A live
 * one answers within the gateway's time-out: the widget asks again in a second (a double click,
 * or one order paid from two tabs). Past that, the process creating it stopped, and the attempt
 * is recovered once `recoverAfterMs` has passed: the widget asks again after a few seconds,
 * never more than its shopper would wait.
 */
function beingCreated(ctx: Context, ageMs: number, recoverInMs: number): Problem {
  const live = ageMs < (ctx.config.gateway.timeoutMs ?? 30_000);
  const seconds = live ? 1 : Math.min(5, Math.max(1, Math.ceil(recoverInMs / 1_000)));
  return new Problem(503, 'Payment is being created', 'try again in a moment', {
    retryable: true,
    retry_after: seconds,
  });
}

/** The interrupted attempt's recovery is still asking the service: the answer is moments away. */
function beingChecked(): Problem {
  return new Problem(
    503,
    'Payment is being checked',
    'your last payment attempt is being checked with the payment service; try again in a moment',
    { retryable: true, retry_after: 1 },
  );
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
