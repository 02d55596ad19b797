/**
 * Money: decimal strings on the wire, integer minor units inside.
 *
 * Minor units are plain `number`s kept within `Number.MAX_SAFE_INTEGER`, so every sum and
 * difference is exact; no value ever passes through a binary fraction.
 */

/** ISO 4217 currencies whose minor unit is not 2. Everything else that Intl knows has 2. */
const EXPONENT_EXCEPTIONS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0,
  UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
}; // prettier-ignore

const KNOWN_CURRENCIES = new Set<string>([
  ...Intl.supportedValuesOf('currency'),
  ...Object.keys(EXPONENT_EXCEPTIONS),
]);

/** Thrown for an amount or currency that cannot be represented exactly. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/** Whether `code` is an ISO 4217 currency this code can count in (`USD`, not `AAA`). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && KNOWN_CURRENCIES.has(code);
}

/** The number of decimals the currency's minor unit has (JPY 0, USD 2, KWD 3). */
export function currencyExponent(currency: string): number {
  if (!isCurrency(currency)) {
    throw new MoneyError(`unknown currency "${currency}": expected an ISO 4217 code like USD`);
  }
  return EXPONENT_EXCEPTIONS[currency] ?? 2;
}

/**
 * Reads a decimal string into integer minor units: `parseAmount('10.50', 'USD') === 1050`.
 * Accepts at most the currency's number of decimals, no sign, no exponent, no leading zeros.
 */
export function parseAmount(text: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(text);
  if (!match) {
    throw new MoneyError(`amount "${text}" is not a non-negative decimal string like 10.50`);
  }
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > exponent) {
    throw new MoneyError(
      `amount "${text}" has ${fraction.length} decimals; ${currency} allows ${exponent}`,
    );
  }
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(minor)) throw new MoneyError(`amount "${text}" is too large`);
  return minor;
}

/** Writes integer minor units as the canonical decimal string: `formatAmount(1050, 'USD') === '10.50'`. */
export function formatAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new MoneyError(`amount ${minor} is not a non-negative whole number of minor units`);
  }
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** True when `text` is an amount `parseAmount` accepts for the currency. */
export function isAmount(text: string, currency: string): boolean {
  try {
    parseAmount(text, currency);
    return true;
  } catch {
    return false;
  }
}

/** The breakdown fields of a payment order that add up to its `amount`. */
export interface AmountBreakdown {
  amount: string;
  currency: string;
  item_total?: string | undefined;
  shipping?: string | undefined;
  handling?: string | undefined;
  tax_total?: string | undefined;
  insurance?: string | undefined;
  shipping_discount?: string | undefined;
  discount?: string | undefined;
}

const ADDED = ['item_total', 'shipping', 'handling', 'tax_total', 'insurance'] as const;
const SUBTRACTED = ['shipping_discount', 'discount'] as const;

/**
 * Checks `amount` = item_total + shipping + handling + tax_total + insurance − shipping_discount −
 * discount. Only the parts that are given count; when none is given there is nothing to check.
 * Returns a message describing the mismatch, or `undefined` when the parts add up.
 */
export function checkAmountBreakdown(order: AmountBreakdown): string | undefined {
  const given = (name: keyof AmountBreakdown) => order[name] !== undefined && order[name] !== '';
  if (![...ADDED, ...SUBTRACTED].some(given)) return undefined;
  const minor = (name: keyof AmountBreakdown) => {
    const text = order[name];
    return text !== undefined && text !== '' ? parseAmount(text, order.currency) : 0;
  };
  const expected =
    ADDED.reduce((sum, name) => sum + minor(name), 0) -
    SUBTRACTED.reduce((sum, name) => sum + minor(name), 0);
  const amount = parseAmount(order.amount, order.currency);
  if (amount === expected) return undefined;
  const shown =
    expected < 0
      ? `-${formatAmount(-expected, order.currency)}`
      : formatAmount(expected, order.currency);
  return `amount ${order.amount} does not match its breakdown, which adds up to ${shown}`;
}
