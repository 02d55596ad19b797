/**
 * The flow and method a payment is counted under in the metrics: the same bounded values when it
 * starts (`payments_started_total`) and when its order reaches a status
 * (`payments_settled_total`), so that one can be divided by the other. Never an order reference:
 * a method the merchant did not configure is `other`.
 */
import { WAITING } from '../attempt-machine/order-status.ts';
import type { CompanionConfig } from '../config/config.ts';
import type { Context } from '../core/context.ts';
import type { PaymentRequest } from '../payment/payment-fields.ts';
import type { Attempt, Order } from '../store/store.ts';
import { isRecord, parsedJson } from '../../unknown.ts';

/** `checkout` (the hosted page), `card`, `apm` or `saved_card`: how the widget asked to pay. */
export type PaymentFlow = PaymentRequest['kind'];

export interface PaymentLabels {
  flow: PaymentFlow;
  /** `hosted` (the shopper chooses on the page), `card`, an offered APM (or pix), or `other`. */
  method: string;
}

/** The method names a label may hold: card, pix, and the merchant's configured methods. */
function knownMethods(config: Pick<CompanionConfig, 'paymentMethods'>): string[] {
  const configured = (config.paymentMethods ?? []).map((m) => m.method.toLowerCase());
  return [...new Set(['card', 'pix', ...configured])];
}

/** The labels of a payment of `flow`; an APM's `paymentMethod` is the one its request named. */
export function paymentLabels(
  config: Pick<CompanionConfig, 'paymentMethods'>,
  flow: PaymentFlow,
  paymentMethod?: unknown,
): PaymentLabels {
  if (flow === 'checkout') return { flow, method: 'hosted' };
  if (flow !== 'apm') return { flow, method: 'card' };
  const method = typeof paymentMethod === 'string' ? paymentMethod.toLowerCase() : '';
  return { flow, method: knownMethods(config).includes(method) ? method : 'other' };
}

/** Every pair of labels a payment can be started under, for counters that start at 0. */
export function allPaymentLabels(config: Pick<CompanionConfig, 'paymentMethods'>): PaymentLabels[] {
  const apms = knownMethods(config).filter((method) => method !== 'card');
  return [
    paymentLabels(config, 'checkout'),
    paymentLabels(config, 'card'),
    paymentLabels(config, 'saved_card'),
    ...[...apms, 'other'].map((method) => ({ flow: 'apm' as const, method })),
  ];
}

/**
 * The labels of the payment an attempt made, from what it was sent with (its `details`: a saved
 * card's `token_id`, an APM's `payment_method`); the order's mode for an attempt without them.
 */
function attemptLabels(config: CompanionConfig, order: Order, attempt?: Attempt): PaymentLabels {
  const parsed = attempt?.details ? parsedJson(attempt.details) : undefined;
  const sent = isRecord(parsed) ? parsed : {};
  const mode = attempt?.mode ?? order.mode;
  const flow = mode === 'card' && typeof sent.token_id === 'string' ? 'saved_card' : mode;
  return paymentLabels(config, flow, sent.payment_method);
}

/**
 * What told the companion an order's new status: a notification, reconciliation's query, the
 * service's answer to a direct card payment (which settles its order at once), or its answer to
 * an operation (a capture, refund or cancel). Each counts only where it moved the status: the
 * notification that follows an answer, of the status the order already has, is not counted again.
 */
export type SettledSource = 'notification' | 'reconciliation' | 'answer' | 'operation';

/**
 * Counts `order` as having reached `status` from `source`, under the labels its current attempt
 * was started with (`attempt` if the caller has it, else read). A status that still waits for the
 * shopper or the service (`pending`, …) is not a settlement and is not counted. Never throws: a
 * store that fails here leaves the labels of the order's mode.
 */
export async function countSettled(
  ctx: Context,
  order: Order,
  status: string,
  source: SettledSource,
  attempt?: Attempt,
): Promise<void> {
  if (WAITING.some((waiting) => waiting === status)) return;
  const { order_no } = order;
  const current =
    attempt ??
    (order_no ? await ctx.store.attempts.get(order_no).catch(() => undefined) : undefined);
  ctx.metrics.paymentsSettled.inc({ status, source, ...attemptLabels(ctx.config, order, current) });
}
