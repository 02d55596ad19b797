/**
 * The service's notifications (the interface shows none: these are the sandbox's, and this
 * project's decision). Every notification names its merchant and account; an order's carries
 * what the service holds of the payment, so the companion can check it against what was asked.
 */
import { z } from 'zod';
import { currencyCode, decimalString } from './formats.ts';

const common = {
  notification_id: z.string().min(1).max(64),
  event: z.string().min(1).max(64),
  /** Per order (or payout), increasing: an older one never undoes a newer one. */
  sequence: z.coerce.number().int().min(0).default(0),
  merchant_id: z.string().min(1),
  account_id: z.string().min(1).optional(),
  event_time: z.string().optional(),
};

/**
 * The state of one payment (an order number of ours): `payment.<status>`, and a subscription's
 * later charges (`subscription.charged`, with an order number of their own).
 */
export const PaymentNotification = z.looseObject({
  ...common,
  order_no: z.string().min(1),
  account_id: z.string().min(1),
  transaction_id: z.string().optional(),
  amount: decimalString,
  currency: currencyCode,
  payment_status: z.string().min(1),
  result_info: z.string().optional(),
  captured_amount: decimalString.optional(),
  refunded_amount: decimalString.optional(),
  recurring_id: z.string().optional(),
});
export type PaymentNotification = z.infer<typeof PaymentNotification>;

/** `payout.<status>`: a payout's new status, with its record. */
export const PayoutNotification = z.looseObject({
  ...common,
  event: z.string().regex(/^payout\./),
  request_id: z.string().min(1),
  status: z.string().min(1),
});
export type PayoutNotification = z.infer<typeof PayoutNotification>;

/** `subscription.<status>`: a recurring contract that is no longer active. */
export const SubscriptionNotification = z.looseObject({
  ...common,
  event: z.string().regex(/^subscription\./),
  recurring_id: z.string().min(1),
  recurring_status: z.string().min(1),
});
export type SubscriptionNotification = z.infer<typeof SubscriptionNotification>;

/** Any notification: a payment's (it names an order number), a payout's, or a subscription's. */
export type Notification =
  | { kind: 'payment'; body: PaymentNotification }
  | { kind: 'payout'; body: PayoutNotification }
  | { kind: 'subscription'; body: SubscriptionNotification };

/** A notification read, or the field that made it unreadable and why. */
export type NotificationReading =
  { ok: true; notification: Notification } | { ok: false; field: string; reason: string };

/** Reads a notification's fields by its event, or says which field is not as the event needs. */
export function parseNotification(fields: Record<string, unknown>): NotificationReading {
  const event = typeof fields.event === 'string' ? fields.event : '';
  const read = <K extends Notification['kind'], T>(
    kind: K,
    schema: z.ZodType<T>,
  ): NotificationReading => {
    const parsed = schema.safeParse(fields);
    if (parsed.success)
      return { ok: true, notification: { kind, body: parsed.data } as Notification };
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      field: issue?.path.map(String).join('.') || '(body)',
      reason: issue?.message ?? 'not a notification',
    };
  };
  if (event.startsWith('payout.')) return read('payout', PayoutNotification);
  if ('order_no' in fields) return read('payment', PaymentNotification);
  if (event.startsWith('subscription.')) return read('subscription', SubscriptionNotification);
  return { ok: false, field: 'event', reason: 'not an event of a payment, payout or subscription' };
}
