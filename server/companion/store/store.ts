/**
 * The companion's order record: a repository per table over one kysely database (SQLite or
 * PostgreSQL; see database.ts). The same migrations and queries run on both. Races between
 * requests, or between companion processes on one PostgreSQL, are settled by unique keys and
 * conditional updates, never by locks held in one process.
 */
import type { Kysely } from 'kysely';
import { AttemptsRepository } from './attempts.ts';
import { AuditRepository } from './audit.ts';
import { openDatabase, type Dialect, type PoolStats } from './database.ts';
import type { EmbeddedDatabase } from './group-commit.ts';
import { IdempotencyRepository } from './idempotency.ts';
import { NotificationsRepository } from './notifications.ts';
import { OrdersRepository } from './orders.ts';
import { PageTokensRepository } from './page-tokens.ts';
import { PayoutsRepository } from './payouts.ts';
import { SavedCardsRepository } from './saved-cards.ts';
import type { Database } from './schema.ts';

export type { Attempt, Order } from './rows.ts';
export type { OperationStart } from './idempotency.ts';
export type { PageToken } from './attempts.ts';
export type { SavedCard } from './saved-cards.ts';

export class CompanionStore {
  readonly orders: OrdersRepository;
  readonly attempts: AttemptsRepository;
  readonly pageTokens: PageTokensRepository;
  readonly notifications: NotificationsRepository;
  readonly idempotency: IdempotencyRepository;
  readonly payouts: PayoutsRepository;
  readonly audit: AuditRepository;
  readonly savedCards: SavedCardsRepository;

  private constructor(
    readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    /** The PostgreSQL pool's connections (undefined for the embedded store: one connection). */
    readonly pool?: PoolStats,
  ) {
    this.orders = new OrdersRepository(db);
    this.attempts = new AttemptsRepository(db);
    this.pageTokens = new PageTokensRepository(db);
    this.notifications = new NotificationsRepository(db);
    this.idempotency = new IdempotencyRepository(db);
    this.payouts = new PayoutsRepository(db);
    this.audit = new AuditRepository(db);
    this.savedCards = new SavedCardsRepository(db);
  }

  /**
   * Opens (and migrates) the store at `location`: a `postgres://` URL, a file, or `:memory:`.
   * `openEmbedded` is for the bench, which compares SQLite drivers on the same store.
   */
  static async open(
    location: string,
    onIdleError?: (error: Error) => void,
    /** @internal */
    openEmbedded?: (file: string) => EmbeddedDatabase,
  ): Promise<CompanionStore> {
    const { db, dialect, pool } = await openDatabase(location, onIdleError, openEmbedded);
    return new CompanionStore(db, dialect, pool);
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
