/**
 * The lifecycle of a payment attempt, as one table: each event that moves an attempt, the states
 * it moves it from, the state it moves it to, and what the order does alongside. The store's
 * conditional updates (`where state in from`) are read from here, so a recovery racing a slow
 * request, or two processes on one PostgreSQL, settle an attempt once. The server README's
 * lifecycle table is generated from it (`lifecycleMarkdown`, checked by a test).
 */

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
  (INTERRUPTED as readonly AttemptState[]).includes(state);

/**
 * Whether the service's word on an attempt in `state` may move its order. An abandoned attempt's
 * order has gone back to `created` for the next attempt: that the service still holds the old one
 * pending is no news (only a payment on it would be, which nobody can make).
 */
export const takesNews = (state: AttemptState, paid: boolean): boolean =>
  state !== 'abandoned' || paid;

interface Transition {
  readonly from: readonly AttemptState[];
  readonly to: AttemptState;
  /** What the event is, in a sentence. */
  readonly when: string;
  /** What the order does in the same transaction. */
  readonly order: string;
}

export const ATTEMPT_TRANSITIONS = {
  claimed: {
    from: [],
    to: 'creating',
    when: 'a session request finds no live attempt: attempt number n+1 is inserted',
    order: '`created`, naming the attempt (`order_no` = `<order_ref>-<n>`)',
  },
  answered: {
    from: ['creating'],
    to: 'ready',
    when: 'the service answered the attempt: a page, an issuer address, or a card payment',
    order: '`pending` (a card payment: the status the service gave)',
  },
  refused: {
    from: ['creating'],
    to: 'failed',
    when: 'the service refused it, declined the card, or was never reached',
    order: '`failed` or `declined`, with the reason',
  },
  lost: {
    from: ['creating'],
    to: 'unknown',
    when: 'no answer that says what the service did (time-out, lost connection, 5xx, bad signature)',
    order: '`unknown`: reconciliation asks the service',
  },
  adopted: {
    from: INTERRUPTED,
    to: 'ready',
    when: 'reconciliation: the service has the interrupted attempt and it can go on',
    order: "the service's status",
  },
  'adopted-over': {
    from: INTERRUPTED,
    to: 'failed',
    when: 'reconciliation: the service has the interrupted attempt, declined, failed or cancelled',
    order: "the service's status",
  },
  'never-arrived': {
    from: INTERRUPTED,
    to: 'failed',
    when: 'reconciliation: the service has no record, and nothing can still be on its way',
    order: '`failed`; the next request starts attempt n+1',
  },
  unpayable: {
    from: INTERRUPTED,
    to: 'abandoned',
    when: 'reconciliation: the service has it pending, but its page or issuer address was lost',
    order: '`created` again; the next request starts attempt n+1',
  },
  superseded: {
    from: ['ready'],
    to: 'abandoned',
    when: 'a checkout nobody opened, asked for again with other fields or another way to pay',
    order: '`created` again; the request starts attempt n+1',
  },
  opened: {
    from: ['ready'],
    to: 'ready',
    when: 'its payment page is served for the first time (`opened_at`)',
    order: 'unchanged; from now on the attempt is never superseded',
  },
  expired: {
    from: ['creating', 'ready', 'unknown'],
    to: 'expired',
    when: 'still unpaid past `attemptTtlMs` after one last query',
    order: '`expired`, never queried again (a late notification still moves it)',
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

/** The table as Markdown, for the server README (a test keeps the two the same). */
export function lifecycleMarkdown(): string {
  const rows = Object.entries(ATTEMPT_TRANSITIONS).map(([event, t]) => {
    const from = t.from.length ? t.from.map((s) => `\`${s}\``).join(', ') : '(none)';
    return `| \`${event}\` | ${from} | \`${t.to}\` | ${t.when} | ${t.order} |`;
  });
  return ['| event | from | to | when | the order |', '|---|---|---|---|---|', ...rows].join('\n');
}
