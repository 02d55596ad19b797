/**
 * What the operations API's lists and searches share: a page's `limit`, written in digits, and
 * filters read by name, so that a misspelt one (`?stauts=`) is refused rather than ignored, which
 * would widen the list to every order.
 */
import { z } from 'zod';

export const LIMIT = 'a whole number from 1 to 500';

/**
 * `limit` from a query: digits alone (z.coerce would read `0x10`, `1e2` or ` 5`), 100 when not
 * given. A repeated `limit` is an array, refused too.
 */
export const listLimit = z
  .string({ error: LIMIT })
  .regex(/^\d+$/, LIMIT)
  .transform(Number)
  .pipe(z.number().min(1, LIMIT).max(500, LIMIT))
  .default(100);

/** An object of `fields` whose every other key is refused by name. */
export function onlyFilters<T extends z.ZodRawShape>(fields: T) {
  return z.looseObject(fields).superRefine((given, context) => {
    for (const key of Object.keys(given))
      if (!(key in fields))
        context.addIssue({ code: 'custom', path: [key], message: 'not a filter of this list' });
  });
}
