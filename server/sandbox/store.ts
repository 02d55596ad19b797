/**
 * The sandbox's state in SQLite: a file by default so a restart loses nothing, memory in tests.
 *
 * Each record is a JSON document with the few columns it is looked up by. SQLite (sqlite.ts) is
 * synchronous, so a handler that reads, decides and writes inside `transaction()` cannot interleave
 * with another request: two captures racing on one order are serialised, and exactly one wins.
 */
import { openSqlite, type SqliteDatabase, type SqliteStatement } from '../sqlite.ts';
import type { CardToken, Faults, Order, Payout, Refund, Session, Subscription } from './records.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS orders (
  transaction_id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  order_no TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  doc TEXT NOT NULL,
  UNIQUE (merchant_id, order_no)
);
CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS card_tokens (token_id TEXT PRIMARY KEY, merchant_id TEXT NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS subscriptions (
  recurring_id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  next_charge_at INTEGER,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS refunds (
  refund_reference TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS payouts (
  merchant_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  settle_at INTEGER,
  doc TEXT NOT NULL,
  PRIMARY KEY (merchant_id, request_id)
);
CREATE TABLE IF NOT EXISTS notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at INTEGER,
  state TEXT NOT NULL DEFAULT 'pending'
);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, doc TEXT NOT NULL);
`;

export interface NotificationRow {
  id: number;
  url: string;
  body: string;
  attempts: number;
  due_at: number | null;
  state: 'pending' | 'delivered' | 'abandoned';
}

/** A table of JSON documents keyed by one or more columns. */
class Documents<T> {
  readonly #get: SqliteStatement;
  constructor(
    private readonly db: SqliteDatabase,
    private readonly table: string,
    keys: string[],
  ) {
    this.#get = db.prepare(
      `SELECT doc FROM ${table} WHERE ${keys.map((k) => `${k} = ?`).join(' AND ')}`,
    );
  }

  get(...key: string[]): T | undefined {
    const row = this.#get.get(key) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : undefined;
  }

  /** Inserts or replaces, with the given columns beside the document. */
  put(columns: Record<string, string | number | null>, doc: T): void {
    const names = [...Object.keys(columns), 'doc'];
    this.db
      .prepare(
        `INSERT OR REPLACE INTO ${this.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      )
      .run([...Object.values(columns), JSON.stringify(doc)]);
  }

  where(condition: string, ...params: (string | number)[]): T[] {
    return (
      this.db.prepare(`SELECT doc FROM ${this.table} WHERE ${condition}`).all(params) as {
        doc: string;
      }[]
    ).map((row) => JSON.parse(row.doc) as T);
  }
}

export class SandboxStore {
  readonly db: SqliteDatabase;
  readonly orders: Documents<Order>;
  readonly sessions: Documents<Session>;
  readonly cardTokens: Documents<CardToken>;
  readonly subscriptions: Documents<Subscription>;
  readonly refunds: Documents<Refund>;
  readonly payouts: Documents<Payout>;
  /** The settings table's documents of each kind, by name: the clock's offset, the faults. */
  readonly clock: Documents<number>;
  readonly faults: Documents<Faults>;

  constructor(file: string) {
    this.db = openSqlite(file);
    this.db.exec(SCHEMA);
    this.orders = new Documents(this.db, 'orders', ['transaction_id']);
    this.sessions = new Documents(this.db, 'sessions', ['token']);
    this.cardTokens = new Documents(this.db, 'card_tokens', ['token_id']);
    this.subscriptions = new Documents(this.db, 'subscriptions', ['recurring_id']);
    this.refunds = new Documents(this.db, 'refunds', ['refund_reference']);
    this.payouts = new Documents(this.db, 'payouts', ['merchant_id', 'request_id']);
    this.clock = new Documents(this.db, 'settings', ['name']);
    this.faults = new Documents(this.db, 'settings', ['name']);
  }

  /** Runs `fn` atomically; nothing else touches the store meanwhile. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn);
  }

  enqueueNotification(url: string, body: string, dueAt: number): void {
    this.db
      .prepare('INSERT INTO notifications (url, body, due_at) VALUES (?, ?, ?)')
      .run([url, body, dueAt]);
  }

  dueNotifications(now: number): NotificationRow[] {
    return this.db
      .prepare(
        "SELECT * FROM notifications WHERE state = 'pending' AND due_at <= ? ORDER BY id LIMIT 50",
      )
      .all([now]) as NotificationRow[];
  }

  /** Records an attempt: delivered, due again at `dueAt`, or abandoned when `dueAt` is null. */
  recordAttempt(id: number, delivered: boolean, dueAt: number | null): void {
    const state = delivered ? 'delivered' : dueAt === null ? 'abandoned' : 'pending';
    this.db
      .prepare(
        'UPDATE notifications SET attempts = attempts + 1, state = ?, due_at = ? WHERE id = ?',
      )
      .run([state, delivered ? null : dueAt, id]);
  }

  notifications(): NotificationRow[] {
    return this.db.prepare('SELECT * FROM notifications ORDER BY id').all() as NotificationRow[];
  }

  close(): void {
    this.db.close();
  }
}
