/**
 * `GET /api/ops/audit`: the audit trail, newest first, narrowed by order, actor, token,
 * operation, outcome and time, a page at a time. The cursor is opaque to the caller: the last
 * entry's id, which sorts as the entries were written, so a page never repeats or skips an entry
 * however many are written meanwhile (those are newer, on the pages before). A scoped token reads
 * the entries that name its references, each showing only those.
 */
import { z } from 'zod';
import { formatAmount } from '../../../gateway/index.ts';
import { inScope, parseOr400, type Principal } from '../../core/index.ts';
import { TOKEN_NAME } from '../../config/index.ts';
import { AUDIT_ID, AUDIT_OUTCOMES, type AuditEntry, type AuditLine } from '../../store/index.ts';
import { listLimit, onlyFilters } from './filters.ts';
import { oneReach, read } from './operation.ts';

/** An ISO 8601 time with its offset (`2026-11-27T09:00:00Z`), as milliseconds. */
const instant = z.iso
  .datetime({ offset: true, error: 'an ISO 8601 time with its offset, like 2026-11-27T09:00:00Z' })
  .transform((text) => Date.parse(text));

/** A cursor this API handed out: base64url of an entry's id. */
const cursor = z.string().transform((text, context) => {
  const id = Buffer.from(text, 'base64url').toString();
  if (AUDIT_ID.test(id)) return id;
  context.addIssue({ code: 'custom', message: 'not a cursor this API gave (next_cursor)' });
  return z.NEVER;
});

const cursorOf = (id: string) => Buffer.from(id).toString('base64url');

const FILTERS = {
  limit: listLimit,
  cursor: cursor.optional(),
  order_ref: z.string().min(1).max(48, 'at most 48 characters').optional(),
  actor: z.string().min(1).max(128, 'at most 128 characters').optional(),
  token: z.string().regex(TOKEN_NAME, 'a token name: 1 to 64 of a-z 0-9 . _ @ -').optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  from: instant.optional(),
  to: instant.optional(),
}; // prettier-ignore

/** The query's fields; any other is refused by name, so a misspelt filter never widens the list. */
export function auditQuery(operations: [string, ...string[]]) {
  const fields = { ...FILTERS, operation: z.enum(operations).optional() };
  return onlyFilters(fields)
    .superRefine((query, context) => {
      if (query.from !== undefined && query.to !== undefined && query.from >= query.to)
        context.addIssue({ code: 'custom', path: ['to'], message: 'after from' });
    })
    .transform(({ limit, cursor, order_ref, actor, token, operation, outcome, from, to }) => ({
      limit,
      filter: { before: cursor, order_ref, actor, token_name: token, operation, outcome, from, to },
    }));
}

/** An order's line as the API shows it: the amount as a decimal string and in minor units. */
function lineView({ amount, currency, ...line }: AuditLine) {
  const decimal = amount !== null && currency !== null ? formatAmount(amount, currency) : null;
  return { ...line, amount: decimal, amount_minor: amount, currency };
}

/**
 * An entry as the API shows it: its times as ISO text too, its lines as `amounts`; for a scoped
 * principal, only the orders of its scope (a batch may have named others).
 */
function entryView(
  { lines, error_code, error_message, ...entry }: AuditEntry,
  scope: readonly string[] | undefined,
) {
  const own = <T>(items: T[], refOf: (item: T) => string) =>
    scope ? items.filter((item) => inScope(scope, refOf(item))) : items;
  return {
    ...entry,
    targets: own(entry.targets, (ref) => ref),
    results: entry.results && own(entry.results, (result) => result.ref),
    time: new Date(entry.at).toISOString(),
    amounts: own(lines, (line) => line.ref).map(lineView),
    error: error_code || error_message ? { code: error_code, message: error_message } : null,
  };
}

/** `GET /audit`: entries newest first, `next_cursor` for the page after (null at the end). */
export function auditRead(operations: string[]) {
  const [first = 'capture', ...rest] = operations;
  const AuditQuery = auditQuery([first, ...rest]);
  return read({
    role: 'read',
    input: (request) => parseOr400(AuditQuery, request.query),
    // One order's entries, or the entries of every order in the token's scope.
    reach: ({ filter }) =>
      filter.order_ref === undefined ? 'narrowed' : oneReach('order_ref', filter.order_ref),
    async answer(ctx, { limit, filter }, principal: Principal) {
      const found = await ctx.store.audit.list({ ...filter, prefixes: principal.scope }, limit + 1);
      const page = found.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map((entry) => entryView(entry, principal.scope)),
        next_cursor: found.length > limit && last ? cursorOf(last.id) : null,
      };
    },
  });
}
