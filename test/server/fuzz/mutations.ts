/**
 * Hostile requests for the fuzzer, as fast-check arbitraries: a body made from the route's schema
 * or its valid seed, then mutated (a field set to an odd value, to a bound or just past it, to
 * NaN or Infinity, written twice, removed, nested deep, given bytes that are not UTF-8), or sent
 * as another content type or charset, multipart included; odd path segments and queries.
 */
import fc from 'fast-check';
import { fieldBounds, fieldPaths, valueOf, type JsonSchema } from './json-schema.ts';
import { Bytes, encodeJson, Raw, setAt, Twice, updateAt } from './json-text.ts';

const STRINGS = [
  '', '\u0000', 'mug\u0000.1', '\ud800', 'x\udc00', '\u202e\u200fabc', 'x'.repeat(100_000), '12.345', '00012.00', '-5.00',
  '9'.repeat(40), 'ZZZ', "' OR 1=1 --", '<script>x</script>', '../../etc/passwd', '%00', '٣٣.٠٠', '🙂'.repeat(50), 'mug.1',
  'tee.42', '__proto__', 'constructor', '\ufeff', 'a\r\nb', 'XAF', 'BTN', 'XXX', 'JPY', 'KWD', 'USD',
]; // prettier-ignore

/** NaN, -0 and the infinities as JSON numbers (which JSON has no words for) and as strings. */
const ODD_NUMBERS: unknown[] = [
  new Raw('NaN'), new Raw('-NaN'), new Raw('Infinity'), new Raw('-Infinity'), new Raw('-0'), new Raw('1e309'),
  new Raw('-1e309'), new Raw('1e-400'), -0, 'NaN', '-0', 'Infinity', '-Infinity', '1e309', '0x10', '1_000',
]; // prettier-ignore

const VALUES: unknown[] = [
  ...STRINGS, ...ODD_NUMBERS, 0, -1, 1.5, 2 ** 53, 2 ** 64, Number.MAX_VALUE, true, false, null, [], {}, [[[]]],
  { a: 1 }, [1, 'a', null], JSON.parse('{"__proto__":{"admin":true},"constructor":"x"}'),
]; // prettier-ignore

export const hostileValue = fc.constantFrom(...VALUES);

/** Byte sequences that are not UTF-8: overlong, a lone continuation, truncated, a surrogate, past U+10FFFF, 0xFF. */
export const INVALID_UTF8 = [
  [0xc0, 0xaf], [0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xff], [0xfe, 0xff],
  [0xf8, 0x88, 0x80, 0x80, 0x80], [0x61, 0xc3],
]; // prettier-ignore

/** What is sent: the body's bytes, and the headers that describe it. */
export interface Sent {
  body: Uint8Array | undefined;
  headers: Record<string, string>;
}

const nested = (depth: number) => new Raw(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
const json = (type = 'application/json') => (body: unknown): Sent => ({ body: encodeJson(body), headers: { 'content-type': type } }); // prettier-ignore

/** A JSON body as multipart/form-data, one part holding it (what a careless client sends). */
function multipart(body: unknown): Sent {
  const boundary = 'fuzzboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n`;
  const parts = [Buffer.from(head), Buffer.from(encodeJson(body)), Buffer.from(`\r\n--${boundary}--\r\n`)]; // prettier-ignore
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }; // prettier-ignore
}

/** The body as form fields (objects as JSON), which a route that reads JSON must refuse. */
function formEncoded(body: unknown): Sent {
  const record = typeof body === 'object' && body !== null ? body : { body };
  const fields = Object.entries(record).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']); // prettier-ignore
  return { body: Buffer.from(new URLSearchParams(fields).toString()), headers: { 'content-type': 'application/x-www-form-urlencoded' } }; // prettier-ignore
}

/** The JSON text in UTF-16, with a type that says so or one that says UTF-8. */
const utf16 = (type: string) => (body: unknown): Sent => ({ body: Buffer.from(Buffer.from(encodeJson(body)).toString(), 'utf16le'), headers: { 'content-type': type } }); // prettier-ignore

/** Every way of describing a body: content types, charsets and encodings, right and wrong. */
const ENCODINGS: ((body: unknown) => Sent)[] = [
  ...['application/json; charset=utf-8', 'application/json; charset=UTF-8', 'application/json; charset="utf-8"', 'application/json; charset=latin1',
    'application/json; charset=iso-8859-1', 'application/json; charset=us-ascii', 'application/json; charset=bogus', 'application/json;charset=',
    'application/vnd.api+json', 'application/merge-patch+json', 'text/json', 'text/plain', 'text/plain; charset=utf-8', 'text/html', 'application/xml',
    'text/xml', 'multipart/form-data', 'multipart/mixed; boundary=x', 'application/octet-stream', 'application/cbor', 'image/png', '*/*', 'application/*',
    ';;;', 'json', ''].map((type) => json(type)),
  utf16('application/json; charset=utf-16'), utf16('application/json; charset=utf-16le'), utf16('application/json'),
  multipart, formEncoded,
  (body) => ({ body: encodeJson(body), headers: {} }),
  (body) => ({ body: encodeJson(body), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
  (body) => ({ body: encodeJson(body), headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' } }),
  (body) => ({ body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), encodeJson(body)]), headers: { 'content-type': 'application/json' } }),
]; // prettier-ignore

const TEXTS = [
  '',
  '{',
  '{"order_ref":',
  '[]',
  'null',
  '"x"',
  '{"a":1}{',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
];

/**
 * A body for a route with `schema` and a valid `seed`, mutated; `finish` is given each body
 * first (the sandbox's are signed, so that they reach its validation, not stop at the signature).
 */
export function mutatedBody(
  schema: JsonSchema,
  seed: Record<string, unknown>,
  finish: (body: unknown) => unknown = (body) => body,
): fc.Arbitrary<Sent> {
  const asObject = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : seed); // prettier-ignore
  const base = fc.oneof(fc.constant(seed), valueOf(schema).map(asObject));
  const fields = fieldPaths(schema);
  if (fields.length === 0) fields.push(['extra']);
  const field = fc.constantFrom(...fields);
  const bounds = fieldBounds(schema, seed);
  const at = (arb: fc.Arbitrary<[string[], unknown]>) =>
    fc.tuple(base, arb).map(([body, [path, value]]) => setAt(body, path, value));
  const sent = (arb: fc.Arbitrary<unknown>) => arb.map((body) => json()(finish(body)));
  return fc.oneof(
    { weight: 2, arbitrary: sent(base) },
    { weight: 4, arbitrary: sent(at(fc.tuple(field, hostileValue))) },
    ...(bounds.length ? [{ weight: 4, arbitrary: sent(at(fc.constantFrom(...bounds).map((b): [string[], unknown] => [b.path, b.value]))) }] : []),
    { weight: 2, arbitrary: sent(at(fc.tuple(field, fc.constantFrom(...ODD_NUMBERS)))) },
    { weight: 1, arbitrary: sent(fc.tuple(base, field).map(([body, path]) => setAt(body, path, undefined))) },
    { weight: 2, arbitrary: sent(fc.tuple(base, field, hostileValue, fc.boolean()).map(([body, path, odd, last]) => updateAt(body, path, (was) => (last ? new Twice(was, odd) : new Twice(odd, was))))) },
    { weight: 1, arbitrary: sent(at(fc.tuple(fc.oneof(field, fc.constant([])).map((p) => p.slice(0, -1)), fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'), hostileValue).map(([p, key, v]): [string[], unknown] => [[...p, key], v]))) },
    { weight: 1, arbitrary: sent(at(fc.tuple(field, fc.constantFrom(17, 40, 3_000, 20_000).map(nested)))) },
    { weight: 2, arbitrary: sent(at(fc.tuple(field, fc.constantFrom(...INVALID_UTF8).map((bytes) => new Bytes(bytes))))) },
    { weight: 1, arbitrary: fc.constantFrom(...TEXTS).map((text): Sent => ({ body: Buffer.from(text), headers: { 'content-type': 'application/json' } })) },
    { weight: 2, arbitrary: fc.tuple(base, fc.constantFrom(...ENCODINGS)).map(([body, encode]) => encode(finish(body))) },
  ); // prettier-ignore
}

/** A string percent-encoded; half a surrogate pair, which has no UTF-8, as its WTF-8 bytes. */
function percentEncoded(text: string): string {
  return [...text]
    .map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
    .join('');
}

/**
 * An odd path parameter: percent-encoded odd text, percent-encoded bytes that are not UTF-8, the
 * same bytes raw (each character below is sent as one byte), a dot segment; or a value of the
 * parameter's own schema, at or past its bounds.
 */
export function hostileSegment(param: JsonSchema): fc.Arbitrary<string> {
  const bounds = fieldBounds({ type: 'object', properties: { param } }, {}).map((b) => String(b.value)); // prettier-ignore
  return fc.oneof(
    fc.constantFrom(...STRINGS.filter((s) => s.length < 200)).map(percentEncoded),
    fc.constantFrom('%00', '%0E%F4%8F%BF%B9%00', '%E0%A4%A', '%ZZ', '%C0%AF', '%ED%A0%80', '%FF%FE', '%F8%88%80%80%80', '..', '%2e%2e', 'a%2Fb'),
    fc.constantFrom(...INVALID_UTF8).map((bytes) => String.fromCharCode(...bytes)),
    valueOf(param).map((value) => encodeURIComponent(String(value))),
    ...(bounds.length ? [fc.constantFrom(...bounds).map(percentEncoded)] : []),
  ); // prettier-ignore
}

/**
 * A query for a route: made from its query schema (valid values, each field at and past its
 * bounds), or a field of it (or `limit`, `x`) repeated, bracketed, NaN, infinite, NUL, not UTF-8.
 */
export function hostileQuery(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const query = schema ?? { type: 'object', properties: {} };
  const keys = [...Object.keys(query.properties ?? {}), 'limit', 'x'];
  const strings = (v: unknown) => Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]); // prettier-ignore
  const valid = valueOf(query).map((v) => `?${new URLSearchParams(strings(v))}`);
  const bounds = fieldBounds(query, {}).map((b) => `?${b.path.join('.')}=${encodeURIComponent(String(b.value))}`); // prettier-ignore
  const odd = [
    '1&K=2',
    '',
    'NaN',
    '-0',
    'Infinity',
    '-Infinity',
    '1e309',
    '0x10',
    '%00',
    '%ED%A0%80',
    '%FF',
    '%ZZ',
    'x'.repeat(5_000),
    '1.5',
    '-1',
  ];
  return fc.oneof(
    valid,
    ...(bounds.length ? [fc.constantFrom(...bounds)] : []),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...odd)).map(([k, v]) => `?${k}=${v.replace('K', k)}`),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom('[a]=1', '[]=1', '[]=1&K[]=2', '[__proto__]=1', '.x=1')).map(([k, v]) => `?${k}${v.replace('K', k)}`),
    fc.constantFrom('', '?', '?&&', '?=1', '?%00=1', '?__proto__=1', '?constructor[prototype]=1'),
  ); // prettier-ignore
}
