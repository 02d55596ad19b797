/**
 * Applying the service's notifications to the order record. Stored first, acknowledged, then
 * applied; a replay is a no-op, an older one arriving after a newer one changes nothing, and a
 * gap in the sequence is settled by a query.
 */
import { parseAmount, verify } from '../gateway/index.ts';
import type { Context } from './context.ts';
import { isOrderStatus, mayMove } from './order-status.ts';
import { reconcileOrder } from './reconcile.ts';

export interface NotificationBody {
  notification_id: string;
  event: string;
  sequence: number;
  order_no?: string;
  [field: string]: unknown;
}

/** Checks the parsed body's own signature and shape; undefined when it is not a notification. */
export function readNotification(ctx: Context, text: string): NotificationBody | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  if (!verify(fields, ctx.config.gateway.verificationKeys ?? [ctx.config.gateway.secretKey]))
    return undefined;
  if (typeof fields.notification_id !== 'string' || typeof fields.event !== 'string')
    return undefined;
  const sequence = Number(fields.sequence ?? 0);
  if (!Number.isSafeInteger(sequence) || sequence < 0) return undefined;
  return {
    ...fields,
    notification_id: fields.notification_id,
    event: fields.event,
    sequence,
  } as NotificationBody;
}

/** Applies one stored notification to its order or payout, then marks it applied. */
export async function applyNotification(
  ctx: Context,
  notification: NotificationBody,
): Promise<void> {
  if (notification.event.startsWith('payout.')) {
    const requestId = notification.request_id;
    if (typeof requestId === 'string' && typeof notification.status === 'string') {
      const {
        encryption_data: _signature,
        notification_id: _id,
        event: _event,
        sequence: _sequence,
        ...record
      } = notification;
      await ctx.store.updatePayout(requestId, notification.status, record);
    }
  } else if (notification.order_no) {
    await applyToOrder(ctx, notification);
  } else if (
    typeof notification.recurring_id === 'string' &&
    typeof notification.recurring_status === 'string' &&
    notification.recurring_status !== 'active'
  ) {
    await ctx.store.setSubscriptionStatus(notification.recurring_id, notification.recurring_status);
  }
  await ctx.store.markApplied(notification.notification_id);
}

async function applyToOrder(ctx: Context, notification: NotificationBody): Promise<void> {
  const attempt = await ctx.store.attempt(notification.order_no as string);
  const order = attempt && (await ctx.store.order(attempt.order_ref));
  // A notification of an attempt that is no longer the order's current one only makes history.
  if (!order || order.order_no !== notification.order_no) return;
  const status = notification.payment_status;
  if (!isOrderStatus(status)) return;
  const minor = (field: string) => {
    const value = notification[field];
    return typeof value === 'string' ? parseAmount(value, order.currency) : undefined;
  };
  const moves = mayMove(order.status, status) || status === order.status;
  const applied =
    moves &&
    (await ctx.store.applySequenced(order.order_ref, notification.sequence, {
      status,
      transaction_id: (notification.transaction_id as string | undefined) ?? order.transaction_id,
      result_info: (notification.result_info as string | undefined) ?? order.result_info,
      captured: minor('captured_amount') ?? order.captured,
      refunded: minor('refunded_amount') ?? order.refunded,
      ...(typeof notification.recurring_id === 'string'
        ? { recurring_id: notification.recurring_id }
        : {}),
    }));
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
    await reconcileOrder(ctx, (await ctx.store.order(order.order_ref)) ?? order).catch(
      (error: unknown) =>
        ctx.log.warn({ err: error }, 'reconciliation after an out-of-order notification failed'),
    );
  }
}

/** Applies what was stored but not applied (after a crash between acknowledging and applying). */
export async function applyPending(ctx: Context): Promise<number> {
  const pending = await ctx.store.unappliedNotifications();
  for (const row of pending) {
    const notification = readNotification(ctx, row.body);
    if (notification) await applyNotification(ctx, notification);
    else await ctx.store.markApplied(row.notification_id);
  }
  return pending.length;
}
