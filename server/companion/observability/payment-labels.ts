/**
 * The flow and method a payment is counted under in the metrics: the same bounded values when it
 * starts (`payments_started_total`) and when its order reaches a status
 * (`payments_settled_total`), so that one can be divided by the other. Never an order reference:
 * a method the merchant did not configure is `other`.
 */
import type { CompanionConfig } from '../config/index.ts';

/**
 * `checkout` (the hosted page), `card`, `apm` or `saved_card`: how the widget asked to pay (the
 * payment folder's request kinds, which the compiler holds to these where they are counted).
 */
export type PaymentFlow = 'checkout' | 'card' | 'apm' | 'saved_card';

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
