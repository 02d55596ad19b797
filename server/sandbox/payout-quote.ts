/**
 * What a payout costs and brings, at the sandbox (the interface does not say; this is our
 * decision, in the docs' Payouts guide):
 *
 * - payment_amount and source_amount are the same principal in the payment and the source
 *   currency. Given one, the other is converted at the test rate (TEST_RATES_PER_USD), rounded
 *   half up to the target currency's minor unit.
 * - The fee is in the source currency: 1.00 plus 0.5 % of source_amount, rounded half up.
 * - fee_paid_by PAYER: the payer pays source_amount + fee, the beneficiary receives
 *   payment_amount. Otherwise the payer pays source_amount and the beneficiary receives
 *   payment_amount less the fee converted at the same rate.
 *
 * Everything is integer minor units; the conversion multiplies and divides BigInts, so no binary
 * fraction ever enters a sum.
 */
import {
  currencyExponent,
  formatAmount,
  parseAmount,
  type PayoutRequest,
} from '../gateway/index.ts';
import { HttpError } from './http-error.ts';
import { TEST_RATES_PER_USD } from './test-inputs.ts';
import { present } from '../unknown.ts';

/** A payout's amounts in minor units: source side (source currency) and payment side. */
export interface PayoutQuote {
  sourceCurrency: string;
  paymentCurrency: string;
  source: number;
  payment: number;
  /** In the source currency. */
  fee: number;
  /** In the source currency. */
  payerPays: number;
  /** In the payment currency. */
  beneficiaryReceives: number;
}

/** `"0.92"` as 92 / 100. */
function rational(decimal: string): { numerator: bigint; denominator: bigint } {
  const [whole = '', fraction = ''] = decimal.split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

function rateOf(currency: string, field: string): { numerator: bigint; denominator: bigint } {
  const rate = TEST_RATES_PER_USD[currency];
  if (!rate) {
    const known = Object.keys(TEST_RATES_PER_USD).join(', ');
    throw new HttpError(
      400,
      `${field}: the sandbox has no test rate for ${currency}; it converts between ${known}`,
      field,
    );
  }
  return rational(rate);
}

/**
 * `minor` units of `from` in units of `to` at the test rates, rounded half up. Same currency: as is.
 * `fields` name the request fields a currency without a rate is blamed on.
 */
export function convertMinor(
  minor: number,
  from: string,
  to: string,
  fields: { from: string; to: string } = { from: 'source_currency', to: 'payment_currency' },
): number {
  if (from === to) return minor;
  const source = rateOf(from, fields.from);
  const target = rateOf(to, fields.to);
  // value_to = value_from × rate_to / rate_from, each in its own minor unit.
  const numerator =
    BigInt(minor) * target.numerator * source.denominator * 10n ** BigInt(currencyExponent(to));
  const denominator = source.numerator * target.denominator * 10n ** BigInt(currencyExponent(from));
  const rounded = (2n * numerator + denominator) / (2n * denominator);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER))
    throw new HttpError(400, `${fields.from}: the converted amount is too large`, fields.from);
  return Number(rounded);
}

/** The fee on a payout of `amount` minor units of `currency`: 1.00 plus 0.5 %, half up. */
export function payoutFee(amount: number, currency: string): number {
  const fixed = parseAmount('1', currency);
  return fixed + Math.floor((amount * 5 + 500) / 1000);
}

/**
 * Refuses a payment_amount and a source_amount that are not the same principal at the test rate:
 * each converted to the other's currency must come within one minor unit of it (the rounding of
 * one conversion), or, in one currency, be equal. Otherwise the quote the merchant holds is
 * stale: the refusal names the amount the sandbox would quote.
 */
function checkAgree(payment: number, paymentCurrency: string, source: number, sourceCurrency: string): void {
  const toSource = { from: 'payment_currency', to: 'source_currency' };
  const toPayment = { from: 'source_currency', to: 'payment_currency' };
  const quoted = convertMinor(payment, paymentCurrency, sourceCurrency, toSource);
  const slack = paymentCurrency === sourceCurrency ? 0 : 1;
  const agrees = Math.abs(quoted - source) <= slack
    || Math.abs(convertMinor(source, sourceCurrency, paymentCurrency, toPayment) - payment) <= slack;
  if (agrees) return;
  const as = (minor: number, currency: string) => `${formatAmount(minor, currency)} ${currency}`;
  throw new HttpError(
    400,
    `source_amount: ${as(source, sourceCurrency)} is not payment_amount ${as(payment, paymentCurrency)} at the test rate, which quotes ${as(quoted, sourceCurrency)}: the quote is stale; give one amount, or both as quoted`,
    'source_amount',
  );
} // prettier-ignore

/** The quote of a payout request, or an HttpError naming the field that makes it impossible. */
export function quotePayout(fields: PayoutRequest): PayoutQuote {
  const paymentCurrency = fields.payment_currency;
  const sourceCurrency = fields.source_currency ?? paymentCurrency;
  const toPayment = { from: 'source_currency', to: 'payment_currency' };
  const toSource = { from: 'payment_currency', to: 'source_currency' };
  let payment: number;
  let source: number;
  if (fields.payment_amount && fields.source_amount) {
    // Both, as the interface's payout record carries them: taken when they agree at the rate.
    payment = parseAmount(fields.payment_amount, paymentCurrency);
    source = parseAmount(fields.source_amount, sourceCurrency);
    checkAgree(payment, paymentCurrency, source, sourceCurrency);
  } else if (fields.payment_amount) {
    payment = parseAmount(fields.payment_amount, paymentCurrency);
    source = convertMinor(payment, paymentCurrency, sourceCurrency, toSource);
  } else {
    // The schema asks for one of the two: here, source_amount.
    source = parseAmount(present(fields.source_amount, 'source_amount'), sourceCurrency);
    payment = convertMinor(source, sourceCurrency, paymentCurrency, toPayment);
  }
  const fee = payoutFee(source, sourceCurrency);
  const payerPaysFee = fields.fee_paid_by === 'PAYER';
  const feeInPayment = convertMinor(fee, sourceCurrency, paymentCurrency, toPayment);
  if (!payerPaysFee && feeInPayment >= payment) {
    throw new HttpError(
      400,
      `payment_amount does not cover the fee of ${formatAmount(fee, sourceCurrency)} ${sourceCurrency}`,
      'payment_amount',
    );
  }
  return {
    sourceCurrency,
    paymentCurrency,
    source,
    payment,
    fee,
    payerPays: payerPaysFee ? source + fee : source,
    beneficiaryReceives: payerPaysFee ? payment : payment - feeInPayment,
  };
}

/**
 * Minor units as the JSON number the interface gives for the response-only amounts: 10150 GBP is
 * 101.5. Refused when the number could not carry the amount exactly (more than 15 digits).
 */
export function exactNumber(minor: number, currency: string, field: string): number {
  const value = Number(formatAmount(minor, currency));
  let back: number | undefined;
  try {
    back = parseAmount(String(value), currency);
  } catch {
    // 1e+21 and the like: not a decimal the amount can be read back from.
  }
  if (back !== minor)
    throw new HttpError(400, `${field}: the amount is too large to answer exactly`, field);
  return value;
}
