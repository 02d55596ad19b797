/** The stored rows as the rest of the companion sees them, with BIGINTs as numbers. */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AttemptsTable, OrdersTable } from './schema.ts';

export type Order = Selectable<OrdersTable>;
export type Attempt = Selectable<AttemptsTable>;

/** PostgreSQL returns BIGINT as text; every BIGINT here is a safe integer. */
export function numbers<T extends Record<string, unknown>>(row: T, fields: (keyof T)[]): T {
  const copy = { ...row };
  for (const field of fields)
    if (copy[field] !== null && copy[field] !== undefined)
      copy[field] = Number(copy[field]) as T[keyof T];
  return copy;
}

export const ORDER_NUMBERS: (keyof Order)[] = [
  'amount',
  'captured',
  'refunded',
  'created_at',
  'updated_at',
  'last_sequence',
  'attempts',
  'next_check_at',
];
export const ATTEMPT_NUMBERS: (keyof Attempt)[] = ['seq', 'created_at', 'opened_at'];

/**
 * `column` starts with one of `prefixes` (a scoped token's, a list's filter); with none, false.
 * substr, not LIKE: `_` is a wildcard to LIKE and common in references.
 */
export function startsWithAny(column: string, prefixes: readonly string[]): RawBuilder<boolean> {
  if (prefixes.length === 0) return sql<boolean>`1 = 0`;
  const each = prefixes.map(
    (prefix) => sql`substr(${sql.ref(column)}, 1, ${prefix.length}) = ${prefix}`,
  );
  return sql<boolean>`(${sql.join(each, sql` or `)})`;
}
