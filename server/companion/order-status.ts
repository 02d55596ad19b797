/**
 * How the companion's order status follows the service. The order record is the source of truth
 * for the widget; it moves only forward, so a late or replayed message cannot undo a newer one.
 */
import type { OrderStatus } from 'acquiring-checkout/contract';

/** Progress along a payment's life; a status never moves to a lower rank (`unknown` excepted). */
const RANK: Record<OrderStatus, number> = {
  created: 0,
  unknown: 0,
  pending: 1,
  review: 2,
  authorised: 3,
  captured: 4,
  partially_refunded: 5,
  refunded: 6,
  cancelled: 7,
  declined: 7,
  failed: 7,
  expired: 0,
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && value in RANK;
}

/** True when an order may go from `from` to `to`. */
export function mayMove(from: string, to: OrderStatus): boolean {
  // Unknown, not started, or expired by us: whatever the service says next is news, even a late payment.
  if (!isOrderStatus(from) || from === 'unknown' || from === 'created' || from === 'expired')
    return true;
  if (RANK[to] === 7 && RANK[from] >= 4) return false; // a captured payment is refunded, never failed
  return RANK[to] > RANK[from] || (to === from && to === 'partially_refunded');
}

/** The status a direct payment result's order_status stands for. */
export function statusOfOrderStatus(orderStatus: string, resultInfo: string): OrderStatus {
  if (orderStatus === '1') return 'authorised';
  if (orderStatus === '3') return 'review';
  if (orderStatus === '2') return 'pending';
  return /^2\d{3}:|^3010:/.test(resultInfo) ? 'declined' : 'failed';
}

/** Statuses the reconciliation job settles with a query. */
export const UNSETTLED: OrderStatus[] = ['unknown', 'pending'];
