/**
 * How the companion's order status follows the service. The order record is the source of truth
 * for the widget; it moves only forward, so a late or replayed message cannot undo a newer one.
 */
import { PAID_STATUSES, type OrderStatus } from 'acquiring-checkout/contract';

/** A payment's progress, in order: a status never moves back along it. */
const PROGRESS: readonly OrderStatus[] = [
  'pending',
  'review',
  'authorised',
  'captured',
  'partially_refunded',
  'refunded',
];

/** Ends without money kept: reachable until the payment is captured, and left by nothing. */
const UNPAID_ENDS: readonly OrderStatus[] = ['cancelled', 'declined', 'failed'];

/** Whatever the service says next is news to these: not started, not known, or expired by us. */
const OPEN: readonly OrderStatus[] = ['created', 'unknown', 'expired'];

const ALL: readonly OrderStatus[] = [...OPEN, ...PROGRESS, ...UNPAID_ENDS];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ALL as readonly string[]).includes(value);
}

/** True when an order may go from `from` to `to`. */
export function mayMove(from: string, to: OrderStatus): boolean {
  // Even a late payment of an expired order counts.
  if (!isOrderStatus(from) || OPEN.includes(from)) return true;
  if (UNPAID_ENDS.includes(from)) return false;
  // A captured payment is refunded, never failed.
  if (UNPAID_ENDS.includes(to)) return PROGRESS.indexOf(from) < PROGRESS.indexOf('captured');
  const ahead = PROGRESS.indexOf(to) > PROGRESS.indexOf(from);
  // A second partial refund is news too.
  return ahead || (to === from && to === 'partially_refunded');
}

/** The status a direct payment result's order_status stands for. */
export function statusOfOrderStatus(orderStatus: string, resultInfo: string): OrderStatus {
  if (orderStatus === '1') return 'authorised';
  if (orderStatus === '3') return 'review';
  if (orderStatus === '2') return 'pending';
  return /^2\d{3}:|^3010:/.test(resultInfo) ? 'declined' : 'failed';
}

/** Whether an order in `status` holds the shopper's money (or may: `review`). */
export const isPaid = (status: OrderStatus): boolean =>
  (PAID_STATUSES as readonly string[]).includes(status);

/** Whether a status ends an attempt unpaid: its attempt is `failed`. */
export const isUnpaidEnd = (status: OrderStatus): boolean => UNPAID_ENDS.includes(status);

/** Statuses the reconciliation job settles with a query. */
export const UNSETTLED: OrderStatus[] = ['unknown', 'pending'];
