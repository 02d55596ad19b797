/** Payouts asked of the service, each recorded with its request_id before it is sent. */
import type { Kysely } from 'kysely';
import { startsWithAny } from './rows.ts';
import type { Database } from './schema.ts';
import { parsedJson } from '../../unknown.ts';

export interface PayoutEntry {
  request_id: string;
  /** The merchant's own reference, when the payout was made with one. */
  reference: string | null;
  status: string;
  record: unknown;
  created_at: number;
}

export class PayoutsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The payout of this key, created (with its request_id) before anything is sent. */
  async ensure(
    key: string,
    requestId: string,
    body: string,
    reference?: string,
  ): Promise<{ request_id: string; body: string }> {
    const now = Date.now();
    await this.db
      .insertInto('payouts')
      .values({
        idempotency_key: key,
        request_id: requestId,
        body,
        status: 'sending',
        record: null,
        created_at: now,
        updated_at: now,
        reference: reference ?? null,
      })
      .onConflict((c) => c.column('idempotency_key').doNothing())
      .execute();
    return this.db
      .selectFrom('payouts')
      .select(['request_id', 'body'])
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
  }

  /** Deletes payouts created before `before` (a public demo's retention). */
  async prune(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('payouts')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes a payout the service refused unread (still `sending`): nothing of it stays. */
  async forget(requestId: string): Promise<void> {
    await this.db
      .deleteFrom('payouts')
      .where('request_id', '=', requestId)
      .where('status', '=', 'sending')
      .execute();
  }

  async update(requestId: string, status: string, record: unknown): Promise<void> {
    await this.db
      .updateTable('payouts')
      .set({ status, record: JSON.stringify(record), updated_at: Date.now() })
      .where('request_id', '=', requestId)
      .execute();
  }

  /**
   * The latest payouts: only those of `reference`, or of a reference starting with one of
   * `prefixes`, when given.
   */
  async recent(
    limit: number,
    only: { reference?: string | undefined; prefixes?: readonly string[] | undefined } = {},
  ): Promise<PayoutEntry[]> {
    let query = this.db
      .selectFrom('payouts')
      .select(['request_id', 'reference', 'status', 'record', 'created_at']);
    if (only.reference !== undefined) query = query.where('reference', '=', only.reference);
    if (only.prefixes !== undefined) query = query.where(startsWithAny('reference', only.prefixes));
    const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      ...row,
      created_at: Number(row.created_at),
      record: row.record ? parsedJson(row.record) : null,
    }));
  }
}
