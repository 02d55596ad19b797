/** Idempotency-Key records of the merchant's operations: one outcome per key, replayed. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export type OperationStart =
  | { state: 'new' }
  | { state: 'replay'; statusCode: number; response: string }
  | { state: 'in_progress' }
  /** In progress for longer than a live request can take: taken over by this caller. */
  | { state: 'interrupted' }
  | { state: 'mismatch' };

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Starts an operation under an Idempotency-Key, or says what the key already stands for. A key
   * still in progress after `staleAfterMs` was left by a crash: exactly one caller (of any
   * process) takes it over, and is told so.
   */
  async begin(
    key: string,
    route: string,
    bodyHash: string,
    request: string,
    staleAfterMs: number,
  ): Promise<OperationStart> {
    const now = Date.now();
    const result = await this.db
      .insertInto('operations')
      .values({
        idempotency_key: key,
        route,
        body_hash: bodyHash,
        state: 'in_progress',
        status_code: null,
        response: null,
        request,
        created_at: now,
      })
      .onConflict((c) => c.column('idempotency_key').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { state: 'new' };
    const existing = await this.db
      .selectFrom('operations')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    if (existing.route !== route || existing.body_hash !== bodyHash) return { state: 'mismatch' };
    if (existing.state !== 'done') {
      if (Number(existing.created_at) > now - staleAfterMs) return { state: 'in_progress' };
      const taken = await this.db
        .updateTable('operations')
        .set({ created_at: now })
        .where('idempotency_key', '=', key)
        .where('state', '=', 'in_progress')
        .where('created_at', '=', existing.created_at)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) > 0 ? { state: 'interrupted' } : { state: 'in_progress' };
    }
    return {
      state: 'replay',
      statusCode: Number(existing.status_code),
      response: existing.response ?? '',
    };
  }

  async finish(key: string, statusCode: number, response: string): Promise<void> {
    await this.db
      .updateTable('operations')
      .set({ state: 'done', status_code: statusCode, response })
      .where('idempotency_key', '=', key)
      .execute();
  }

  /** Forgets finished operations older than `before`. */
  async prune(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('operations')
      .where('state', '=', 'done')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Forgets an operation whose outcome is unknown, so the same key can be tried again. */
  async abandon(key: string): Promise<void> {
    await this.db
      .deleteFrom('operations')
      .where('idempotency_key', '=', key)
      .where('state', '=', 'in_progress')
      .execute();
  }
}
