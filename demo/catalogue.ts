/**
 * The demo shop's catalogue and its `resolveOrder`: the order reference carries the cart (see
 * `cartOf`). A real merchant looks the reference up in its own order system.
 */
import type { ResolvedOrder } from 'acquiring-checkout-server/companion';
import { formatAmount, parseAmount } from 'acquiring-checkout-server/gateway';

export interface Product {
  sku: string;
  name: string;
  price: string;
  currency: string;
  subscription?: ResolvedOrder['subscription'];
}

export const CATALOGUE: readonly Product[] = [
  { sku: 'mug', name: 'Enamel mug', price: '12.00', currency: 'USD' },
  { sku: 'tee', name: 'Organic T-shirt', price: '25.00', currency: 'USD' },
  { sku: 'poster', name: 'Risograph poster', price: '9.50', currency: 'USD' },
  // Priced in reais: instalments and PIX (demo/payment-options.ts) are offered for it.
  { sku: 'cafe', name: 'Café do Cerrado, 1 kg', price: '89.90', currency: 'BRL' },
  {
    sku: 'coffee',
    name: 'Coffee, monthly',
    price: '15.00',
    currency: 'USD',
    subscription: {
      contract_name: 'Coffee monthly',
      contract_amount: '15.00',
      interval: 'month',
      interval_count: 1,
    },
  },
];

/** One line of a cart: a product and how many. */
export interface CartLine {
  product: Product;
  quantity: number;
}

/**
 * Reads the cart out of an order reference: `<sku>[_<qty>][-<sku>[_<qty>]…].<nonce>`, e.g.
 * `mug_2-tee.k3x9`. A subscription is bought on its own, one at a time; a cart is in one
 * currency.
 */
export function cartOf(reference: string): CartLine[] | undefined {
  // A public demo heads each reference with the visitor's space (demo/spaces.ts): `v…10 hex…`.
  const orderRef = /^v[0-9a-f]{10}\./.test(reference) ? reference.slice(12) : reference;
  const dot = orderRef.indexOf('.');
  if (dot < 1) return undefined;
  const lines: CartLine[] = [];
  for (const part of orderRef.slice(0, dot).split('-')) {
    const match = /^([a-z]+)(?:_([1-9]\d?))?$/.exec(part);
    const product = CATALOGUE.find((p) => p.sku === match?.[1]);
    if (!match || !product || lines.some((line) => line.product === product)) return undefined;
    lines.push({ product, quantity: Number(match[2] ?? 1) });
  }
  const subscription = lines.find((line) => line.product.subscription);
  if (subscription && (lines.length > 1 || subscription.quantity > 1)) return undefined;
  if (new Set(lines.map((line) => line.product.currency)).size > 1) return undefined;
  return lines;
}

/** The companion's `resolveOrder`: the amount comes from the catalogue, never from the browser. */
export function resolveOrder(orderRef: string): ResolvedOrder | undefined {
  const lines = cartOf(orderRef);
  if (!lines) return undefined;
  const currency = lines[0]?.product.currency ?? 'USD';
  const total = lines.reduce(
    (sum, { product, quantity }) => sum + parseAmount(product.price, currency) * quantity,
    0,
  );
  const subscription = lines[0]?.product.subscription;
  return {
    amount: formatAmount(total, currency),
    currency,
    items: lines.map(({ product, quantity }) => ({
      name: product.name,
      sku: product.sku,
      unit_price: product.price,
      quantity,
    })),
    ...(subscription ? { subscription } : {}),
  };
}
