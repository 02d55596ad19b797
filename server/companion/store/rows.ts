/** The stored rows as the rest of the companion sees them, with BIGINTs as numbers. */
import type { Selectable } from 'kysely';
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
