/**
 * Requests from the schemas the routes validate with: a zod schema (the contract's, the
 * operations', the service's) as JSON Schema (`z.toJSONSchema`, its input side), then as
 * fast-check values that have the schema's shape, and as each field's bounds: at and just past
 * every length, count and numeric bound the schema declares, and a value outside each enum.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that `z.toJSONSchema` writes for the project's schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A zod schema (classic or mini) as the JSON Schema of what it accepts. */
export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  // Its own type allows `true`/`false` schemas, which the project's never make.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The few string formats the schemas use, where a pattern alone says less. */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  url: fc.webUrl(),
  uri: fc.webUrl(),
};

function text(schema: JsonSchema): fc.Arbitrary<string> {
  const format = schema.format === undefined ? undefined : FORMATS[schema.format];
  if (format) return format;
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a lookahead, which fast-check cannot build from: any text of the right length instead
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 32, 64) }); // prettier-ignore
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
  if (integer) return fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values with the shape of `schema` (most pass it; refinements beyond JSON Schema may not). */
export function valueOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, depth)));
  if (schema.allOf?.[0]) return valueOf(schema.allOf[0], depth);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...schema, type }, depth))); // prettier-ignore
  switch (types[0]) {
    case 'string':
      return text(schema);
    case 'integer':
    case 'number':
      return number(schema, types[0] === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valueOf(s, depth + 1)])); // prettier-ignore
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value put at one field: its path in the body and the value. */
export interface FieldValue {
  path: string[];
  value: unknown;
}

/** A string of `length` characters that the pattern's character class (if simple) allows. */
function lengthOf(schema: JsonSchema, length: number): string {
  const cls = /^\^(\[[^\]]+\]|\\d)\{/.exec(schema.pattern ?? '')?.[1] ?? '';
  const char = cls === '\\d' ? '7' : (/[A-Za-z0-9]/.exec(cls)?.[0] ?? 'a');
  return char.repeat(Math.max(0, length));
}

/** The length bounds of a string: declared, or those of a pattern like `^[A-Z]{2,12}$`. */
function lengthBounds(schema: JsonSchema): number[] {
  const quantified = /^\^(?:\[[^\]]+\]|\\d)\{(\d+)(?:,(\d+))?\}\$$/.exec(schema.pattern ?? '');
  const min = schema.minLength ?? (quantified ? Number(quantified[1]) : undefined);
  const max = schema.maxLength ?? (quantified ? Number(quantified[2] ?? quantified[1]) : undefined);
  return [
    ...(min === undefined ? [] : [min, min - 1]),
    ...(max === undefined ? [] : [max, max + 1]),
  ].filter((n) => n >= 0);
}

/** The values at and past one leaf's bounds. */
function leafBounds(schema: JsonSchema, sample: unknown): unknown[] {
  const values: unknown[] = [];
  if (schema.enum?.length) values.push(`${String(schema.enum[0])}x`, String(schema.enum[0]).toUpperCase()); // prettier-ignore
  for (const length of lengthBounds(schema)) values.push(lengthOf(schema, length));
  const step = schema.type === 'integer' ? 1 : 0.5;
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  if (low !== undefined) values.push(low, low - step);
  if (high !== undefined) values.push(high, high + step);
  if (Array.isArray(sample) && sample.length > 0) {
    for (const count of [schema.minItems, schema.maxItems].filter((n) => n !== undefined))
      for (const n of [count, count - 1, count + 1].filter((m) => m >= 0))
        values.push(Array.from({ length: n }, () => sample[0]));
  }
  return values;
}

/**
 * Every field's bounds, walking `schema` beside a valid `seed` (whose values stand in for the
 * items of an array): the path of each field with each value at or past its bounds.
 */
export function fieldBounds(schema: JsonSchema, seed: unknown, path: string[] = []): FieldValue[] {
  const own = path.length ? leafBounds(schema, seed).map((value) => ({ path, value })) : [];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return [...own, ...fieldBounds(alternative, seed, path)];
  if (schema.items && Array.isArray(seed) && seed.length > 0)
    return [...own, ...fieldBounds(schema.items, seed[0], [...path, '0'])];
  const record: Record<string, unknown> =
    typeof seed === 'object' && seed !== null ? { ...seed } : {};
  const nested = Object.entries(schema.properties ?? {}).flatMap(([key, field]) =>
    fieldBounds(field, record[key], [...path, key]),
  );
  return [...own, ...nested];
}

/** The path of every field the schema names (array items as index 0), nested ones too. */
export function fieldPaths(schema: JsonSchema, path: string[] = []): string[][] {
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return fieldPaths(alternative, path);
  if (schema.items) return [path, ...fieldPaths(schema.items, [...path, '0'])];
  const nested = Object.entries(schema.properties ?? {}).flatMap(([key, field]) =>
    fieldPaths(field, [...path, key]),
  );
  return path.length ? [path, ...nested] : nested;
}
