/**
 * The companion's periodic work: settling unknown and stale orders (reconcile.ts) and forgetting
 * records that are of no more use, so state does not grow without end.
 */
import type { Context } from './context.ts';
import { reconcileAll } from './reconcile.ts';

const DAY = 24 * 3_600_000;
/** How long records are kept once they are of no more use (CompanionConfig.retention). */
export const DEFAULT_RETENTION = {
  pageTokensMs: DAY,
  idempotencyMs: 7 * DAY,
  notificationsMs: 30 * DAY,
} as const;

export interface Pruned {
  page_tokens: number;
  idempotency_keys: number;
  notifications: number;
  /** Only with `retention.ordersMs` (a public demo's): orders and payouts. */
  orders?: number;
  payouts?: number;
}

/** Deletes expired page tokens, finished idempotency records and processed notifications. */
export async function prune(ctx: Context, now = Date.now()): Promise<Pruned> {
  const retention = { ...DEFAULT_RETENTION, ...ctx.config.retention };
  const pruned: Pruned = {
    page_tokens: await ctx.store.pageTokens.prune(now - retention.pageTokensMs),
    idempotency_keys: await ctx.store.idempotency.prune(now - retention.idempotencyMs),
    notifications: await ctx.store.notifications.prune(now - retention.notificationsMs),
  };
  if (ctx.config.retention?.ordersMs !== undefined) {
    pruned.orders = await ctx.store.orders.prune(now - ctx.config.retention.ordersMs);
    pruned.payouts = await ctx.store.payouts.prune(now - ctx.config.retention.ordersMs);
  }
  return pruned;
}

/** One round of the periodic work; what failed is logged, and the next round tries again. */
export async function maintain(ctx: Context): Promise<void> {
  try {
    const settled = await reconcileAll(ctx);
    const pruned = await prune(ctx);
    ctx.log.debug({ settled, pruned }, 'maintenance done');
  } catch (error) {
    ctx.log.error({ err: error }, 'maintenance failed');
  }
}
