/**
 * The element's payment attempt as one value, and every way it moves in one pure function
 * (`next`): payment-controller.ts holds an `Attempt`, sends each event here, and does what the
 * move asks (mount the page, read the status, tell the page). A state holds just what it needs,
 * so an impossible mix (busy and paid, a failure shown while the page is up, Continue offered
 * with nothing saved) cannot be written down. An event that does not apply to the state leaves
 * it as it is, the same object: a late answer for an attempt that has moved on changes nothing.
 *
 * The states, in the order a payment goes through them:
 *
 * | state | what it is | the companion (server/companion/attempt-machine/) |
 * |---|---|---|
 * | `idle` | nothing under way; Pay starts the attempt | no attempt, or its last one ended |
 * | `preparing` | idle, and the checkout session Pay would start is being started ahead | `creating` |
 * | `prepared` | idle, and that session is ready: Pay waits only for the page | `ready`, order `pending` |
 * | `opening` | Pay (or Continue) asked the companion for the attempt | `creating`, or `ready` asked again |
 * | `page` | the hosted page is up, in the frame or a window | `ready`, order `pending` |
 * | `away` | the page left for the payment method or the hosted page (a redirect) | `ready`, order `pending` |
 * | `confirming` | the outcome is being read, until it settles (status-controller.ts) | order `pending` or `unknown` until it settles |
 * | `paid` | paid, or in review: the result, for good | order in `PAID_STATUSES` |
 * | `checking` | an attempt saved before this page loaded: its status is being read | any |
 * | `resumable` | that attempt is still under way: Continue asks for it again | `ready` (or `unknown`), order unsettled |
 *
 * At rest (`idle`, `preparing`, `prepared`) the attempt may keep its `key` (made when its
 * session is prepared or at Pay, kept after a failure or when the shopper leaves its page, so
 * that Pay goes on with the same attempt, as the companion answers it), what the last try said
 * (`failure`, or an `outcome` that is not paid: the next Pay is a new attempt), and the attempt
 * whose page the shopper `left` (it may be paid meanwhile). The APM's round trip is
 * `opening → away`, then a new page load: `returned → confirming`.
 */
import type { CheckoutError } from './checkout-error.ts';
import { PAID_STATUSES, type OrderStatus } from './protocol.ts';
import type { PendingAttempt, SavedAttempt } from './saved-attempt.ts';

/**
 * Statuses an attempt may still leave: it is not over yet (the companion may still move it).
 * Exactly the companion's `waiting` statuses (its ORDER_TABLE), which a test holds equal.
 */
export const UNSETTLED: readonly OrderStatus[] = ['pending', 'unknown', 'created'];

/** Everything a state may hold; each state names what it must and may have (`State`). */
interface Fields {
  /** The attempt's key, sent with each request for it: the same key is the same attempt. */
  key: string;
  /** The attempt began before this page loaded: its result event says so. */
  resumed: true;
  /** The attempt whose page the shopper left: it may be paid meanwhile. */
  left: PendingAttempt;
  /** The attempt saved before this page loaded. */
  saved: SavedAttempt;
  /** How the last try failed. */
  failure: CheckoutError;
  /** The outcome, once read. */
  outcome: OrderStatus;
  /** What the service said of an outcome not paid (its result_info: a 3-D Secure not passed). */
  info: string;
  /** The attempt paid. */
  attempt: PendingAttempt;
}

/**
 * A state `Is` with the fields it `Must` have and those it `May`; every other field is absent
 * (typed `undefined`), so any field may be read from any state and none can be set by mistake.
 */
type State<Is, Must extends keyof Fields = never, May extends keyof Fields = never> = {
  is: Is;
} & Pick<Fields, Must> &
  Partial<Pick<Fields, May>> & { [F in Exclude<keyof Fields, Must | May>]?: undefined };

/** At rest: Pay may start the attempt (or go on with it). */
type Rest = State<
  'idle' | 'preparing' | 'prepared',
  never,
  'key' | 'failure' | 'outcome' | 'info' | 'left' | 'resumed'
>;

export type Attempt =
  | Rest
  /** `saved`: continuing a saved attempt (a failure offers Continue again). */
  | State<'opening', 'key', 'saved' | 'left' | 'resumed'>
  /** `saved`: a continued attempt, which Back from its page offers to continue again. */
  | State<'page', 'key', 'resumed' | 'saved'>
  | State<'confirming', 'key', 'resumed'>
  /** A redirect takes the page away from whatever it showed (at rest: nothing under way). */
  | State<'away', never, 'key' | 'resumed'>
  | State<'paid', 'outcome' | 'attempt'>
  | State<'checking', 'saved'>
  | State<'resumable', 'saved', 'failure'>;

export type AttemptEvent =
  /** The attempt needs its key now (its session is prepared): `key` unless it has one. */
  | { on: 'key'; key: string }
  /** The session Pay would start, as the preparer has it (prepare.ts). */
  | { on: 'prepare'; phase: 'idle' | 'preparing' | 'prepared' }
  /** Pay, with `key` unless the attempt has one. */
  | { on: 'pay'; key: string }
  /** Continue your payment (a saved attempt). */
  | { on: 'continue' }
  /** The hosted page is mounted. */
  | { on: 'page' }
  /** The page leaves for a redirect. */
  | { on: 'away' }
  /** The browser brought the page back as it was (its back button, from its page cache). */
  | { on: 'restored' }
  /** The outcome is being read. */
  | { on: 'confirm' }
  /** The shopper left the hosted page for the form: Pay goes on with the same attempt. */
  | { on: 'back'; left: PendingAttempt }
  /** The outcome, as read (from `confirming`, or whatever else asked). */
  | { on: 'status'; status: OrderStatus; attempt: PendingAttempt; info?: string | null }
  /** The attempt whose page the shopper left ended meanwhile. */
  | { on: 'ended'; status: OrderStatus; attempt: PendingAttempt; info?: string | null }
  | { on: 'fail'; failure: CheckoutError }
  /** An attempt saved before this page loaded: its status is read. */
  | { on: 'check'; saved: SavedAttempt }
  /** It is still under way. */
  | { on: 'resumable' }
  /** This page is the return from a redirect of `saved`: its outcome is read. */
  | { on: 'returned'; saved: SavedAttempt }
  /** Forget the attempt: the next Pay is a new one. */
  | { on: 'reset' };

/** A payment is under way: Pay is disabled. */
export const isBusy = (a: Attempt): boolean =>
  ['opening', 'page', 'away', 'confirming', 'checking'].includes(a.is);

/** At rest: Pay may start an attempt, or go on with this one. */
export const atRest = (a: Attempt): a is Rest =>
  a.is === 'idle' || a.is === 'preparing' || a.is === 'prepared';

/** Where an outcome leads: the result for good once paid, else rest (the next Pay is new). */
const settle = (outcome: OrderStatus, attempt: PendingAttempt, info?: string | null): Attempt =>
  PAID_STATUSES.includes(outcome)
    ? { is: 'paid', outcome, attempt }
    : { is: 'idle', outcome, ...(info ? { info } : {}) };

/** The attempt after `e`; `a` itself when `e` does not apply to it. */
export function next(a: Attempt, e: AttemptEvent): Attempt {
  const { is, key = '', resumed } = a;
  switch (e.on) {
    case 'key':
      return atRest(a) && !key ? { ...a, key: e.key } : a;
    case 'prepare':
      return atRest(a) && is !== e.phase ? { ...a, is: e.phase } : a;
    case 'pay':
      return atRest(a) ? { is: 'opening', key: key || e.key, left: a.left } : a;
    case 'continue':
      return is === 'resumable'
        ? { is: 'opening', key: a.saved.attempt_key, saved: a.saved, resumed: true }
        : a;
    case 'page':
      return is === 'opening' ? { is: 'page', key, resumed, saved: a.saved } : a;
    case 'away':
      return is === 'opening' || is === 'page' || atRest(a)
        ? { is: 'away', key: a.key, resumed }
        : a;
    case 'restored':
      return is === 'away' ? { is: 'idle', key: a.key, resumed } : a;
    case 'confirm':
      return is === 'opening' || is === 'page' ? { is: 'confirming', key, resumed } : a;
    case 'back':
      // A continued attempt has no form behind it (this page load never had its fields): Back
      // offers Continue again, not an empty form.
      if (is === 'page' && a.saved) return { is: 'resumable', saved: a.saved };
      return is === 'page' ? { is: 'idle', key, left: e.left, resumed } : a;
    case 'status':
      return isBusy(a) ? settle(e.status, e.attempt, e.info) : a;
    case 'ended':
      return (atRest(a) || is === 'resumable') && !a.outcome && (a.left || a.saved)
        ? settle(e.status, e.attempt, e.info)
        : a;
    case 'fail':
      if (is === 'opening' && a.saved)
        return { is: 'resumable', saved: a.saved, failure: e.failure };
      if (is === 'paid' || is === 'checking' || is === 'resumable') return a;
      return { is: 'idle', key: a.key, failure: e.failure, left: a.left, resumed };
    case 'check':
      return atRest(a) ? { is: 'checking', saved: e.saved } : a;
    case 'resumable':
      return is === 'checking' ? { is: 'resumable', saved: a.saved } : a;
    case 'returned':
      return atRest(a) ? { is: 'confirming', key: e.saved.attempt_key, resumed: true } : a;
    case 'reset':
      return { is: 'idle' };
  }
}
