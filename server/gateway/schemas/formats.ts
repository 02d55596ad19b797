/**
 * Field formats the interface gives (and the few this project decides, where it says "not shown").
 * Every schema in this folder builds on these, so a format is checked the same way everywhere.
 */
import { z } from 'zod';
import { currencyExponent, isAmount, MoneyError } from '../money.ts';

/** Optional string fields by name, keeping the names in the inferred type. */
export function optionalStrings<const K extends string>(
  ...names: K[]
): { [P in K]: z.ZodOptional<z.ZodString> } {
  return Object.fromEntries(names.map((name) => [name, z.string().optional()])) as {
    [P in K]: z.ZodOptional<z.ZodString>;
  };
}

/** Required string fields by name. */
export function requiredStrings<const K extends string>(...names: K[]): { [P in K]: z.ZodString } {
  return Object.fromEntries(names.map((name) => [name, z.string().min(1)])) as {
    [P in K]: z.ZodString;
  };
}

/** A non-negative decimal string like `10.50`; checked against the currency by `checkAmounts`. */
export const decimalString = z
  .string()
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'expected a decimal string like 10.50');

/** ISO 4217 alphabetic code. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'expected a currency code like USD');

/** ISO 3166-1 alpha-2 code (the interface says "country codes"; alpha-2 is our decision). */
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'expected a country code like US');

/** YYYYMMDDhhmmss, as in batch and refund records. */
export const timestamp14 = z
  .string()
  .regex(
    /^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([01]\d|2[0-3])[0-5]\d[0-5]\d$/,
    'expected YYYYMMDDhhmmss',
  );

/** DD-MM-YYYY, as in birth_date. */
export const dateDMY = z
  .string()
  .regex(/^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/, 'expected a date DD-MM-YYYY');

/** YYYY-MM-DD, as in payout dates. */
export const dateYMD = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date YYYY-MM-DD');

/** YYYY-MM-DD hh:mm:ss, as in recurring_deduction_time. */
export const dateTimeSpace = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DD hh:mm:ss');

/** YYYY-MM-DDThh:mm:ss with a numeric offset, as in payout created_at. */
export const timestampWithOffset = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:?\d{2}$/,
    'expected YYYY-MM-DDThh:mm:ss+hh:mm',
  );

/** The 64 hexadecimal characters of a signature. */
export const signatureHex = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hexadecimal characters');

/** A merchant-generated UUID, as in payout request_id. */
export const uuid = z.uuid('expected a UUID');

/** An absolute http(s) address. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

/** A JSON number, or the same number as text (XML and forms carry no numbers). */
export const numberLike = z.union([
  z.number().finite(),
  z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a number'),
]);

/** A whole number, or the same as text. */
export const integerLike = z.union([
  z.number().int(),
  z.string().regex(/^-?\d+$/, 'expected an integer'),
]);

/**
 * A status field: any string is accepted and kept as itself, typed as the known values so that a
 * value the service adds later is not a failure (statuses.ts lists the known ones).
 */
export function status<const V extends string>(_known: readonly V[]) {
  return z.string().transform((value): V | (string & {}) => value);
}

/**
 * Adds an issue for every amount field of `value` that is not valid for `value[currencyField]`
 * (`10.5` for JPY, `1.2345` for KWD). Used by the object schemas' `superRefine`.
 */
export function checkAmounts(
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
  amountFields: readonly string[],
  currencyField = 'currency',
): void {
  const currency = value[currencyField];
  if (typeof currency !== 'string') return;
  try {
    currencyExponent(currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    ctx.addIssue({ code: 'custom', path: [currencyField], message: error.message });
    return;
  }
  for (const field of amountFields) {
    const amount = value[field];
    if (typeof amount === 'string' && !isAmount(amount, currency)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `not a valid ${currency} amount` });
    }
  }
}
