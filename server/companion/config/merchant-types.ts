/**
 * What the merchant gives the companion about its orders, shoppers and ways to pay: the answers
 * of `resolveOrder` and `resolveShopper` (their types, and the schema an order is checked
 * against), and the payment method and instalment settings.
 */
import { z } from 'zod';

/**
 * What the merchant's `resolveOrder(ref)` answers: the order as the merchant's systems know it.
 * When it has items, or any of the parts below, they must add up to `amount` in minor units:
 * Σ unit_price × quantity + shipping + handling + tax_total + insurance − shipping_discount −
 * discount. An order that does not is refused (500 to the widget, the mismatch in the log).
 */
export interface ResolvedOrder {
  /** Decimal string in the currency's minor unit: `"25.00"`. */
  amount: string;
  currency: string;
  items: {
    name: string;
    sku?: string;
    /** Decimal string: the price of one. */
    unit_price: string;
    quantity: number;
    category?: string;
    /** cart_items' `type`: `physical` (default), `digital`, `service`… */
    type?: string;
  }[];
  /** Decimal strings, each a part of `amount`. */
  shipping?: string;
  handling?: string;
  tax_total?: string;
  insurance?: string;
  shipping_discount?: string;
  discount?: string;
  /** The coupons behind `discount` (the service's `total_discount`). */
  coupons?: { code: string; type: string }[];
  /** Makes the payment start a recurring contract. */
  subscription?: {
    contract_name: string;
    contract_amount: string;
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    billing_cycle?: number;
  };
}

/**
 * What the merchant's `resolveShopper(request)` answers for a signed-in shopper: who they are in
 * the shop's own accounts. It keys the shopper's saved cards and fills the service's
 * `account_owner` (risk data). Anonymous shoppers are `undefined`.
 */
export interface ResolvedShopper {
  /** The shop's own id of the account (1 to 64 characters): saved cards belong to it. */
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  /** When the account was opened, in Unix seconds. */
  created?: number;
  past_orders_count?: number;
  /** Decimal string, what the account's past orders came to. */
  past_orders_sum?: string;
  last_login_ip?: string;
  registration_ip?: string;
}

/**
 * A way to pay that the companion offers, and for which orders. `card` is the card (the hosted
 * checkout, or card fields); any other name is an APM's `payment_method`, as the service names it.
 */
export interface PaymentMethodConfig {
  method: string;
  /** Offered only for orders in these currencies (ISO 4217); default: any. */
  currencies?: string[];
  /** Offered only to shoppers in these countries (ISO 3166 alpha-2); default: any. */
  countries?: string[];
  /**
   * The payer's document the method needs (the widget asks for it, the companion checks it and
   * sends `person`): `CPF`. Without this entry's say, PIX needs a CPF and others nothing.
   */
  payerDocument?: 'CPF' | 'none';
  /** An app-based method (PIX, a wallet): ranked first on a phone where it applies. */
  mobileFirst?: boolean;
}

/** Instalments offered in one currency: the counts the shopper may choose, and the least each may be. */
export interface InstallmentPlan {
  /** Numbers of instalments offered, each 1 to 99: `[1, 2, 3, 6, 12]`. */
  counts: number[];
  /** Decimal string: a count is offered only when each instalment is at least this much. */
  minimum: string;
}

// Up to four decimals: CLF and UYW have four; each currency's own is held by parseAmount.
const decimal = z.string().regex(/^\d{1,15}(\.\d{1,4})?$/, 'a decimal string like "25.00"');

/** A ResolvedOrder as the merchant's backend answers it. */
export const ResolvedOrderSchema = z.object({
  amount: decimal,
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code like "USD"'),
  items: z.array(
    z.object({
      name: z.string().min(1).max(128),
      sku: z.string().max(64).optional(),
      unit_price: decimal,
      quantity: z.number().int().min(1),
      category: z.string().max(64).optional(),
      type: z.string().min(1).max(32).optional(),
    }),
  ),
  shipping: decimal.optional(),
  handling: decimal.optional(),
  tax_total: decimal.optional(),
  insurance: decimal.optional(),
  shipping_discount: decimal.optional(),
  discount: decimal.optional(),
  coupons: z
    .array(z.object({ code: z.string().min(1).max(64), type: z.string().min(1).max(32) }))
    .max(20)
    .optional(),
  subscription: z
    .object({
      contract_name: z.string().min(1).max(64),
      contract_amount: decimal,
      interval: z.enum(['day', 'week', 'month', 'year']),
      interval_count: z.number().int().min(1),
      billing_cycle: z.number().int().min(1).optional(),
    })
    .optional(),
}) satisfies z.ZodType<ResolvedOrder>;

/** What is wrong with an order a resolver answered, each problem naming its field; none: `[]`. */
export function orderProblems(order: unknown): string[] {
  const parsed = ResolvedOrderSchema.safeParse(order);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
