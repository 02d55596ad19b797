/**
 * The order's side of the lifecycle, as one table: each status the companion keeps, what it means,
 * which of the service's statuses move an order out of it, and when reconciliation asks the
 * service about it. `mayMove`, the store's guards on an order's status and every list of statuses
 * the companion works from (what reconciliation queries, what the metrics count, what is paid) are
 * read from it. The order record is the source of truth for the widget; it moves only forward, so
 * a late or replayed message cannot undo a newer one. The docs' order table is generated from it.
 */
import { ORDER_STATUSES, type OrderStatus } from 'acquiring-checkout/contract';
import type { PaymentStatus } from '../../gateway/index.ts';

/** When reconciliation asks the service about an order in a status. */
export type Asked = 'at once' | 'when stale' | 'after recovery' | 'never';

interface OrderRow {
  /** What the status means, in a sentence. */
  readonly means: string;
  /** The service's statuses (its `payment_status`) that move an order out of this status. */
  readonly takes: readonly PaymentStatus[];
  /** When reconciliation asks the service about it. */
  readonly asked: Asked;
  /** What it is to the shopper: still to be decided, paid (or held for review), or over unpaid. */
  readonly outcome: 'waiting' | 'paid' | 'unpaid';
}

/** Ends without money kept: reachable until the payment is captured, and left by nothing. */
const UNPAID_ENDS = ['cancelled', 'declined', 'failed'] as const;
/** Whatever the service says next is news to an order not started, not known, or expired by us. */
const ANY: readonly PaymentStatus[] = ['pending', 'review', 'authorised', 'captured', 'partially_refunded', 'refunded', ...UNPAID_ENDS]; // prettier-ignore
const REFUNDS = ['partially_refunded', 'refunded'] as const;

export const ORDER_TABLE = {
  created: {
    means: 'no payment yet: its attempt is being created, or the last one gave way',
    takes: ANY,
    asked: 'after recovery',
    outcome: 'waiting',
  },
  unknown: {
    means:
      'the service may have acted but did not say (time-out, lost connection, 5xx, bad signature)',
    takes: ANY,
    asked: 'at once',
    outcome: 'waiting',
  },
  pending: {
    means: 'the service holds the payment: its page or payment method waits for the shopper',
    takes: ['review', 'authorised', 'captured', ...REFUNDS, ...UNPAID_ENDS],
    asked: 'when stale',
    outcome: 'waiting',
  },
  review: {
    means: 'held for review by risk management: approved or rejected by the merchant',
    takes: ['authorised', 'captured', ...REFUNDS, ...UNPAID_ENDS],
    asked: 'never',
    outcome: 'paid',
  },
  authorised: {
    means: 'authorised: the merchant may capture or cancel it',
    takes: ['captured', ...REFUNDS, ...UNPAID_ENDS],
    asked: 'never',
    outcome: 'paid',
  },
  captured: {
    means: 'captured: a captured payment is refunded, never failed',
    takes: REFUNDS,
    asked: 'never',
    outcome: 'paid',
  },
  partially_refunded: {
    means: 'captured and refunded in part: a second partial refund is news too',
    takes: REFUNDS,
    asked: 'never',
    outcome: 'paid',
  },
  refunded: { means: 'captured and refunded in full', takes: [], asked: 'never', outcome: 'paid' },
  cancelled: {
    means: 'cancelled before capture, or rejected in review',
    takes: [],
    asked: 'never',
    outcome: 'unpaid',
  },
  declined: {
    means: 'declined by the issuer or the risk rules',
    takes: [],
    asked: 'never',
    outcome: 'unpaid',
  },
  failed: {
    means: 'a processing error, refused, or it never reached the service',
    takes: [],
    asked: 'never',
    outcome: 'unpaid',
  },
  expired: {
    means: 'left unpaid past `attemptTtlMs` and no longer queried: a late payment still counts',
    takes: ANY,
    asked: 'never',
    outcome: 'unpaid',
  },
} as const satisfies Record<OrderStatus, OrderRow>;

const STATUSES: readonly OrderStatus[] = ORDER_STATUSES;
const where = (test: (row: OrderRow) => boolean): OrderStatus[] =>
  STATUSES.filter((status) => test(ORDER_TABLE[status]));

// `===` is false for a value of any other type: a `typeof` guard would be dead code (and a
// mutant no test can kill).
export function isOrderStatus(value: unknown): value is OrderStatus {
  return STATUSES.some((status) => status === value);
}

/** Whether `value` is one of the service's payment statuses (the word that moves orders). */
export function isReported(value: unknown): value is PaymentStatus {
  return ANY.some((status) => status === value);
}

/** True when the service's `to` moves an order out of `from` (a row of the table). */
export function mayMove(from: string, to: OrderStatus): boolean {
  if (!isOrderStatus(from)) return true;
  const takes: readonly string[] = ORDER_TABLE[from].takes;
  return takes.includes(to);
}

/** Whether an order in `from` takes the service's `reported`: a move, or the same status's news. */
export const takesReport = (from: OrderStatus, reported: OrderStatus): boolean =>
  from === reported || mayMove(from, reported);

/** The statuses an order may be in for the store to write `reported` over it (its guard). */
export const statusesTaking = (reported: OrderStatus): OrderStatus[] =>
  STATUSES.filter((from) => takesReport(from, reported));

/** The status a direct payment result's order_status stands for. */
export function statusOfOrderStatus(orderStatus: string, resultInfo: string): OrderStatus {
  if (orderStatus === '1') return 'authorised';
  if (orderStatus === '3') return 'review';
  if (orderStatus === '2') return 'pending';
  return /^2\d{3}:|^3010:/.test(resultInfo) ? 'declined' : 'failed';
}

/**
 * Whether a direct payment's result refuses it only because the card needs a 3-D Secure challenge,
 * which a direct payment cannot run (the sandbox's `3001`, its `threeds_result`
 * `challenge_required`): the service's own page, a checkout, can.
 */
export const needsAuthentication = (resultInfo: string, threedsResult?: string): boolean =>
  threedsResult === 'challenge_required' || /^3001:/.test(resultInfo);

/** Statuses that hold the shopper's money (or may: `review`); the contract's PAID_STATUSES. */
export const PAID: readonly OrderStatus[] = where((row) => row.outcome === 'paid');

/** Whether an order in `status` holds the shopper's money (or may: `review`). */
export const isPaid = (status: OrderStatus): boolean => PAID.includes(status);

/** Whether a status ends an attempt unpaid, for good: its attempt is `failed`. */
export const isUnpaidEnd = (status: OrderStatus): boolean =>
  ORDER_TABLE[status].outcome === 'unpaid' && ORDER_TABLE[status].takes.length === 0;

/**
 * Which orders the reconciliation job asks the service about, and when: an outcome not known at
 * once; a payment page left open once nobody has touched it for a while; an attempt a crash left
 * being created, once the recovery window has passed.
 */
export const RECONCILED = {
  atOnce: where((row) => row.asked === 'at once'),
  whenStale: where((row) => row.asked === 'when stale'),
  afterRecovery: where((row) => row.asked === 'after recovery'),
} as const satisfies Record<string, readonly OrderStatus[]>;

/** Statuses the service may still decide, which a query settles (and expiry ends). */
export const QUERIED: readonly OrderStatus[] = [...RECONCILED.atOnce, ...RECONCILED.whenStale];

/** Whether the service may still decide an order in `status`: a status poll may ask it. */
export const awaitsService = (status: OrderStatus): boolean => QUERIED.includes(status);

/** Orders not final yet, which the metrics count and age (the widget's UNSETTLED, by a test). */
export const WAITING: readonly OrderStatus[] = where((row) => row.outcome === 'waiting');

/** The status a merchant's operation leaves an order in once the service did it. */
export const AFTER_OPERATION = {
  capture: 'captured',
  cancel: 'cancelled',
  approve: 'authorised',
  reject: 'cancelled',
} as const satisfies Record<string, OrderStatus>;

/** The status after a refund: in full once everything captured is refunded. */
export const afterRefund = (refunded: number, captured: number): OrderStatus =>
  refunded >= captured ? 'refunded' : 'partially_refunded';

/** The order table as Markdown, for the docs' lifecycle page (a test keeps the two the same). */
export function orderStatusMarkdown(): string {
  const rows = STATUSES.map((status) => {
    const row: OrderRow = ORDER_TABLE[status];
    const takes = row.takes.length ? row.takes.map((s) => `\`${s}\``).join(', ') : '(nothing)';
    return `| \`${status}\` | ${row.means} | ${takes} | ${row.asked} | ${row.outcome} |`;
  });
  const head = '| status | what it means | the service’s word moves it to | reconciliation asks | to the shopper |'; // prettier-ignore
  return [head, '|---|---|---|---|---|', ...rows].join('\n');
}
