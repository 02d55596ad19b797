/**
 * The lifecycle of a payment attempt, as one table: each event that moves an attempt, the states
 * it moves it from, the state it moves it to, and the status its order takes alongside (the
 * order's own moves are order-status.ts). The machine's functions answer with a `Move` (an event
 * and the order's status after it), which the store carries out: its conditional updates (`where
 * state in from`, and the order's status guard) are read from here, so a recovery racing a slow
 * request, or two processes on one PostgreSQL, settle an attempt once. The docs' lifecycle table
 * (docs/site/companion/lifecycle.md) is generated from it (`lifecycleMarkdown`, checked by a test).
 */
import { ORDER_STATUSES, type OrderStatus } from 'acquiring-checkout/contract';
import { QUERIED, statusesTaking } from './order-status.ts';

/** An attempt's states. `creating`: claimed, its request to the service on its way. */
export const ATTEMPT_STATES = [
  'creating',
  'ready',
  'unknown',
  'failed',
  'abandoned',
  'expired',
] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** States of an attempt whose outcome the companion does not know: reconciliation settles them. */
const INTERRUPTED = ['creating', 'unknown'] as const;

export const isInterrupted = (state: AttemptState): boolean =>
  INTERRUPTED.some((interrupted) => interrupted === state);

/**
 * States of an attempt still in play (being created, waiting for the shopper or paid, or being
 * recovered): an order has one at most. The others are over for good.
 */
export const LIVE = ['creating', 'ready', 'unknown'] as const satisfies readonly AttemptState[];

/**
 * Whether the service's word on an attempt in `state` may move its order. An abandoned attempt's
 * order has gone back to `created` for the next attempt: that the service still holds the old one
 * pending is no news (only a payment on it would be, which nobody can make).
 */
export const takesNews = (state: AttemptState, paid: boolean): boolean =>
  state !== 'abandoned' || paid;

/** What an event does to the attempt's order: a status of its own, the service's, or nothing. */
type OrderEffect = OrderStatus | 'as reported' | 'unchanged';

interface Transition {
  readonly from: readonly AttemptState[];
  readonly to: AttemptState;
  /** What the event is, in a sentence. */
  readonly when: string;
  /** The order's status after it, in the same transaction. */
  readonly order: OrderEffect;
  /** The order's statuses it may move the order from (default: any the attempt's guard allows). */
  readonly orderFrom?: readonly OrderStatus[];
  /** What the order does, in words. */
  readonly note: string;
  /** Why the attempt ended, recorded on it (`error`) when the event does not come with a reason. */
  readonly error?: string;
}

export const ATTEMPT_TRANSITIONS = {
  claimed: {
    from: [],
    to: 'creating',
    when: 'a session request finds no live attempt: attempt number n+1 is inserted',
    order: 'created',
    note: 'names the attempt (`order_no` = `<order_ref>-<n>`); its notifications count from 0',
  },
  answered: {
    from: ['creating'],
    to: 'ready',
    when: 'the service answered the attempt: a page, an issuer address, or a card payment',
    order: 'as reported',
    note: '`pending` (a card payment: the status the service gave)',
  },
  refused: {
    from: ['creating'],
    to: 'failed',
    when: 'the service refused it, declined the card, or was never reached',
    order: 'as reported',
    note: "`failed`, or the card's `declined`, with the reason",
  },
  'needs-authentication': {
    from: ['creating'],
    to: 'failed',
    when: 'a direct card payment the service refused because the card needs a 3-D Secure challenge',
    order: 'created',
    note: "the request goes on at once with attempt n+1, a checkout: the service's page runs the challenge",
    error: 'authentication_required',
  },
  lost: {
    from: ['creating'],
    to: 'unknown',
    when: 'no answer that says what the service did (time-out, lost connection, 5xx, bad signature)',
    order: 'unknown',
    note: 'reconciliation asks the service',
  },
  adopted: {
    from: INTERRUPTED,
    to: 'ready',
    when: 'the service has the interrupted attempt (a query or a notification) and it can go on',
    order: 'as reported',
    note: "the service's status",
  },
  'adopted-over': {
    from: INTERRUPTED,
    to: 'failed',
    when: 'the service has the interrupted attempt, declined, failed or cancelled',
    order: 'as reported',
    note: "the service's status",
  },
  'never-arrived': {
    from: INTERRUPTED,
    to: 'failed',
    when: 'reconciliation: the service has no record, and nothing can still be on its way',
    order: 'failed',
    note: 'the next request starts attempt n+1',
    error: 'never reached the service',
  },
  unpayable: {
    from: INTERRUPTED,
    to: 'abandoned',
    when: 'the service has it pending, but its page or issuer address was lost',
    order: 'created',
    note: 'the next request starts attempt n+1',
    error: 'its page was lost before the shopper saw it',
  },
  superseded: {
    from: ['ready'],
    to: 'abandoned',
    when: 'a checkout nobody opened, asked for again with other fields or another way to pay',
    order: 'created',
    note: 'the request starts attempt n+1',
    error: 'replaced by a request for something else',
  },
  opened: {
    from: ['ready'],
    to: 'ready',
    when: 'its payment page is served for the first time, or a page prepared before Pay (loaded out of sight) is shown (`opened_at`)',
    order: 'unchanged',
    note: 'from now on the attempt is never superseded',
  },
  ended: {
    from: ['ready'],
    to: 'failed',
    when: 'the service says it ended unpaid (declined or failed at the page, cancelled or rejected by the merchant)',
    order: 'as reported',
    note: 'the next request starts attempt n+1',
  },
  expired: {
    from: LIVE,
    to: 'expired',
    when: 'still unpaid past `attemptTtlMs` after one last query',
    order: 'expired',
    orderFrom: QUERIED,
    note: 'never queried again (a late notification still moves it); a paid order is left alone',
  },
} as const satisfies Record<string, Transition>;

export type AttemptEvent = keyof typeof ATTEMPT_TRANSITIONS;

/** The states `event` moves an attempt from; a store update guards on them. */
export function fromStates(event: AttemptEvent): readonly AttemptState[] {
  return ATTEMPT_TRANSITIONS[event].from;
}

/** The state `event` moves an attempt to. */
export function toState(event: AttemptEvent): AttemptState {
  return ATTEMPT_TRANSITIONS[event].to;
}

/** What the store records of an attempt moved by `event`: its state, and why it ended if the table says. */
export function attemptAfter(event: AttemptEvent): { state: AttemptState; error?: string } {
  const transition: Transition = ATTEMPT_TRANSITIONS[event];
  return transition.error
    ? { state: transition.to, error: transition.error }
    : { state: transition.to };
}

/**
 * One event of an attempt with its order's status after it, resolved from the table: what the
 * machine's functions answer and the store's `settle` carries out, so no caller writes a status.
 */
export interface Move {
  readonly event: AttemptEvent;
  /** The order's status after the event; undefined when the event leaves it as it is. */
  readonly status: OrderStatus | undefined;
}

/** `event` as a move; `reported` is the service's status, for the events that take the order to it. */
export function moveOf(event: AttemptEvent, reported?: OrderStatus): Move {
  const order: OrderEffect = ATTEMPT_TRANSITIONS[event].order;
  if (order === 'unchanged') return { event, status: undefined };
  if (order !== 'as reported') return { event, status: order };
  if (!reported) throw new Error(`the ${event} event needs the service's status`);
  return { event, status: reported };
}

/** The order's status after `event` when the table fixes it (a claim's `created`). */
export function orderStatusOf(event: AttemptEvent): OrderStatus {
  const { status } = moveOf(event);
  if (!status) throw new Error(`the ${event} event leaves the order's status as it is`);
  return status;
}

/**
 * The statuses an order may be in for each status the service reports to be written over it,
 * worked out once from the order table: a guard is a lookup, not work on a request's path.
 */
const TAKING = new Map<OrderStatus, readonly OrderStatus[]>(
  ORDER_STATUSES.map((status) => [status, statusesTaking(status)]),
);

/**
 * The statuses the order may be in for `move` to write its status (the store's guard), and
 * whether the attempt stays as it is when the order is not in one of them. A status the service
 * reported is written over those that take it (a newer one stands); expiry leaves a paid order,
 * and its attempt, alone. Undefined: no guard (the attempt's own from-states are the guard).
 */
export function orderGuardOf(
  move: Move,
): { from: readonly OrderStatus[]; strict: boolean } | undefined {
  const transition: Transition = ATTEMPT_TRANSITIONS[move.event];
  if (transition.orderFrom) return { from: transition.orderFrom, strict: true };
  if (transition.order === 'as reported' && move.status)
    return { from: TAKING.get(move.status) ?? [], strict: false };
  return undefined;
}

/** The table as Markdown, for the docs' lifecycle page (a test keeps the two the same). */
export function lifecycleMarkdown(): string {
  const rows = Object.entries(ATTEMPT_TRANSITIONS).map(([event, t]: [string, Transition]) => {
    const from = t.from.length ? t.from.map((s) => `\`${s}\``).join(', ') : '(none)';
    const order = t.order === 'unchanged' || t.order === 'as reported' ? t.order : `\`${t.order}\``;
    const only = t.orderFrom ? ` (only from ${t.orderFrom.map((s) => `\`${s}\``).join(', ')})` : '';
    return `| \`${event}\` | ${from} | \`${t.to}\` | ${t.when} | ${order}${only}: ${t.note} |`;
  });
  return ['| event | from | to | when | the order |', '|---|---|---|---|---|', ...rows].join('\n');
}
