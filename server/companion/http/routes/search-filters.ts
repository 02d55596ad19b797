/**
 * The service's search filters (`query`, `refund-search`) as the operations API reads them, and
 * the orders a search reaches: its order numbers' references, read from the same parse the
 * service is sent.
 */
import { z } from 'zod';
import { timestamp14 } from '../../../gateway/index.ts';
import type { Reach } from '../../core/index.ts';
import { onlyFilters } from './filters.ts';

/**
 * Order numbers as the service is sent them: one list, each number apart. The service reads a
 * comma as two numbers, so `"a,b"` (or `["a,b"]`) is two here too: what is authorized is what is
 * sent. None left: no such filter.
 */
const OrderNumbers = z.union([z.string(), z.array(z.string())]).transform((given) => {
  const list = [given].flat().flatMap((text) => text.split(','));
  const numbers = list.map((text) => text.trim()).filter(Boolean);
  return numbers.length > 0 ? numbers : undefined;
});

/** The service's own filters, each checked as the service checks it (a date that is a date). */
export const SearchBody = onlyFilters({
  order_no: OrderNumbers.optional(),
  transaction_id: z.string().optional(),
  date_from: timestamp14.optional(),
  date_to: timestamp14.optional(),
}).superRefine(({ date_from, date_to }, context) => {
  // Both YYYYMMDDhhmmss: as text, in time order. A window that ends before it starts finds nothing.
  if (date_from !== undefined && date_to !== undefined && date_from > date_to)
    context.addIssue({ code: 'custom', path: ['date_to'], message: 'not before date_from' });
});

/**
 * The order reference an order number belongs to: the companion numbers an order's attempts
 * `<order_ref>-<n>` (payment/claim.ts) and its direct payments `<order_ref>-T<ms>`; the service
 * numbers a subscription's charges `<order_no>-R<n>`. Anything else is taken as it is.
 */
export function orderRefOf(orderNo: string): string {
  return /^(.+)-T?\d+(?:-R\d+)?$/.exec(orderNo)?.[1] ?? orderNo;
}

/** A search reaches the orders its numbers name; without any, orders it does not name. */
export const searchReach = ({ order_no }: z.infer<typeof SearchBody>): Reach =>
  order_no?.map((number) => ({ path: 'order_no', ref: orderRefOf(number) })) ?? {
    unnamed: 'order_no',
  };
