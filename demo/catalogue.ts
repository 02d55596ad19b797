/**
 * The demo shop's catalogue and its `resolveOrder`: an order reference is `<sku>.<anything>`, one
 * item of that product. A real merchant looks the reference up in its own order system.
 */
import type { ResolvedOrder } from '../server/companion/config.ts';

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

export function resolveOrder(orderRef: string): ResolvedOrder | undefined {
  const product = CATALOGUE.find((p) => orderRef.startsWith(`${p.sku}.`));
  if (!product) return undefined;
  return {
    amount: product.price,
    currency: product.currency,
    items: [{ name: product.name, sku: product.sku, unit_price: product.price, quantity: 1 }],
    ...(product.subscription ? { subscription: product.subscription } : {}),
  };
}
