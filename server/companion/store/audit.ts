/**
 * The audit trail of money moved by hand (PCI DSS requirement 10): every call of the operations
 * API that can move money or change a payment (capture, refund, cancel, review, payouts, direct
 * payments, a subscription cancelled, reconciliation), with who asked, from where, when, on which
 * orders and for how much, and what the service answered, refused requests included.
 *
 * Append-only, but for one change: an entry is written `requested` before the call is sent and
 * completed once answered (`completed`, which only ever touches a `requested` entry). A process
 * that dies in between leaves the `requested` entry: the attempt is on record either way. The
 * periodic job deletes entries past `auditRetentionDays` (maintenance.ts); nothing else does.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from './schema.ts';
import { numbers, startsWithAny } from './rows.ts';
import {
  AuditLine,
  AuditResult,
  MAX_INDEXED_REF,
  refsOf,
  safeJson,
  type AuditOutcome,
  type AuditTable,
} from './audit-schema.ts';

export {
  AUDIT_OUTCOMES,
  AuditLine,
  AuditResult,
  type AuditOutcome,
  type AuditTable,
} from './audit-schema.ts';

/** What is known of a request before it is sent. */
export interface AuditRequest {
  actor: string;
  token_name: string;
  /** The role used (or, refused for it, needed). */
  role: string;
  ip: string;
  operation: string;
  targets: string[];
  lines: AuditLine[];
  idempotency_key: string | null;
  request_id: string | null;
}

/** What came of it. */
export interface AuditAnswer {
  outcome: Exclude<AuditOutcome, 'requested'>;
  status_code: number;
  results: AuditResult[] | null;
  error_code: string | null;
  error_message: string | null;
}

/** An entry as read back: its JSON columns parsed. */
export type AuditEntry = Omit<Selectable<AuditTable>, 'targets' | 'lines' | 'results'> & {
  targets: string[];
  lines: AuditLine[];
  results: AuditResult[] | null;
};

/** What `list` narrows to; every field optional. */
export interface AuditFilter {
  order_ref?: string | undefined;
  actor?: string | undefined;
  token_name?: string | undefined;
  operation?: string | undefined;
  outcome?: AuditOutcome | undefined;
  /** `at` from (inclusive), to (exclusive), in ms. */
  from?: number | undefined;
  to?: number | undefined;
  /** Entries older than this id (the last of the previous page). */
  before?: string | undefined;
  /** Only entries naming a reference that starts with one of these (a scoped token's). */
  prefixes?: readonly string[] | undefined;
}

/** What an entry's id looks like (see `#newId`): a cursor must decode to one. */
export const AUDIT_ID = /^\d{15}\.\d{12}\.[0-9a-f]{8}$/;

const Lines = z.array(AuditLine).catch([]);
const Results = z.array(AuditResult).nullable().catch(null);

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  #written = 0;

  /** Sorts as written: the time, this process's count (two in one ms), a random part (two processes). */
  #newId(at: number): string {
    const count = String(++this.#written).padStart(12, '0');
    return `${String(at).padStart(15, '0')}.${count}.${randomUUID().slice(0, 8)}`;
  }

  async #insert(request: AuditRequest, answer: AuditAnswer | undefined): Promise<string> {
    const at = Date.now();
    const id = this.#newId(at);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('audit')
        .values({
          id,
          at,
          actor: request.actor,
          token_name: request.token_name,
          role: request.role || null,
          ip: request.ip,
          operation: request.operation,
          targets: JSON.stringify(request.targets),
          lines: JSON.stringify(request.lines),
          idempotency_key: request.idempotency_key,
          request_id: request.request_id,
          ...(answer ? completion(answer, at) : { outcome: 'requested' }),
        })
        .execute();
      // Indexed for the per-order listing: the references a request named, but not one longer
      // than any reference the companion takes (a refused request may name anything; PostgreSQL
      // refuses an index entry past about 2.7 kB, which would lose the entry). The entry's
      // `targets` keep every name as it came.
      const refs = [...new Set(request.targets)].filter((ref) => ref.length <= MAX_INDEXED_REF);
      if (refs.length > 0)
        await trx
          .insertInto('audit_targets')
          .values(refs.map((order_ref) => ({ audit_id: id, order_ref })))
          .execute();
    });
    return id;
  }

  /** Writes an entry as `requested`, before its call is sent; its id, to complete it with. */
  requested(request: AuditRequest): Promise<string> {
    return this.#insert(request, undefined);
  }

  /** Completes a `requested` entry with what came of it: once, and only a `requested` one. */
  async completed(id: string, answer: AuditAnswer): Promise<boolean> {
    const result = await this.db
      .updateTable('audit')
      .set(completion(answer, Date.now()))
      .where('id', '=', id)
      .where('outcome', '=', 'requested')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes, in one step, an entry answered without anything sent (refused, replayed). */
  async answered(request: AuditRequest, answer: AuditAnswer): Promise<void> {
    await this.#insert(request, answer);
  }

  /** Up to `limit` entries matching `filter`, newest first. */
  async list(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('audit').selectAll();
    if (filter.order_ref !== undefined) {
      const named = this.db
        .selectFrom('audit_targets')
        .select('audit_id')
        .where('order_ref', '=', filter.order_ref);
      query = query.where('id', 'in', named);
    }
    const { prefixes } = filter;
    if (prefixes !== undefined) {
      const inScope = this.db
        .selectFrom('audit_targets')
        .select('audit_id')
        .where(startsWithAny('order_ref', prefixes));
      query = query.where('id', 'in', inScope);
    }
    for (const column of ['actor', 'token_name', 'operation', 'outcome'] as const) {
      const value = filter[column];
      if (value !== undefined) query = query.where(column, '=', value);
    }
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<', filter.to);
    if (filter.before !== undefined) query = query.where('id', '<', filter.before);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      ...numbers(row, ['at', 'status_code', 'completed_at']),
      targets: refsOf(row.targets),
      lines: Lines.parse(safeJson(row.lines)),
      results: Results.parse(safeJson(row.results)),
    }));
  }

  /** Deletes the entries written before `before` (ms), with their orders; how many. */
  async prune(before: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const old = trx.selectFrom('audit').select('id').where('at', '<', before);
      await trx.deleteFrom('audit_targets').where('audit_id', 'in', old).execute();
      const result = await trx.deleteFrom('audit').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}

/** The columns an answer sets. */
function completion(answer: AuditAnswer, now: number) {
  return {
    ...answer,
    results: answer.results && JSON.stringify(answer.results),
    completed_at: now,
  };
}
