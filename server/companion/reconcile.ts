/**
 * Settling orders whose outcome the companion does not know — "unknown" after a time-out, lost
 * connection, 5xx or bad signature, or "pending" for long — by asking the service. Nothing is
 * marked paid or failed on a guess: only the service's own answer moves an order.
 */
import { formatAmount } from '../gateway/index.ts';
import type { Context } from './context.ts';
import { isOrderStatus, mayMove, UNSETTLED } from './order-status.ts';
import type { Order } from './store/store.ts';

/**
 * An attempt the service has no record of never reached it when the service had already answered
 * (a 5xx, a bad signature, an unreadable body: the request was over), or, after a time-out or a
 * lost connection, once this long has passed, so that nothing can still be on its way.
 */
const NEVER_ARRIVED_AFTER_MS = 2 * 60_000;
const ANSWERED = new Set(['service_error', 'signature_invalid', 'malformed_response']);

export type Settlement = 'settled' | 'unchanged' | 'never-arrived' | 'query-failed';

/** Queries the service for the order's current attempt and records what it says. */
export async function reconcileOrder(ctx: Context, order: Order): Promise<Settlement> {
  if (!order.order_no) return 'unchanged';
  const result = await ctx.gateway.query({ order_no: order.order_no });
  if (!result.ok) {
    ctx.log.warn(
      { order_no: order.order_no, error: result.failures[0]?.error.message },
      'reconciliation query failed',
    );
    return 'query-failed';
  }
  const found = result.orders.find((o) => o.order_no === order.order_no);
  if (!found) {
    const attempt = await ctx.store.attempt(order.order_no);
    const over =
      attempt &&
      (ANSWERED.has(attempt.error ?? '') ||
        Date.now() - attempt.created_at > NEVER_ARRIVED_AFTER_MS);
    if (order.status === 'unknown' && over) {
      await ctx.store.settleAttempt(
        order.order_no,
        order.order_ref,
        { state: 'failed', error: 'never reached the service' },
        { status: 'failed', result_info: 'the payment never reached the service' },
      );
      return 'never-arrived';
    }
    return 'unchanged';
  }
  const status = found.payment_status;
  if (!isOrderStatus(status) || (!mayMove(order.status, status) && order.status !== status))
    return 'unchanged';
  const patch = {
    status,
    transaction_id: found.transaction_id ?? order.transaction_id,
    ...(found.subscription_result?.recurring_id
      ? {
          recurring_id: found.subscription_result.recurring_id,
          contract_name: found.subscription_result.contract_name ?? order.contract_name,
          ...(found.subscription_result.recurring_status &&
          found.subscription_result.recurring_status !== 'active'
            ? { subscription_status: found.subscription_result.recurring_status }
            : {}),
        }
      : {}),
  };
  // An unknown attempt the service turns out to have is live again.
  if (order.status === 'unknown')
    await ctx.store.settleAttempt(order.order_no, order.order_ref, { state: 'ready' }, patch);
  else await ctx.store.updateOrder(order.order_ref, patch);
  ctx.log.info({ order_no: order.order_no, from: order.status, to: status }, 'order reconciled');
  return 'settled';
}

/** Settles every unknown order, and pending ones not heard of for `staleMs`. */
export async function reconcileAll(
  ctx: Context,
  staleMs = 60_000,
): Promise<Record<Settlement, number>> {
  const counts: Record<Settlement, number> = {
    settled: 0,
    unchanged: 0,
    'never-arrived': 0,
    'query-failed': 0,
  };
  const unknown = await ctx.store.ordersWithStatus(['unknown'], Date.now() + 1);
  const stale = await ctx.store.ordersWithStatus(
    UNSETTLED.filter((s) => s !== 'unknown'),
    Date.now() - staleMs,
  );
  for (const order of [...unknown, ...stale]) counts[await reconcileOrder(ctx, order)]++;
  return counts;
}

/** The amount of an order as its decimal string. */
export function amountOf(order: Order): string {
  return formatAmount(order.amount, order.currency);
}
