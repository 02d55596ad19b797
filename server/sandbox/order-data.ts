/**
 * The order and risk data a payment carries, as the sandbox checks and keeps it: the items (the
 * `items` text and `cart_items`) must come to `item_total` in minor units, in the order's
 * currency, and what was sent is kept on the order (`details`) for the admin view and the tests.
 */
import {
  formatAmount,
  isCpf,
  MoneyError,
  parseAmount,
  type ApmPaymentRequest,
  type CheckoutRequest,
  type DirectPaymentRequest,
} from '../gateway/index.ts';
import { HttpError } from './http-error.ts';
import { APM_PAYER_DOCUMENTS } from './test-inputs.ts';

type PaymentFields = DirectPaymentRequest | ApmPaymentRequest | CheckoutRequest;

/** The fields kept as the order's details, when the request has them. */
const DETAIL_FIELDS = [
  'items', 'item_total', 'shipping', 'handling', 'tax_total', 'insurance', 'shipping_discount',
  'discount', 'cart_items', 'account_owner', 'total_discount', 'challenge_window_size',
  'storefront_domains', 'shopper_id', 'installments', 'installments_id', 'person', 'token_flag',
  'token_id',
] as const; // prettier-ignore

/** Minor units of a decimal text or JSON number, or a 400 naming `field`. */
function minor(value: string | number, currency: string, field: string): number {
  try {
    return parseAmount(String(value), currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new HttpError(400, `${field}: ${error.message}`, field);
  }
}

function quantity(text: string, field: string): number {
  if (!/^[1-9]\d{0,5}$/.test(text))
    throw new HttpError(400, `${field}: expected a whole quantity from 1`, field);
  return Number(text);
}

/** Σ unit price × quantity of the `items` text (`name#,#number#,#price#,#quantity#;#…`). */
function itemsTotal(items: string, currency: string): number {
  return items.split('#;#').reduce((sum, entry, i) => {
    const parts = entry.split('#,#');
    if (parts.length !== 4)
      throw new HttpError(
        400,
        `items: entry ${i + 1} has ${parts.length} fields; expected name, number, unit price, quantity`,
        'items',
      );
    return sum + minor(parts[2] ?? '', currency, 'items') * quantity(parts[3] ?? '', 'items');
  }, 0);
}

/** Σ amount_local_currency × quantity of `cart_items`, each in the order's currency. */
function cartTotal(cart: NonNullable<CheckoutRequest['cart_items']>, currency: string): number {
  return cart.reduce((sum, { basic_item_data: item }, i) => {
    const field = `cart_items.${i}.basic_item_data`;
    if (item.price.currency !== currency)
      throw new HttpError(
        400,
        `${field}.price.currency: ${item.price.currency} is not the order's ${currency}`,
        `${field}.price.currency`,
      );
    const price = minor(item.price.amount_local_currency, currency, `${field}.price`);
    return sum + price * quantity(item.quantity, `${field}.quantity`);
  }, 0);
}

/** Refuses items that do not come to item_total; the order's details otherwise. */
export function orderDetails(fields: PaymentFields): Record<string, unknown> {
  const { currency, item_total } = fields;
  const expected = item_total === undefined ? undefined : parseAmount(item_total, currency);
  const check = (total: number, field: string) => {
    if (expected !== undefined && total !== expected)
      throw new HttpError(
        400,
        `${field}: the items come to ${formatAmount(total, currency)}, not item_total ${item_total}`,
        field,
      );
  };
  if ('installments' in fields && fields.installments !== undefined) {
    if (!/^[1-9]\d?$/.test(fields.installments))
      throw new HttpError(400, 'installments: expected a count from 1 to 99', 'installments');
  }
  if (fields.items) check(itemsTotal(fields.items, currency), 'items');
  if ('cart_items' in fields && fields.cart_items?.length)
    check(cartTotal(fields.cart_items, currency), 'cart_items');
  const details: Record<string, unknown> = {};
  for (const name of DETAIL_FIELDS) {
    const value: unknown = Reflect.get(fields, name);
    if (value !== undefined && value !== '') details[name] = value;
  }
  return details;
}

/** Refuses an APM payment without the payer document its method needs (a valid CPF for PIX). */
export function checkPayer(fields: ApmPaymentRequest): void {
  const needed = APM_PAYER_DOCUMENTS[fields.payment_method.toUpperCase()];
  if (!needed) return;
  const person = fields.person;
  if (!person?.document_number)
    throw new HttpError(
      400,
      `person.document_number: ${fields.payment_method} needs the payer's ${needed}`,
      'person.document_number',
    );
  if (person.document_type && person.document_type !== needed)
    throw new HttpError(
      400,
      `person.document_type: ${fields.payment_method} needs a ${needed}`,
      'person.document_type',
    );
  if (!isCpf(person.document_number))
    throw new HttpError(
      400,
      'person.document_number: not a valid CPF (its check digits do not match)',
      'person.document_number',
    );
}
