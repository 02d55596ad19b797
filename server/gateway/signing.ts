/**
 * Signing of requests, responses and notifications (`encryption_data`).
 *
 * The interface shows only that a signature is 64 hex characters; the algorithm is ours
 * (DESIGN.md) and lives here alone so it can change in one place when the real one is known.
 *
 * `hmac-sha256` (default): every top-level field except `encryption_data` whose value is not
 * empty, sorted by name, written `name=value` and joined with `&`; objects and arrays are written
 * as JSON with sorted keys and every leaf as a string, so that a body signs the same whether it
 * travelled as JSON, a form or XML (XML has no numbers). The signature is the lowercase hex
 * HMAC-SHA256 of that string under the secret key.
 *
 * `sha256-concat`: SHA-256 over the values of a configured list of fields, in that order, followed
 * by the key.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureScheme =
  { kind: 'hmac-sha256' } | { kind: 'sha256-concat'; fields: readonly string[] };

export const DEFAULT_SCHEME: SignatureScheme = { kind: 'hmac-sha256' };

/** The name of the signature field in every request, response and notification. */
export const SIGNATURE_FIELD = 'encryption_data';

type Fields = Readonly<Record<string, unknown>>;

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  // An array's keys are its indices: `[]` has none, like `{}` (an array test here would be
  // redundant, and a mutant no test can kill).
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** UTF-16 code-unit order, as `sort()` orders the top-level names. Keys are never equal: no 0. */
// Stryker disable next-line EqualityOperator: equivalent, `a <= b` is `a < b` for unequal keys
const byKey = ([a]: [string, unknown], [b]: [string, unknown]): number => (a < b ? -1 : 1);

const present = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * Nested values as JSON with sorted keys and string leaves; null and missing leaves are left out.
 * Written by hand rather than through an object: a JS object lists integer-like keys (`"9"`,
 * `"10"`) first in numeric order whatever order they were added in, so `JSON.stringify` of a
 * sorted copy would not be sorted, and a signer in another language would disagree.
 */
function writeJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.filter(present).map(writeJson).join(',')}]`;
  if (
    typeof value === 'object' &&
    // For the type only: callers skip empty values, arrays and objects drop null members.
    // Stryker disable next-line ConditionalExpression: equivalent, no null comes here
    value !== null
  ) {
    const members = Object.entries(value)
      .filter(([, v]) => present(v))
      .sort(byKey)
      .map(([k, v]) => `${JSON.stringify(k)}:${writeJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(String(value));
}

function writeValue(value: unknown): string {
  // No null comes here: empty values are left out before.
  return typeof value === 'object' ? writeJson(value) : String(value);
}

/** The string the `hmac-sha256` scheme signs. Exposed for the docs' test vector and for tests. */
export function canonicalString(fields: Fields): string {
  return Object.keys(fields)
    .filter((name) => name !== SIGNATURE_FIELD && !isEmpty(fields[name]))
    .sort()
    .map((name) => `${name}=${writeValue(fields[name])}`)
    .join('&');
}

/** Signs a body: the lowercase hex value for its `encryption_data`. */
export function sign(
  fields: Fields,
  key: string,
  scheme: SignatureScheme = DEFAULT_SCHEME,
): string {
  if (scheme.kind === 'hmac-sha256') {
    // `update` reads a string as UTF-8.
    return createHmac('sha256', key).update(canonicalString(fields)).digest('hex');
  }
  const values = scheme.fields.map((name) =>
    isEmpty(fields[name]) ? '' : writeValue(fields[name]),
  );
  return createHash('sha256')
    .update(values.join('') + key)
    .digest('hex');
}

/** Returns a copy of `fields` with `encryption_data` set to its signature. */
export function signed<T extends Fields>(
  fields: T,
  key: string,
  scheme: SignatureScheme = DEFAULT_SCHEME,
): T & { encryption_data: string } {
  return { ...fields, encryption_data: sign(fields, key, scheme) };
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/**
 * True when `fields.encryption_data` is a valid signature under any of `keys` (several keys allow
 * rotation). Never throws: a missing, short, long or non-hex signature is simply not valid.
 */
export function verify(
  fields: Fields,
  keys: readonly string[],
  scheme: SignatureScheme = DEFAULT_SCHEME,
): boolean {
  const given = fields[SIGNATURE_FIELD];
  if (typeof given !== 'string' || !HEX64.test(given)) return false;
  // Hex decoding reads either case.
  const givenBytes = Buffer.from(given, 'hex');
  let valid = false;
  // Every key is tried even after a match, so the time taken does not tell which key matched.
  for (const key of keys) {
    const expected = Buffer.from(sign(fields, key, scheme), 'hex');
    if (timingSafeEqual(expected, givenBytes)) valid = true;
  }
  return valid;
}
