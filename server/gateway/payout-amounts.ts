/**
 * A payout record's amounts as exact decimal strings. The interface gives the response-only
 * amounts as JSON numbers without their currency; this project reads `amount_payer_pays` and
 * `fee_amount` in `fee_currency` (else the source currency) and `amount_beneficiary_receives` in
 * `payment_currency` (the docs' Payouts guide), and writes each with its currency's decimals.
 */
import { z } from 'zod';
import { formatAmount, parseAmount } from './money.ts';
import { currencyCode, decimalString, numberLike } from './schemas/formats.ts';

/** The amount fields of a payout record, or of a payout notification (which carries the same). */
const AmountFields = z.object({
  payment_amount: decimalString.optional(),
  payment_currency: currencyCode.optional(),
  source_amount: decimalString.optional(),
  source_currency: currencyCode.optional(),
  fee_amount: numberLike.optional(),
  fee_currency: currencyCode.optional(),
  amount_payer_pays: numberLike.optional(),
  amount_beneficiary_receives: numberLike.optional(),
});

/** What a payout moves, every amount a decimal string in the currency beside it. */
export interface PayoutAmounts {
  source_amount: string;
  source_currency: string;
  payment_amount: string;
  payment_currency: string;
  fee_amount: string;
  fee_currency: string;
  amount_payer_pays: string;
  amount_beneficiary_receives: string;
}

/** A JSON number (or its text) of `currency` as the canonical decimal string; undefined if not one. */
function decimal(value: number | string | undefined, currency: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    return formatAmount(parseAmount(String(value), currency), currency);
  } catch {
    return undefined;
  }
}

/**
 * The amounts of a payout record (or notification), or undefined when the service left one out or
 * wrote it unreadably.
 */
export function payoutAmounts(given: unknown): PayoutAmounts | undefined {
  const parsed = AmountFields.safeParse(given);
  if (!parsed.success) return undefined;
  const record = parsed.data;
  const payment_currency = record.payment_currency;
  const source_currency = record.source_currency ?? payment_currency;
  if (!payment_currency || !source_currency) return undefined;
  const fee_currency = record.fee_currency ?? source_currency;
  const source_amount = decimal(record.source_amount, source_currency);
  const payment_amount = decimal(record.payment_amount, payment_currency);
  const fee_amount = decimal(record.fee_amount, fee_currency);
  const amount_payer_pays = decimal(record.amount_payer_pays, source_currency);
  const beneficiary = decimal(record.amount_beneficiary_receives, payment_currency);
  if (
    source_amount === undefined ||
    payment_amount === undefined ||
    fee_amount === undefined ||
    amount_payer_pays === undefined ||
    beneficiary === undefined
  )
    return undefined;
  return {
    source_amount,
    source_currency,
    payment_amount,
    payment_currency,
    fee_amount,
    fee_currency,
    amount_payer_pays,
    amount_beneficiary_receives: beneficiary,
  };
}
