/**
 * The companion's periodic work: settling unknown and stale orders (reconcile.ts) and forgetting
 * records that are of no more use, so state does not grow without end.
 */
import type { Context } from '../core/index.ts';
import { reconcileAll } from './reconcile.ts';

const DAY = 24 * 3_600_000;
/** How long records are kept once they are of no more use (CompanionConfig.retention). */
export const DEFAULT_RETENTION = {
  pageTokensMs: DAY,
  idempotencyMs: 7 * DAY,
  notificationsMs: 30 * DAY,
} as const;
/**
 * How long audit entries are kept (CompanionConfig.auditRetentionDays): over a year, as PCI DSS
 * 10.5.1 asks (12 months, 3 of them at hand), with a month to spare for a late archive.
 */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;

export interface Pruned {
  page_tokens: number;
  idempotency_keys: number;
  notifications: number;
  /** Audit entries past `auditRetentionDays` (none when it is 0: kept for good). */
  audit: number;
  /** Only with `retention.ordersMs` (a public demo's): orders and payouts. */
  orders?: number;
  payouts?: number;
}

/**
 * Deletes expired page tokens, finished idempotency records, processed notifications and audit
 * entries past their retention.
 */
export async function prune(ctx: Context, now = Date.now()): Promise<Pruned> {
  const retention = { ...DEFAULT_RETENTION, ...ctx.config.retention };
  const auditDays = ctx.config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
  const pruned: Pruned = {
    page_tokens: await ctx.store.pageTokens.prune(now - retention.pageTokensMs),
    idempotency_keys: await ctx.store.idempotency.prune(now - retention.idempotencyMs),
    notifications: await ctx.store.notifications.prune(now - retention.notificationsMs),
    audit: auditDays === 0 ? 0 : await ctx.store.audit.prune(now - auditDays * DAY),
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
