/**
 * Settling orders whose outcome the companion does not know — "unknown" after a time-out, lost
 * connection, 5xx or bad signature; "pending" for long; an attempt left "creating" by a crash —
 * by asking the service. Nothing is marked paid or failed on a guess: only the service's own
 * answer moves an order, and an attempt nobody can pay any more is abandoned so the next starts
 * under a new order number. Each order is asked about less often as it ages, and not at all once
 * it expired.
 */
import { formatAmount, type QueryOrder } from '../gateway/index.ts';
import type { Context } from './context.ts';
import {
  isOrderStatus,
  isPaid,
  isUnpaidEnd,
  mayMove,
  UNSETTLED,
} from './attempt-machine/order-status.ts';
import { isInterrupted, takesNews } from './attempt-machine/transitions.ts';
import type { Attempt, Order } from './store/store.ts';

export const DEFAULT_RECOVER_AFTER_MS = 120_000;
export const DEFAULT_ATTEMPT_TTL_MS = 24 * 3_600_000;
const MAX_CHECK_INTERVAL_MS = 3_600_000;

/** A request to the service that answered (5xx, bad signature, unreadable body) is over. */
const ANSWERED = new Set(['service_error', 'signature_invalid', 'malformed_response']);

export type Settlement =
  'settled' | 'unchanged' | 'never-arrived' | 'abandoned' | 'expired' | 'query-failed';

/** What the shopper needs to go on with a pending attempt: its page, or the issuer's address. */
function canContinue(attempt: Attempt): boolean {
  if (attempt.mode === 'checkout') return attempt.page_html !== null;
  if (attempt.mode === 'apm') return attempt.issuer_url !== null;
  return true;
}

/** The service has no record of the attempt: is it certain nothing is still on its way? */
function isOver(ctx: Context, attempt: Attempt): boolean {
  const bound = ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;
  return ANSWERED.has(attempt.error ?? '') || Date.now() - attempt.created_at > bound;
}

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
  const attempt = await ctx.store.attempts.get(order.order_no);
  const found = result.orders.find((o) => o.order_no === order.order_no);
  const interrupted = attempt !== undefined && isInterrupted(attempt.state);
  if (!found) {
    if (!attempt || !interrupted || !isOver(ctx, attempt)) return 'unchanged';
    const settled = await ctx.store.attempts.settle(
      attempt.order_no,
      order.order_ref,
      'never-arrived',
      { error: 'never reached the service' },
      { status: 'failed', result_info: 'the payment never reached the service' },
    );
    return settled ? 'never-arrived' : 'unchanged';
  }
  if (attempt && interrupted && found.payment_status === 'pending' && !canContinue(attempt)) {
    // The service holds it, but its page or issuer address is lost: nobody can pay it.
    const abandoned = await ctx.store.attempts.settle(
      attempt.order_no,
      order.order_ref,
      'unpayable',
      { error: 'its page was lost before the shopper saw it' },
      { status: 'created', result_info: null },
    );
    if (abandoned)
      ctx.log.info({ order_no: attempt.order_no }, 'attempt abandoned; next one starts anew');
    return abandoned ? 'abandoned' : 'unchanged';
  }
  return adopt(ctx, order, attempt, found);
}

/** Records the service's status of the order's current attempt, if it is news. */
async function adopt(
  ctx: Context,
  order: Order,
  attempt: Attempt | undefined,
  found: QueryOrder,
): Promise<Settlement> {
  const status = found.payment_status;
  if (!isOrderStatus(status) || (!mayMove(order.status, status) && order.status !== status))
    return 'unchanged';
  if (attempt && !takesNews(attempt.state, isPaid(status))) return 'unchanged';
  const subscription = found.subscription_result;
  const patch = {
    status,
    transaction_id: found.transaction_id ?? order.transaction_id,
    ...(subscription?.recurring_id
      ? {
          recurring_id: subscription.recurring_id,
          contract_name: subscription.contract_name ?? order.contract_name,
          ...(subscription.recurring_status && subscription.recurring_status !== 'active'
            ? { subscription_status: subscription.recurring_status }
            : {}),
        }
      : {}),
  };
  const interrupted = attempt !== undefined && isInterrupted(attempt.state);
  const news = Object.entries(patch).some(
    ([field, value]) => order[field as keyof Order] !== value,
  );
  if (!interrupted && !news) return 'unchanged';
  // An interrupted attempt the service turns out to have is live again (or over, as it says).
  if (attempt && interrupted) {
    const event = isUnpaidEnd(status) ? 'adopted-over' : 'adopted';
    await ctx.store.attempts.settle(attempt.order_no, order.order_ref, event, {}, patch);
  } else await ctx.store.orders.update(order.order_ref, patch);
  ctx.log.info({ order_no: order.order_no, from: order.status, to: status }, 'order reconciled');
  return 'settled';
}

/** An order left unpaid past the attempt lifetime: one last look, then expired. */
async function expire(ctx: Context, order: Order): Promise<Settlement> {
  const last = await reconcileOrder(ctx, order);
  // Unanswered, it is not known to be unpaid: asked again next time.
  if (last === 'query-failed') return last;
  const current = await ctx.store.orders.get(order.order_ref);
  if (!current || !UNSETTLED.includes(current.status) || !current.order_no) return last;
  await ctx.store.attempts.settle(
    current.order_no,
    current.order_ref,
    'expired',
    {},
    {
      status: 'expired',
      result_info: 'no payment within the attempt lifetime',
    },
  );
  return 'expired';
}

/** The next time an order of this age is worth asking about: a quarter of its age, 1 min to 1 h. */
function nextCheck(order: Order, staleMs: number, now: number): number {
  // Whole milliseconds: PostgreSQL's BIGINT refuses a fraction (a quarter of an odd age).
  return (
    now +
    Math.min(MAX_CHECK_INTERVAL_MS, Math.max(staleMs, Math.floor((now - order.created_at) / 4)))
  );
}

/** Settles every due unknown or pending order (untouched for `staleMs`), and expires old ones. */
export async function reconcileAll(
  ctx: Context,
  staleMs = 60_000,
): Promise<Record<Settlement, number>> {
  const counts: Record<Settlement, number> = {
    settled: 0, unchanged: 0, 'never-arrived': 0, abandoned: 0, expired: 0, 'query-failed': 0,
  }; // prettier-ignore
  const now = Date.now();
  const ttl = ctx.config.attemptTtlMs ?? DEFAULT_ATTEMPT_TTL_MS;
  // Unknown ones at once; pending ones once nobody has touched them for staleMs.
  const due = staleMs === 0 ? null : now;
  const unknown = await ctx.store.orders.due(['unknown'], now + 1, due);
  const stale = await ctx.store.orders.due(
    UNSETTLED.filter((s) => s !== 'unknown'),
    now - staleMs,
    due,
  );
  // Orders whose attempt a crash left `creating`, and whose shopper never came back.
  const recoverAfter = ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;
  const claimed = await ctx.store.orders.due(['created'], now - recoverAfter, due);
  for (const order of [...unknown, ...stale, ...claimed.filter((o) => o.order_no !== null)]) {
    // An attempt's lifetime runs from that attempt: a shopper who came back has a fresh one.
    const attempt = order.order_no ? await ctx.store.attempts.get(order.order_no) : undefined;
    const expired = now - (attempt?.created_at ?? order.created_at) > ttl;
    const outcome =
      expired && order.status !== 'created'
        ? await expire(ctx, order)
        : await reconcileOrder(ctx, order);
    counts[outcome]++;
    // Whatever came of it, this order is not worth asking about again before its next check.
    await ctx.store.orders.checkLater(order.order_ref, nextCheck(order, staleMs, now));
  }
  return counts;
}

/** The amount of an order as its decimal string. */
export function amountOf(order: Order): string {
  return formatAmount(order.amount, order.currency);
}
