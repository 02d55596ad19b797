/**
 * JSON as the fuzzer writes it: what JSON.stringify will not write is put in a body as markers
 * (text as it is, a key written twice, bytes that are not UTF-8) and written by `encodeJson`.
 */

/** Text put in the JSON as it is: `NaN`, `1e309`, `-0`, an array nested 20 000 deep. */
export class Raw {
  constructor(readonly text: string) {}
}

/** A key written twice, `first` then `second` (JSON.parse keeps the second). */
export class Twice {
  constructor(
    readonly first: unknown,
    readonly second: unknown,
  ) {}
}

/** A string whose bytes are not UTF-8, spliced into the encoded body. */
export class Bytes {
  constructor(readonly bytes: number[]) {}
}

/** Stands for a Bytes in the text; JSON.stringify writes U+0001 as `\u0001`, never as itself. */
const MARK = '\u0001';

function write(value: unknown, out: string[], spliced: number[][]): void {
  if (value instanceof Raw) out.push(value.text);
  else if (value instanceof Bytes) {
    out.push(`"${MARK}"`);
    spliced.push(value.bytes);
  } else if (value instanceof Twice) write(value.second, out, spliced);
  else if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      write(item === undefined ? null : item, out, spliced);
    });
    out.push(']');
  } else if (typeof value === 'object' && value !== null) {
    out.push('{');
    let first = true;
    const entry = (key: string, item: unknown) => {
      out.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      write(item, out, spliced);
    };
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (item instanceof Twice) entry(key, item.first);
      entry(key, item instanceof Twice ? item.second : item);
    }
    out.push('}');
  } else out.push(JSON.stringify(value) ?? 'null');
}

/** `value` as JSON bytes, markers included. */
export function encodeJson(value: unknown): Uint8Array {
  const out: string[] = [];
  const spliced: number[][] = [];
  write(value, out, spliced);
  const pieces = out.join('').split(MARK);
  return Buffer.concat(
    pieces.flatMap((piece, i) => [
      Buffer.from(piece),
      ...(i < spliced.length ? [Buffer.from(spliced[i] ?? [])] : []),
    ]),
  );
}

/** What a JSON reader makes of `value`: the second of a key written twice, raw text parsed. */
export function effective(value: unknown): unknown {
  if (value instanceof Twice) return effective(value.second);
  if (value instanceof Bytes) return '\ufffd';
  // A number as it parses; nesting thousands deep stays text (what signs it would recurse as deep).
  if (value instanceof Raw && value.text.length < 100) {
    try {
      return JSON.parse(value.text) as unknown;
    } catch {
      return value.text;
    }
  }
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(effective);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, effective(v)]));
}

/** A copy of `body` with the value at `path` made by `change` from the one there (undefined removes it). */
export function updateAt(
  body: unknown,
  path: string[],
  change: (was: unknown) => unknown,
): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return change(body);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(body)
    ? [...(body as unknown[])]
    : typeof body === 'object' && body !== null
      ? { ...body }
      : {};
  const next = updateAt(Reflect.get(copy, key), rest, change);
  if (next === undefined && !Array.isArray(copy)) Reflect.deleteProperty(copy, key);
  // An own property even when the key is `__proto__` (an assignment would set the prototype).
  else Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true }); // prettier-ignore
  return copy;
}

/** A copy of `body` with `value` at `path`. */
export const setAt = (body: unknown, path: string[], value: unknown): unknown =>
  updateAt(body, path, () => value);
