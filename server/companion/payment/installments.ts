/**
 * Instalments: the counts a currency's plan offers for an order, each instalment's amount in
 * integer minor units (the amount divided evenly, the remainder on the first), and the check of
 * a shopper's choice against the plan. The service is sent `installments` (the count) and
 * `installments_id` (`<currency>-<count>`, naming the plan chosen: our decision, the interface
 * shows neither's format).
 */
import type { InstallmentOffer } from 'acquiring-checkout/contract';
import { formatAmount, parseAmount } from '../../gateway/index.ts';
import type { InstallmentPlan } from '../config/index.ts';
import type { PricedOrder } from './priced-order.ts';
import { refusal } from '../core/index.ts';

/** One offered count: the first instalment (with the remainder) and each of the others. */
export interface InstallmentOption {
  count: number;
  /** Minor units. */
  first: number;
  /** Minor units. */
  each: number;
}

/** `amount` split in `count`: the remainder on the first. */
export function splitAmount(amount: number, count: number): InstallmentOption {
  const each = Math.floor(amount / count);
  return { count, first: each + (amount - each * count), each };
}

/** The counts the plan offers for `amount` minor units: each instalment at least the minimum. */
export function installmentOptions(
  amount: number,
  currency: string,
  plan: InstallmentPlan,
): InstallmentOption[] {
  const minimum = parseAmount(plan.minimum, currency);
  return [...new Set(plan.counts)]
    .sort((a, b) => a - b)
    .map((count) => splitAmount(amount, count))
    .filter((option) => option.each >= minimum && option.each > 0);
}

/** The options of a priced order (none for a subscription, or a currency without a plan). */
export function orderInstallments(
  plans: Record<string, InstallmentPlan> | undefined,
  priced: PricedOrder,
): InstallmentOption[] {
  const plan = plans?.[priced.order.currency];
  if (!plan || priced.order.subscription) return [];
  return installmentOptions(priced.amount, priced.order.currency, plan);
}

/** An option as the widget sees it: amounts as decimal strings. */
export function installmentView(option: InstallmentOption, currency: string): InstallmentOffer {
  return {
    count: option.count,
    first: formatAmount(option.first, currency),
    each: formatAmount(option.each, currency),
  };
}

/**
 * The service's instalment fields for the shopper's chosen count, or none for a single payment;
 * 400 naming `installments` for a count the order's plan does not offer.
 */
export function chosenInstallments(
  plans: Record<string, InstallmentPlan> | undefined,
  priced: PricedOrder,
  count: number | undefined,
): { installments?: string; installments_id?: string } {
  if (count === undefined || count === 1) return {};
  const offered = orderInstallments(plans, priced).map((option) => option.count);
  if (!offered.includes(count)) {
    const message = offered.length
      ? `${count} is not offered for this order; choose one of ${offered.join(', ')}`
      : 'this order cannot be paid in instalments';
    throw refusal(400, 'Invalid request', 'installments', message);
  }
  return { installments: String(count), installments_id: `${priced.order.currency}-${count}` };
}
