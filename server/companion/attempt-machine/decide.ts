/**
 * What a session request does with the order it names, decided from the order and its latest
 * attempt alone: pure, so every case is a line of a test. `startPayment` (attempts.ts) carries the
 * steps out, and decides again after each, until it answers.
 */
import type { OrderStatus } from 'acquiring-checkout/contract';
import { isPaid } from './order-status.ts';
import type { AttemptState } from './transitions.ts';

/** How the shopper pays: the hosted page in a frame, a payment method's page, or card fields. */
export type PaymentMode = 'checkout' | 'apm' | 'card';

/** What `decide` reads of an attempt. */
export interface AttemptView {
  state: AttemptState;
  mode: PaymentMode;
  seq: number;
  created_at: number;
  /** When its page was first served; null while nobody has opened it. */
  opened_at: number | null;
  /** What it asked the service for (request-hash.ts); null on attempts from before it was kept. */
  request_hash: string | null;
}

/** What the request asks for, and the clock. */
export interface SessionAsk {
  mode: PaymentMode;
  /** A checkout's request hash; null for the other flows. */
  hash: string | null;
  now: number;
  /** How long an attempt may stay `creating` before it is taken for interrupted. */
  recoverAfterMs: number;
}

export type SessionStep =
  /** Claim attempt number `seq` (another request may win it: then decide again). */
  | { step: 'claim'; seq: number }
  /** Answer with the live attempt. */
  | { step: 'reuse' }
  /** Abandon the unopened checkout (`superseded`), then decide again. */
  | { step: 'supersede' }
  /** Another request is creating the attempt: ask again in `retryAfterMs`. */
  | { step: 'wait'; retryAfterMs: number }
  /** Ask the service what became of the attempt (reconcile.ts), then decide again. */
  | { step: 'recover' }
  /** Refuse: the order is paid. */
  | { step: 'paid' }
  /** Refuse: another way to pay is waiting for the shopper. */
  | { step: 'busy' };

/** A ready checkout whose page was never served: nobody can have paid on it. */
const unopened = (attempt: AttemptView): boolean =>
  attempt.mode === 'checkout' && attempt.opened_at === null;

/** A checkout asked for again with other fields than it was started with. */
const otherFields = (attempt: AttemptView, hash: string | null): boolean =>
  attempt.request_hash !== null &&
  attempt.request_hash !== hash &&
  // Read only for an unopened checkout of the request's own mode, and only APM and card requests
  // come without a hash (start.ts): the guard holds on every call.
  // Stryker disable next-line ConditionalExpression: equivalent, a checkout request has a hash
  hash !== null;

/** The next step of a session request for an order in `status` whose latest attempt is `latest`. */
export function decide(
  status: OrderStatus,
  latest: AttemptView | undefined,
  ask: SessionAsk,
): SessionStep {
  if (isPaid(status)) return { step: 'paid' };
  if (latest?.state === 'creating') {
    const recoverAt = latest.created_at + ask.recoverAfterMs;
    if (ask.now >= recoverAt) return { step: 'recover' };
    return { step: 'wait', retryAfterMs: recoverAt - ask.now };
  }
  if (latest && (latest.state === 'unknown' || status === 'unknown')) return { step: 'recover' };
  if (latest?.state === 'ready' && (status === 'pending' || status === 'created')) {
    if (latest.mode === ask.mode && !(unopened(latest) && otherFields(latest, ask.hash)))
      return { step: 'reuse' };
    // Another flow, or a checkout's other fields: an unopened checkout gives way (a session
    // prepared before Pay, then the form changed or the shopper chose another way to pay).
    // Anything else is waiting for the shopper.
    return unopened(latest) ? { step: 'supersede' } : { step: 'busy' };
  }
  return { step: 'claim', seq: (latest?.seq ?? 0) + 1 };
}
