/**
 * The merchant's order, resolved and checked: the companion trusts `resolveOrder` for what is
 * paid, not for its shape or its arithmetic. An order whose shape is wrong, or whose items and
 * parts do not add up to its amount in minor units, is the merchant's to fix: the log names the
 * order and the problem, and the widget gets a 502 that says the shop could not price the order.
 */
import { inSpan } from '../../tracing.ts';
import {
  checkAmountBreakdown,
  formatAmount,
  MoneyError,
  parseAmount,
  type AmountBreakdown,
} from '../../gateway/index.ts';
import { orderProblems, type ResolvedOrder } from '../config/index.ts';
import { type Context, Problem, refusal } from '../core/index.ts';

/** The parts of an order's amount beyond its items, as the service names them. */
export const AMOUNT_PARTS = [
  'shipping',
  'handling',
  'tax_total',
  'insurance',
  'shipping_discount',
  'discount',
] as const;

/** A resolved order whose arithmetic holds, with its amounts in minor units. */
export interface PricedOrder {
  order: ResolvedOrder;
  /** `amount` in minor units. */
  amount: number;
  /** Σ unit_price × quantity in minor units; undefined for an order without items. */
  itemTotal: number | undefined;
  /** True when the order states a breakdown (items or parts) the service is sent. */
  itemised: boolean;
}

/** Σ unit_price × quantity, or a problem naming the item whose price cannot be read. */
function itemTotal(order: ResolvedOrder, problems: string[]): number {
  let total = 0;
  order.items.forEach((item, i) => {
    try {
      total += parseAmount(item.unit_price, order.currency) * item.quantity;
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      problems.push(`items.${i}.unit_price: ${error.message}`);
    }
  });
  if (!Number.isSafeInteger(total)) problems.push('items: the item total is too large');
  return total;
}

/** What is wrong with the order's prices: each problem names its field; none: `[]`. */
export function priceProblems(order: ResolvedOrder): {
  problems: string[];
  priced?: PricedOrder;
} {
  const problems: string[] = [];
  let amount: number;
  try {
    amount = parseAmount(order.amount, order.currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    return { problems: [`amount: ${error.message}`] };
  }
  // Nothing to pay is no payment: the service takes none, and refuses to capture one.
  if (amount <= 0) return { problems: ['amount: more than zero: this order has nothing to pay'] };
  const total = order.items.length > 0 ? itemTotal(order, problems) : undefined;
  const given = AMOUNT_PARTS.filter((part) => order[part] !== undefined);
  for (const part of given) {
    try {
      parseAmount(order[part] ?? '', order.currency);
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      problems.push(`${part}: ${error.message}`);
    }
  }
  const itemised = total !== undefined || given.length > 0;
  if (problems.length === 0 && itemised) {
    const breakdown: AmountBreakdown = {
      amount: order.amount,
      currency: order.currency,
      item_total: formatAmount(total ?? 0, order.currency),
    };
    for (const part of given) breakdown[part] = order[part];
    const mismatch = checkAmountBreakdown(breakdown);
    if (mismatch) problems.push(`amount: ${mismatch} (the items come to ${breakdown.item_total})`);
  }
  return problems.length > 0
    ? { problems }
    : { problems, priced: { order, amount, itemTotal: total, itemised } };
}

/**
 * Resolves `orderRef` with the merchant's resolveOrder: 404 when unknown, 502 when the merchant's
 * side fails or answers an order that cannot be paid. That is the shop's backend failing, not the
 * companion: the shopper reads a sentence, the log has the details.
 */
export async function priceOrder(ctx: Context, orderRef: string): Promise<PricedOrder> {
  const attributes = { 'acquiring.order_ref': orderRef };
  // Awaited here, so that an error's stack (and a trace of the path) names this step.
  return await inSpan('order price', { attributes }, () => resolveAndPrice(ctx, orderRef));
}

async function resolveAndPrice(ctx: Context, orderRef: string): Promise<PricedOrder> {
  let order: ResolvedOrder | undefined;
  try {
    order = await ctx.config.resolveOrder(orderRef);
  } catch (error) {
    ctx.log.error({ order_ref: orderRef, err: error }, 'resolveOrder failed');
    // The merchant's backend may be back in a moment.
    throw new Problem(502, 'Order not available', 'the shop could not look this order up', {
      retryable: true,
    });
  }
  if (!order) throw refusal(404, 'Unknown order', 'order_ref', `the shop has no order ${orderRef}`);
  let problems = orderProblems(order);
  let priced: PricedOrder | undefined;
  if (problems.length === 0) ({ problems, priced } = priceProblems(order));
  if (!priced) {
    ctx.log.error({ order_ref: orderRef, problems }, 'resolveOrder answered an invalid order');
    throw new Problem(502, 'Order not available', 'the shop could not price this order', {
      retryable: false,
    });
  }
  return priced;
}
