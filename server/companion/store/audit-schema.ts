/**
 * The audit trail's tables and their migrations. One row per operations request (`audit`), and
 * one row per order it named (`audit_targets`), so an order's entries are found by an index
 * rather than by reading every entry's JSON.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { z } from 'zod';
import { parsedJson } from '../../unknown.ts';

/** One order (or payout) an operation acts on, with the amount at stake in minor units. */
export const AuditLine = z.object({
  ref: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** A review's `approve` or `reject`. */
  decision: z.string().optional(),
});
export type AuditLine = z.infer<typeof AuditLine>;

/** What the service answered for one order: its status and, when refused, why. */
export const AuditResult = z.object({
  ref: z.string(),
  /** Whether the service did what was asked; absent when not known (an interrupted request). */
  ok: z.boolean().optional(),
  /** The service's status for the order (`success`, `approved`, `completed`…), or the order's. */
  status: z.string(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
});
export type AuditResult = z.infer<typeof AuditResult>;

/**
 * `requested`: written before the call was sent, not answered (yet, or ever: the process died or
 * the answer could not be written). `done`: every order done; `partial`: some; `refused`: none, or
 * a 4xx; `failed`: a 5xx, the service's outcome may be unknown; `replayed`: an Idempotency-Key's
 * stored answer; `interrupted`: a key a crash left in progress, settled from the service.
 */
export const AUDIT_OUTCOMES = [
  'requested',
  'done',
  'partial',
  'refused',
  'failed',
  'replayed',
  'interrupted',
] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export interface AuditTable {
  /** Sorts as written: the time, this process's count, a random part (see AuditRepository). */
  id: string;
  /** When the request came (ms): before it was sent to the service. */
  at: number;
  /** Who asked: the `X-Actor` header the back office sends, else the token's name. */
  actor: string;
  /** The name of the operations token the request came with (`default`: operationsToken). */
  token_name: string;
  /**
   * The role the token used (`refund`, or `admin` for a token holding every role); for a request
   * refused for its role, the role it needed. Null in entries written before roles existed.
   */
  role: string | null;
  ip: string;
  operation: string;
  /** The order references (or payout reference) named, as a JSON array. */
  targets: string;
  /** JSON `AuditLine[]`: each order with the amount at stake, as sent. */
  lines: string;
  outcome: AuditOutcome;
  /** The HTTP status answered; null while `requested`. */
  status_code: number | null;
  /** JSON `AuditResult[]`: the service's answer per order, once answered. */
  results: string | null;
  /** Why the request was refused or failed: the service's error code, or the companion's title. */
  error_code: string | null;
  error_message: string | null;
  /** When the answer was recorded (ms); null while `requested`. */
  completed_at: number | null;
  idempotency_key: string | null;
  request_id: string | null;
}

/** The orders each entry named, for `GET /audit?order_ref=`. */
export interface AuditTargetsTable {
  audit_id: string;
  order_ref: string;
}

export const AUDIT_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('token_name', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('targets', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('request_id', 'text')
      .execute();
    await db.schema.createIndex('audit_at').on('audit').column('at').execute();
  },
};

/** The columns both versions of `audit` have, copied as they are. */
const KEPT = sql.raw(
  'id, at, actor, token_name, ip, operation, targets, outcome, status_code, idempotency_key, request_id',
);

/**
 * Entries written before the call and completed after it, with amounts and the service's answer.
 * `status_code` may now be null (while `requested`), which SQLite cannot alter in place: the table
 * is rebuilt (the same statements on both stores), its entries kept as they were (answered, no
 * amounts), and every entry's orders indexed in `audit_targets`.
 */
export const AUDIT_ANSWERS_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('token_name', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('targets', 'text', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('results', 'text')
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('completed_at', 'bigint')
      .addColumn('idempotency_key', 'text')
      .addColumn('request_id', 'text')
      .execute();
    await sql`insert into audit_entries (${KEPT}, completed_at) select ${KEPT}, at from audit`.execute(
      db,
    );
    await db.schema.dropTable('audit').execute();
    await db.schema.alterTable('audit_entries').renameTo('audit').execute();
    await db.schema.createIndex('audit_at').on('audit').column('at').execute();
    await db.schema
      .createTable('audit_targets')
      .addColumn('audit_id', 'text', (c) => c.notNull())
      .addColumn('order_ref', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_targets_key', ['order_ref', 'audit_id'])
      .execute();
    // Pruning deletes an old entry's targets by its id: without this, every round scans them all.
    await db.schema.createIndex('audit_targets_audit').on('audit_targets').column('audit_id').execute(); // prettier-ignore
    await indexTargets(db.withTables<{ audit: AuditTable; audit_targets: AuditTargetsTable }>());
  },
};

/** Each entry's role (AuditTable.role): null in the entries written before. */
export const AUDIT_ROLE_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit').addColumn('role', 'text').execute();
  },
};

/** The longest target indexed in `audit_targets`: well past any order or payout reference. */
export const MAX_INDEXED_REF = 200;

/** The orders of every entry written before `audit_targets` was, into it, 500 rows a statement. */
async function indexTargets(
  db: Kysely<{ audit: AuditTable; audit_targets: AuditTargetsTable }>,
): Promise<void> {
  const entries = await db.selectFrom('audit').select(['id', 'targets']).execute();
  const rows = entries.flatMap(({ id, targets }) =>
    [...new Set(refsOf(targets))]
      .filter((ref) => ref.length <= MAX_INDEXED_REF)
      .map((order_ref) => ({ audit_id: id, order_ref })),
  );
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('audit_targets')
      .values(rows.slice(start, start + 500))
      .execute();
}

/** The texts of a JSON array (the targets the repository wrote); anything else in it is left out. */
export function refsOf(json: string): string[] {
  const parsed = z.array(z.unknown()).safeParse(safeJson(json));
  return parsed.success ? parsed.data.filter((item) => typeof item === 'string') : [];
}

/** `json` read, or undefined when it is not JSON. */
export function safeJson(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return parsedJson(json);
  } catch {
    return undefined;
  }
}
