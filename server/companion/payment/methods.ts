/**
 * Which ways to pay an order offers, and in what order (the interface's "Optimise payment
 * methods" shows nothing, so the companion decides, locally). A method is offered when the
 * order's currency is one of its `currencies` and the shopper's country (when known) one of its
 * `countries`. The offered ones are ranked (a pure function, `rankMethods`):
 *
 * 1. the merchant's pinned methods (`methodOrder`) first, in that order;
 * 2. then by score: +4 for an app-based method (`mobileFirst`) on a phone, +2 for a method
 *    local to the shopper's country (it lists the country), +1 for one particular to the order's
 *    currency (it lists the currency);
 * 3. ties in the order of the configuration.
 *
 * So PIX (BRL, BR, app-based) comes first for BRL in Brazil on a phone, and the card first where
 * nothing local applies.
 */
import type { PaymentMethodOffer } from 'acquiring-checkout/contract';
import type { CompanionConfig, PaymentMethodConfig } from '../config/index.ts';
import { payerDocumentOf } from './payer.ts';
import { refusal } from '../core/index.ts';

/** Who is paying, as far as the companion can tell: the order's currency, and hints. */
export interface ShopperProfile {
  currency: string;
  /** ISO 3166 alpha-2, when the widget knows it (billing country, or the browser's region). */
  country?: string | undefined;
  device?: 'mobile' | 'desktop' | undefined;
}

/** The card alone: what a companion without `paymentMethods` offers in mode="auto". */
const CARD_ONLY: PaymentMethodConfig[] = [{ method: 'card' }];

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** True when `method` is offered for the profile. */
export function offers(method: PaymentMethodConfig, profile: ShopperProfile): boolean {
  if (method.currencies && !method.currencies.some((c) => same(c, profile.currency))) return false;
  const { country } = profile;
  if (method.countries && country) return method.countries.some((c) => same(c, country));
  return true;
}

function score(method: PaymentMethodConfig, profile: ShopperProfile): number {
  let points = 0;
  if (method.mobileFirst && profile.device === 'mobile') points += 4;
  const { country } = profile;
  if (country && method.countries?.some((c) => same(c, country))) points += 2;
  if (method.currencies?.some((c) => same(c, profile.currency))) points += 1;
  return points;
}

/** The methods offered for the profile, pinned ones first, then by score, then as configured. */
export function rankMethods(
  methods: readonly PaymentMethodConfig[],
  profile: ShopperProfile,
  pinned: readonly string[] = [],
): PaymentMethodConfig[] {
  const pin = (m: PaymentMethodConfig) => {
    const at = pinned.findIndex((name) => same(name, m.method));
    return at === -1 ? pinned.length : at;
  };
  return methods
    .map((method, index) => ({ method, index }))
    .filter(({ method }) => offers(method, profile))
    .sort(
      (a, b) =>
        pin(a.method) - pin(b.method) ||
        score(b.method, profile) - score(a.method, profile) ||
        a.index - b.index,
    )
    .map(({ method }) => method);
}

/** A method as the widget sees it (the contract's type): its flow, the payer document it needs. */
export type MethodView = PaymentMethodOffer;

/** The ranked methods of an order, for the widget's mode="auto". */
export function methodsFor(config: CompanionConfig, profile: ShopperProfile): MethodView[] {
  const ranked = rankMethods(config.paymentMethods ?? CARD_ONLY, profile, config.methodOrder);
  return ranked.map(({ method }) => {
    if (same(method, 'card')) return { method: 'card', flow: 'checkout' };
    const document = payerDocumentOf(config, method);
    return { method, flow: 'apm', ...(document ? { payer_document: document } : {}) };
  });
}

/**
 * Refuses a payment by a method the configuration does not offer for the order (400 naming
 * `payment_method`); with no `paymentMethods` configured, every method is offered.
 */
export function checkOffered(
  config: CompanionConfig,
  method: string,
  profile: ShopperProfile,
): void {
  if (!config.paymentMethods) return;
  const entry = config.paymentMethods.find((m) => same(m.method, method));
  if (entry && offers(entry, profile)) return;
  throw refusal(
    400,
    'Invalid request',
    'payment_method',
    `${method} is not offered for this order`,
  );
}
