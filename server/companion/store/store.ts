/**
 * The companion's order record: kysely over better-sqlite3 (a file under ./data, WAL; memory in
 * tests) or PostgreSQL when a `postgres://` URL is given. The same migrations and queries run on
 * both. Races between requests, or between companion processes on one PostgreSQL, are settled by
 * unique keys and conditional updates, never by locks held in one process.
 */
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type Insertable,
  type Selectable,
  type SqliteDatabase,
  type Updateable,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { MIGRATIONS, type AttemptsTable, type Database, type OrdersTable } from './schema.ts';

export type Order = Selectable<OrdersTable>;

/**
 * kysely's SQLite driver prepares every statement anew; the store runs the same few dozen SQL
 * texts over and over, so keep them prepared. better-sqlite3 runs a statement synchronously, so
 * one prepared statement is never used by two queries at once.
 */
function withPreparedStatements(database: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size >= 500) prepared.clear();
        statement = database.prepare(sql);
        prepared.set(sql, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}
export type Attempt = Selectable<AttemptsTable>;

/** PostgreSQL returns BIGINT as text; every BIGINT here is a safe integer. */
function numbers<T extends Record<string, unknown>>(row: T, fields: (keyof T)[]): T {
  const copy = { ...row };
  for (const field of fields)
    if (copy[field] !== null && copy[field] !== undefined)
      copy[field] = Number(copy[field]) as T[keyof T];
  return copy;
}
const ORDER_NUMBERS: (keyof Order)[] = [
  'amount',
  'captured',
  'refunded',
  'created_at',
  'updated_at',
  'last_sequence',
  'attempts',
];

export type OperationStart =
  | { state: 'new' }
  | { state: 'replay'; statusCode: number; response: string }
  | { state: 'in_progress' }
  | { state: 'mismatch' };

export class CompanionStore {
  private constructor(
    readonly db: Kysely<Database>,
    readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** Opens (and migrates) the store at `location`: a `postgres://` URL, a file, or `:memory:`. */
  static async open(location: string): Promise<CompanionStore> {
    let store: CompanionStore;
    if (/^postgres(ql)?:\/\//.test(location)) {
      store = new CompanionStore(
        new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: location, max: 10 }),
          }),
        }),
        'postgres',
      );
    } else {
      if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
      const database = new SQLite(location);
      database.pragma('journal_mode = WAL');
      database.pragma('busy_timeout = 5000');
      database.pragma('foreign_keys = ON');
      store = new CompanionStore(
        new Kysely<Database>({
          dialect: new SqliteDialect({ database: withPreparedStatements(database) }),
        }),
        'sqlite',
      );
    }
    const migrator = new Migrator({
      db: store.db,
      provider: { getMigrations: async () => MIGRATIONS },
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    return store;
  }

  close(): Promise<void> {
    return this.db.destroy();
  }

  // Orders

  async order(orderRef: string): Promise<Order | undefined> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('order_ref', '=', orderRef)
      .executeTakeFirst();
    return row && numbers(row, ORDER_NUMBERS);
  }

  async orderByOrderNo(orderNo: string): Promise<Order | undefined> {
    const attempt = await this.attempt(orderNo);
    return attempt ? this.order(attempt.order_ref) : undefined;
  }

  /** Inserts the order unless it exists; returns the stored one either way. */
  async ensureOrder(order: Insertable<OrdersTable>): Promise<Order> {
    const inserted = await this.db
      .insertInto('orders')
      .values(order)
      .onConflict((c) => c.column('order_ref').doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted
      ? numbers(inserted, ORDER_NUMBERS)
      : ((await this.order(order.order_ref)) as Order);
  }

  async updateOrder(orderRef: string, patch: Updateable<OrdersTable>): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ ...patch, updated_at: Date.now() })
      .where('order_ref', '=', orderRef)
      .execute();
  }

  /**
   * Applies a notification's state only if its sequence is newer than what was applied: an older
   * notification arriving late cannot undo a newer one. True when applied.
   */
  async applySequenced(
    orderRef: string,
    sequence: number,
    patch: Updateable<OrdersTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ ...patch, last_sequence: sequence, updated_at: Date.now() })
      .where('order_ref', '=', orderRef)
      .where('last_sequence', '<', sequence)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async ordersWithStatus(statuses: string[], updatedBefore: number): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', statuses)
      .where('updated_at', '<', updatedBefore)
      .limit(500)
      .execute();
    return rows.map((row) => numbers(row, ORDER_NUMBERS));
  }

  async recentOrders(limit: number): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => numbers(row, ORDER_NUMBERS));
  }

  // Attempts

  async attempt(orderNo: string): Promise<Attempt | undefined> {
    const row = await this.db
      .selectFrom('attempts')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    return row && numbers(row, ['seq', 'created_at']);
  }

  async latestAttempt(orderRef: string): Promise<Attempt | undefined> {
    const row = await this.db
      .selectFrom('attempts')
      .selectAll()
      .where('order_ref', '=', orderRef)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && numbers(row, ['seq', 'created_at']);
  }

  /**
   * Claims attempt number `seq` of an order. Exactly one of any number of concurrent claimants,
   * in this process or another, gets true; the others must use the winner's attempt.
   */
  async claimAttempt(attempt: Insertable<AttemptsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('attempts')
      .values(attempt)
      .onConflict((c) => c.columns(['order_ref', 'seq']).doNothing())
      .executeTakeFirst();
    const claimed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (claimed)
      await this.db
        .updateTable('orders')
        .set({ order_no: attempt.order_no, attempts: attempt.seq, updated_at: Date.now() })
        .where('order_ref', '=', attempt.order_ref)
        .execute();
    return claimed;
  }

  async updateAttempt(orderNo: string, patch: Updateable<AttemptsTable>): Promise<void> {
    await this.db.updateTable('attempts').set(patch).where('order_no', '=', orderNo).execute();
  }

  /**
   * Records what came of an attempt and its order in one transaction, so no other request (or
   * process) can see the attempt settled while the order still looks untouched.
   */
  async settleAttempt(
    orderNo: string,
    orderRef: string,
    attempt: Updateable<AttemptsTable>,
    order: Updateable<OrdersTable>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('attempts').set(attempt).where('order_no', '=', orderNo).execute();
      await trx
        .updateTable('orders')
        .set({ ...order, updated_at: Date.now() })
        .where('order_ref', '=', orderRef)
        .execute();
    });
  }

  // One-time page URLs

  async addPageToken(token: string, orderNo: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('page_tokens')
      .values({ token, order_no: orderNo, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Uses a page token once: the attempt's page, or undefined when unknown, used or expired. */
  async usePageToken(token: string, now = Date.now()): Promise<Attempt | undefined> {
    const result = await this.db
      .updateTable('page_tokens')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    const row = await this.db
      .selectFrom('page_tokens')
      .select('order_no')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    return this.attempt(row.order_no);
  }

  /** Records that a subscription is no longer active (cancelled or completed). */
  async setSubscriptionStatus(recurringId: string, status: string): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ subscription_status: status, updated_at: Date.now() })
      .where('recurring_id', '=', recurringId)
      .execute();
  }

  // Notifications

  /** Stores a notification; false when its notification_id was stored before (a replay). */
  async recordNotification(row: {
    notification_id: string;
    order_no: string | null;
    event: string;
    sequence: number;
    body: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('notifications')
      .values({ ...row, received_at: Date.now(), applied_at: null })
      .onConflict((c) => c.column('notification_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async markApplied(notificationId: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ applied_at: Date.now() })
      .where('notification_id', '=', notificationId)
      .execute();
  }

  async unappliedNotifications(): Promise<{ notification_id: string; body: string }[]> {
    return this.db
      .selectFrom('notifications')
      .select(['notification_id', 'body'])
      .where('applied_at', 'is', null)
      .orderBy('received_at')
      .limit(200)
      .execute();
  }

  async notificationsFor(
    orderNos: string[],
  ): Promise<{ event: string; sequence: number; received_at: number; order_no: string | null }[]> {
    if (orderNos.length === 0) return [];
    // A subscription's charges are payments of their own, `<order_no>-R<n>`, found by prefix:
    // substr, because LIKE reads `_` as a wildcard and a range depends on the collation.
    const rows = await this.db
      .selectFrom('notifications')
      .select(['event', 'sequence', 'received_at', 'order_no'])
      .where((eb) =>
        eb.or([
          eb('order_no', 'in', orderNos),
          ...orderNos.map((no) =>
            eb(eb.fn('substr', ['order_no', eb.val(1), eb.val(no.length + 2)]), '=', `${no}-R`),
          ),
        ]),
      )
      .orderBy('received_at')
      .execute();
    return rows.map((row) => numbers(row, ['sequence', 'received_at']));
  }

  // Idempotency of merchant operations

  /** Starts an operation under an Idempotency-Key, or says what the key already stands for. */
  async beginOperation(key: string, route: string, bodyHash: string): Promise<OperationStart> {
    const result = await this.db
      .insertInto('operations')
      .values({
        idempotency_key: key,
        route,
        body_hash: bodyHash,
        state: 'in_progress',
        status_code: null,
        response: null,
        created_at: Date.now(),
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
    if (existing.state !== 'done') return { state: 'in_progress' };
    return {
      state: 'replay',
      statusCode: Number(existing.status_code),
      response: existing.response ?? '',
    };
  }

  async finishOperation(key: string, statusCode: number, response: string): Promise<void> {
    await this.db
      .updateTable('operations')
      .set({ state: 'done', status_code: statusCode, response })
      .where('idempotency_key', '=', key)
      .execute();
  }

  /** Forgets an operation whose outcome is unknown, so the same key can be tried again. */
  async abandonOperation(key: string): Promise<void> {
    await this.db
      .deleteFrom('operations')
      .where('idempotency_key', '=', key)
      .where('state', '=', 'in_progress')
      .execute();
  }

  // Payouts

  /** The payout of this key, created (with its request_id) before anything is sent. */
  async ensurePayout(
    key: string,
    requestId: string,
    body: string,
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
      })
      .onConflict((c) => c.column('idempotency_key').doNothing())
      .execute();
    return this.db
      .selectFrom('payouts')
      .select(['request_id', 'body'])
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
  }

  async updatePayout(requestId: string, status: string, record: unknown): Promise<void> {
    await this.db
      .updateTable('payouts')
      .set({ status, record: JSON.stringify(record), updated_at: Date.now() })
      .where('request_id', '=', requestId)
      .execute();
  }

  async payouts(
    limit: number,
  ): Promise<{ request_id: string; status: string; record: unknown; created_at: number }[]> {
    const rows = await this.db
      .selectFrom('payouts')
      .select(['request_id', 'status', 'record', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      created_at: Number(row.created_at),
      record: row.record ? (JSON.parse(row.record) as unknown) : null,
    }));
  }
}
