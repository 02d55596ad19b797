/**
 * The order and risk data a payment request carries, from the merchant's priced order and its
 * signed-in shopper: the breakdown and items (fields marked D A C), and the cart, coupons,
 * account owner, 3-D Secure window and storefront (D C). Also sent by the operations API's
 * payment with a stored token.
 */
import type { CheckoutSessionRequest } from 'acquiring-checkout/contract';
import { formatAmount, parseAmount } from '../../gateway/index.ts';
import type { ResolvedShopper } from '../config/index.ts';
import { AMOUNT_PARTS, type PricedOrder } from './priced-order.ts';

/**
 * A decimal string as the JSON number the interface asks for (cart prices, past orders' sum):
 * the canonical text read as a number, so `12.50` is 12.5, never a sum of floats.
 */
function amountNumber(text: string, currency: string): number {
  return Number(formatAmount(parseAmount(text, currency), currency));
}

/** The interface's `items`: entries joined by `#;#`, fields by `#,#`; the separators are removed. */
function itemsText(priced: PricedOrder): string {
  const { currency } = priced.order;
  const clean = (text: string) => text.replaceAll('#;#', ' ').replaceAll('#,#', ' ');
  return priced.order.items
    .map((item) => {
      const price = formatAmount(parseAmount(item.unit_price, currency), currency);
      return [item.name, item.sku ?? '', price, String(item.quantity)].map(clean).join('#,#');
    })
    .join('#;#');
}

/** Fields of every flow (D A C): the items and, for an itemised order, its breakdown. */
export function orderFields(priced: PricedOrder) {
  const { order } = priced;
  // Each part as the service writes amounts in the currency (10.5 → 10.50).
  const parts: Partial<Record<(typeof AMOUNT_PARTS)[number], string>> = {};
  for (const part of AMOUNT_PARTS) {
    const text = order[part];
    if (text !== undefined)
      parts[part] = formatAmount(parseAmount(text, order.currency), order.currency);
  }
  return {
    items: itemsText(priced),
    ...(priced.itemised
      ? { item_total: formatAmount(priced.itemTotal ?? 0, order.currency), ...parts }
      : {}),
  };
}

/** The shop's account of the shopper, as the service's `account_owner`. */
function accountOwner(shopper: ResolvedShopper, currency: string) {
  return {
    account_id: shopper.id,
    first_name: shopper.first_name,
    last_name: shopper.last_name,
    email: shopper.email,
    created: shopper.created,
    past_orders_count: shopper.past_orders_count,
    past_orders_sum:
      shopper.past_orders_sum === undefined
        ? undefined
        : amountNumber(shopper.past_orders_sum, currency),
    lastLogin_ip: shopper.last_login_ip,
    registration_ip: shopper.registration_ip,
  };
}

/** Fields of the card and checkout flows (D C): cart, coupons, account, challenge window, shop. */
export function riskFields(
  priced: PricedOrder,
  shopper: ResolvedShopper | undefined,
  body: Pick<CheckoutSessionRequest, 'challenge_window_size'>,
  storefrontOrigin?: string,
) {
  const { order } = priced;
  const owner = shopper && accountOwner(shopper, order.currency);
  return {
    cart_items: order.items.map((item) => ({
      basic_item_data: {
        name: item.name,
        quantity: String(item.quantity),
        type: item.type ?? 'physical',
        price: {
          amount_local_currency: amountNumber(item.unit_price, order.currency),
          currency: order.currency,
        },
        ...(item.category ? { category: item.category } : {}),
        ...(item.sku ? { productId: item.sku } : {}),
      },
    })),
    ...(order.coupons?.length
      ? {
          total_discount: order.coupons.map((c) => ({
            coupon_code_used: c.code,
            discount_type: c.type,
          })),
        }
      : {}),
    ...(owner
      ? {
          account_owner: [
            Object.fromEntries(Object.entries(owner).filter(([, v]) => v !== undefined)),
          ],
        }
      : {}),
    ...(body.challenge_window_size ? { challenge_window_size: body.challenge_window_size } : {}),
    ...(storefrontOrigin ? { storefront_domains: new URL(storefrontOrigin).host } : {}),
  };
}
