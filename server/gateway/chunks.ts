/**
 * Splitting what the client sends into requests the service accepts: a batch's orders in chunks
 * of its operation's limit, a search's order numbers in lists of 100.
 */
import type { SearchInput } from './client-types.ts';
import type { SearchFilters } from './schemas/batch.ts';

/** `items` in consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * A search's requests: the filters as they are, or with `order_no` split into lists of 100
 * (one request without any when no order number is given).
 */
export function searchChunks(filters: SearchInput): {
  chunks: string[][];
  fieldsOf: (orders: string[]) => SearchFilters;
} {
  const { order_no, ...rest } = filters;
  const list = typeof order_no === 'string' ? order_no.split(',') : order_no;
  return {
    chunks: list ? chunk(list, 100) : [[]],
    fieldsOf: (orders) => (orders.length > 0 ? { ...rest, order_no: orders.join(',') } : rest),
  };
}
