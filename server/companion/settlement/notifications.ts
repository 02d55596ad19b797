/**
 * Applying the service's notifications to the order record. Stored first, acknowledged, then
 * applied; a replay is a no-op, an older one arriving after a newer one changes nothing, and a
 * gap in the sequence is settled by a query.
 */
import { inSpan } from '../../tracing.ts';
import {
  isAmount,
  parseAmount,
  parseNotification,
  verify,
  type Notification,
  type NotificationReading,
  type PaymentNotification,
  jsonDepth,
  MAX_JSON_DEPTH,
} from '../../gateway/index.ts';
import type { Context } from '../core/index.ts';
import { oddText, type OrderPatch, type Order } from '../store/index.ts';
import { applyReport } from './apply-report.ts';
import { isReported, onReport } from '../attempt-machine/index.ts';
import { clockOf, reconcileOrder } from './reconcile.ts';
import { keepCardFromNotification } from './card-saved.ts';
import { isRecord } from '../../unknown.ts';

/**
 * Checks the parsed body's own signature and shape: the notification, or the field that makes it
 * none (a body that is not a JSON object, a signature that does not verify, a field out of shape).
 */
export function readNotification(ctx: Context, text: string): NotificationReading {
  // Before parsing: what walks a deep value (the signature's canonical form) would recurse.
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    return { ok: false, field: '(body)', reason: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, field: '(body)', reason: 'not JSON' };
  }
  if (!isRecord(body) || Array.isArray(body))
    return { ok: false, field: '(body)', reason: 'not a JSON object' };
  const fields = body;
  // Signed by the service or not, text PostgreSQL cannot keep is not stored.
  const odd = oddText(fields);
  if (odd) return { ok: false, field: odd[0], reason: odd[1] };
  if (!verify(fields, ctx.config.gateway.verificationKeys ?? [ctx.config.gateway.secretKey]))
    return { ok: false, field: 'encryption_data', reason: 'the signature does not verify' };
  return parseNotification(fields);
}

/**
 * Why a correctly signed notification must not be applied: it names another merchant or account,
 * or an amount or currency other than the order's. Undefined when it matches.
 */
function mismatchOf(ctx: Context, notification: Notification['body']): string | undefined {
  const { merchantId, accountId } = ctx.config.gateway;
  if (notification.merchant_id !== merchantId)
    return `merchant_id ${notification.merchant_id} is not ${merchantId}`;
  if (notification.account_id !== undefined && notification.account_id !== accountId)
    return `account_id ${notification.account_id} is not ${accountId}`;
  return undefined;
}

/** The same for a payment's notification, and its amount and currency against the order's. */
function paymentMismatchOf(
  ctx: Context,
  payment: PaymentNotification,
  order?: Order,
): string | undefined {
  const party = mismatchOf(ctx, payment);
  if (party || !order) return party;
  if (payment.currency !== order.currency)
    return `currency ${payment.currency} is not the order's ${order.currency}`;
  if (
    !isAmount(payment.amount, order.currency) ||
    parseAmount(payment.amount, order.currency) !== order.amount
  )
    return `amount ${payment.amount} ${payment.currency} is not the order's amount`;
  return undefined;
}

/**
 * Applies one stored notification to its order, payout or subscription, then marks it applied.
 * One that does not match what was asked (merchant, account, amount, currency) is kept, flagged
 * for the merchant, and changes nothing.
 */
export function applyNotification(ctx: Context, notification: Notification): Promise<void> {
  const attributes = { 'acquiring.event': notification.body.event };
  return inSpan('notification apply', { attributes }, () => apply(ctx, notification));
}

async function apply(ctx: Context, notification: Notification): Promise<void> {
  const mismatch = await applyMatching(ctx, notification);
  const id = notification.body.notification_id;
  if (mismatch) {
    ctx.log.warn(
      { notification_id: id, event: notification.body.event, mismatch },
      'notification does not match its order; flagged, not applied',
    );
    await ctx.store.notifications.flag(id, mismatch);
    ctx.metrics.notifications.inc({ outcome: 'mismatch' });
  } else {
    await ctx.store.notifications.markApplied(id);
    ctx.metrics.notifications.inc({ outcome: 'applied' });
  }
}

/** Applies the notification if it matches; what does not match, otherwise undefined. */
async function applyMatching(
  ctx: Context,
  notification: Notification,
): Promise<string | undefined> {
  if (notification.kind === 'payment') return applyToOrder(ctx, notification.body);
  const mismatch = mismatchOf(ctx, notification.body);
  if (mismatch) return mismatch;
  if (notification.kind === 'payout') {
    const { encryption_data: _signature, notification_id: _id, event: _event, sequence: _sequence, ...record } = notification.body; // prettier-ignore
    await ctx.store.payouts.update(notification.body.request_id, notification.body.status, record);
  } else if (notification.body.recurring_status !== 'active') {
    const { recurring_id, recurring_status } = notification.body;
    await ctx.store.orders.setSubscriptionStatus(recurring_id, recurring_status);
  }
  return undefined;
}

/** What a payment's notification records of its order besides its status. */
function fieldsOf(notification: PaymentNotification, order: Order): OrderPatch {
  const minor = (field: 'captured_amount' | 'refunded_amount') => {
    const value = notification[field];
    return value === undefined ? undefined : parseAmount(value, order.currency);
  };
  return {
    transaction_id: notification.transaction_id ?? order.transaction_id,
    result_info: notification.result_info ?? order.result_info,
    captured: minor('captured_amount') ?? order.captured,
    refunded: minor('refunded_amount') ?? order.refunded,
    ...(typeof notification.recurring_id === 'string'
      ? { recurring_id: notification.recurring_id }
      : {}),
  };
}

async function applyToOrder(
  ctx: Context,
  notification: PaymentNotification,
): Promise<string | undefined> {
  const order = await ctx.store.orders.byOrderNo(notification.order_no);
  const mismatch = paymentMismatchOf(ctx, notification, order);
  if (mismatch) return mismatch;
  // A notification of an attempt that is no longer the order's current one only makes history.
  if (!order || order.order_no !== notification.order_no) return undefined;
  const status = notification.payment_status;
  if (!isReported(status)) return undefined;
  const attempt = await ctx.store.attempts.get(notification.order_no);
  const step = onReport(order.status, attempt, { found: true, status }, clockOf(ctx));
  const fields = fieldsOf(notification, order);
  const { sequence } = notification;
  const applied = await applyReport(ctx, order, step, fields, {
    source: 'notification',
    attempt,
    sequence,
  });
  if (typeof notification.token_id === 'string')
    await keepCardFromNotification(ctx, notification.order_no, notification).catch(
      (error: unknown) => ctx.log.error({ err: error }, 'card not saved'),
    );
  const gap = notification.sequence > order.last_sequence + 1;
  if (!applied || gap) {
    // Older than what we hold, or newer with one missing in between: ask the service.
    ctx.log.info(
      {
        order_no: notification.order_no,
        sequence: notification.sequence,
        held: order.last_sequence,
      },
      'notification out of order; reconciling',
    );
    await reconcileOrder(ctx, (await ctx.store.orders.get(order.order_ref)) ?? order).catch(
      (error: unknown) =>
        ctx.log.warn({ err: error }, 'reconciliation after an out-of-order notification failed'),
    );
  }
  return undefined;
}

/** Applies what was stored but not applied (after a crash between acknowledging and applying). */
export async function applyPending(ctx: Context): Promise<number> {
  const pending = await ctx.store.notifications.unapplied();
  for (const row of pending) {
    const reading = readNotification(ctx, row.body);
    if (reading.ok) await applyNotification(ctx, reading.notification);
    else await ctx.store.notifications.markApplied(row.notification_id);
  }
  return pending.length;
}
