/**
 * Settling orders whose outcome the companion does not know — "unknown" after a time-out, lost
 * connection, 5xx or bad signature; "pending" for long; an attempt left "creating" by a crash —
 * by asking the service. Nothing is marked paid or failed on a guess: only the service's own
 * answer moves an order, and an attempt nobody can pay any more is abandoned so the next starts
 * under a new order number. Each order is asked about less often as it ages, and not at all once
 * it expired.
 */
import { inSpan } from '../../tracing.ts';
import { formatAmount, type QueryOrder } from '../../gateway/index.ts';
import { applyReport } from './apply-report.ts';
import {
  RECONCILED,
  onDue,
  onExpiry,
  onReport,
  settlementOf,
  statusAfter,
  type Clock,
  type Settlement,
  type Word,
} from '../attempt-machine/index.ts';
import type { Context } from '../core/index.ts';
import type { OrderPatch, Order } from '../store/index.ts';

export type { Settlement } from '../attempt-machine/index.ts';

export const DEFAULT_RECOVER_AFTER_MS = 120_000;
export const DEFAULT_ATTEMPT_TTL_MS = 24 * 3_600_000;
const MAX_CHECK_INTERVAL_MS = 3_600_000;

/** The attempt machine's clock for this companion: now, and its recovery window. */
export const clockOf = (ctx: Context): Clock => ({
  now: Date.now(),
  recoverAfterMs: ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS,
});

/** Queries the service for the order's current attempt and records what it says. */
export function reconcileOrder(ctx: Context, order: Order): Promise<Settlement> {
  const attributes = { 'acquiring.order_ref': order.order_ref };
  return inSpan('reconcile order', { attributes }, async (span) => {
    const settlement = await settleByQuery(ctx, order);
    span?.setAttribute('acquiring.settlement', settlement);
    return settlement;
  });
}

/** What a query's answer records of an order besides its status. */
function fieldsOf(order: Order, found: QueryOrder): OrderPatch {
  const subscription = found.subscription_result;
  return {
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
}

async function settleByQuery(ctx: Context, order: Order): Promise<Settlement> {
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
  const word: Word = found ? { found: true, status: found.payment_status } : { found: false };
  const step = onReport(order.status, attempt, word, clockOf(ctx));
  const fields = found ? fieldsOf(order, found) : { result_info: NEVER_ARRIVED };
  // A payment that never arrived ends failed: counted as settled, as any other end.
  const by = { source: 'reconciliation', attempt } as const;
  const settlement = settlementOf(
    step,
    (await applyReport(ctx, order, step, fields, by)) !== false,
  );
  if (settlement === 'unchanged') return settlement;
  const to = statusAfter(step);
  ctx.log.info(
    { order_no: order.order_no, from: order.status, to, settlement },
    'order reconciled',
  );
  return settlement;
}

/** Why an attempt the service has no record of failed. */
const NEVER_ARRIVED = 'the payment never reached the service';

/** An order left unpaid past the attempt lifetime: one last look, then expired. */
async function expire(ctx: Context, order: Order): Promise<Settlement> {
  const last = await reconcileOrder(ctx, order);
  // Unanswered, it is not known to be unpaid: asked again next time.
  if (last === 'query-failed') return last;
  const current = await ctx.store.orders.get(order.order_ref);
  const move = current && onExpiry(current.status);
  if (!current?.order_no || !move) return last;
  const why = { result_info: 'no payment within the attempt lifetime' };
  const step = { step: 'settle', move } as const;
  const expired = await applyReport(ctx, current, step, why, { source: 'reconciliation' });
  return settlementOf(step, expired !== false);
}

/** The next time an order of this age is worth asking about: a quarter of its age, 1 min to 1 h. */
function nextCheck(order: Order, staleMs: number, now: number): number {
  // Whole milliseconds: PostgreSQL's BIGINT refuses a fraction (a quarter of an odd age).
  return (
    now +
    Math.min(MAX_CHECK_INTERVAL_MS, Math.max(staleMs, Math.floor((now - order.created_at) / 4)))
  );
}

/** What started a reconciliation run: the periodic job, or someone asking for it now. */
export type ReconcileTrigger = 'scheduled' | 'by_hand';

/**
 * Settles every due unknown or pending order (untouched for `staleMs`), and expires old ones.
 * A run by hand (`POST /api/ops/reconcile`, `reconcile()`) asks about every one now: `staleMs` 0.
 */
export function reconcileAll(
  ctx: Context,
  staleMs = 60_000,
  trigger: ReconcileTrigger = staleMs === 0 ? 'by_hand' : 'scheduled',
): Promise<Record<Settlement, number>> {
  return inSpan('reconcile', {}, async () => {
    try {
      const counts = await reconcileDue(ctx, staleMs);
      ctx.metrics.reconciliationRuns.inc({ trigger, outcome: 'ok' });
      return counts;
    } catch (error) {
      ctx.metrics.reconciliationRuns.inc({ trigger, outcome: 'failed' });
      throw error;
    }
  });
}

/** The label of an order's outcome in the metrics: `recovered` when the service told news. */
const reconciled = (outcome: Settlement) => (outcome === 'settled' ? 'recovered' : outcome);

async function reconcileDue(ctx: Context, staleMs: number): Promise<Record<Settlement, number>> {
  const counts: Record<Settlement, number> = {
    settled: 0, unchanged: 0, 'never-arrived': 0, abandoned: 0, expired: 0, 'query-failed': 0,
  }; // prettier-ignore
  const now = Date.now();
  const ttl = ctx.config.attemptTtlMs ?? DEFAULT_ATTEMPT_TTL_MS;
  // Unknown ones at once; pending ones once nobody has touched them for staleMs.
  const due = staleMs === 0 ? null : now;
  const unknown = await ctx.store.orders.due(RECONCILED.atOnce, now + 1, due);
  const stale = await ctx.store.orders.due(RECONCILED.whenStale, now - staleMs, due);
  // Orders whose attempt a crash left `creating`, and whose shopper never came back.
  const recoverAfter = ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;
  const claimed = await ctx.store.orders.due(RECONCILED.afterRecovery, now - recoverAfter, due);
  for (const order of [...unknown, ...stale, ...claimed.filter((o) => o.order_no !== null)]) {
    // An attempt's lifetime runs from that attempt: a shopper who came back has a fresh one.
    const attempt = order.order_no ? await ctx.store.attempts.get(order.order_no) : undefined;
    const outcome =
      onDue(attempt?.created_at ?? order.created_at, now, ttl) === 'last look'
        ? await expire(ctx, order)
        : await reconcileOrder(ctx, order);
    counts[outcome]++;
    ctx.metrics.reconciliationOrders.inc({ outcome: reconciled(outcome) });
    // Whatever came of it, this order is not worth asking about again before its next check.
    await ctx.store.orders.checkLater(order.order_ref, nextCheck(order, staleMs, now));
  }
  return counts;
}

/** The amount of an order as its decimal string. */
export function amountOf(order: Order): string {
  return formatAmount(order.amount, order.currency);
}
