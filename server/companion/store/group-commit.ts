/**
 * The embedded store's kysely dialect: SQLite's one connection, as kysely's own SQLite driver
 * uses it, except that transactions ending together share one commit ("group commit").
 *
 * Each transaction runs as a savepoint inside one open SQLite transaction, the group; its commit
 * releases the savepoint, lets the next transaction or statement have the connection, and
 * resolves only once the group has been committed, on the next turn of the event loop. So a
 * transaction is durable when its commit returns, exactly as before, while ten sessions in flight
 * write the pages they share (a table's last leaf, an index's) to the write-ahead log once, not
 * ten times: the store's part of a checkout session made 33 writes to its files (WAL frames and
 * checkpoints) without it, 6.3 with it.
 *
 * A transaction that fails rolls back to its savepoint alone. A statement outside any transaction
 * first commits the group, so it never reads what is not yet durable, and is itself durable when
 * it returns. If the group's commit fails, every transaction in it fails: none was told it had
 * committed. Should SQLite roll the whole group back on an error (a full disk, an I/O error), or
 * a transaction's savepoint not roll back, the transactions already in it fail with that error.
 * A holder that goes on using the connection after its transaction committed (a `db.connection()`
 * scope) takes it again first, so its statements never run beside another's transaction.
 */
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { SqliteDatabase } from '../../sqlite.ts';
import { present } from '../../unknown.ts';

/** What the dialect needs of a SQLite connection: this package's engine, or another driver's. */
export type EmbeddedDatabase = Pick<SqliteDatabase, 'exec' | 'prepare' | 'inTransaction' | 'close'>;

/** The savepoint each transaction of a group runs in (one at a time: one holds the connection). */
const MEMBER = 'acquiring_group_member';

/** A lock handed to waiters in the order they asked: a pending commit is not overtaken forever. */
class FifoLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];
  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Transactions committed into the open SQLite transaction, waiting for its commit. */
interface Group {
  durable: Promise<void>;
  committed(): void;
  failed(error: unknown): void;
}

function newGroup(): Group {
  let committed!: () => void;
  let failed!: (error: unknown) => void;
  const durable = new Promise<void>((resolve, reject) => {
    committed = resolve;
    failed = reject;
  });
  // A group whose members all rolled back has nobody waiting on it.
  durable.catch(() => undefined);
  return { durable, committed, failed };
}

/**
 * One holder's use of the connection (kysely asks for one per query or transaction): whether it
 * still holds the lock, and whether its transaction's savepoint is open.
 */
class Lease implements DatabaseConnection {
  holding = false;
  inMember = false;
  constructor(readonly driver: GroupCommitDriver) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.driver.hold(this);
    return this.driver.run<R>(this, query);
  }
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the embedded store does not stream queries');
  }
}

class GroupCommitDriver implements Driver {
  readonly #lock = new FifoLock();
  /** Leases no holder has: kysely keeps every connection it was given, so they are reused. */
  readonly #free: Lease[] = [];
  #group: Group | undefined;
  #flushing = false;
  /** Set when a rollback of a whole group was needed: asked of SQLite until it is done. */
  #unsettled = false;

  constructor(readonly db: EmbeddedDatabase) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<Lease> {
    await this.#lock.lock();
    const lease = this.#free.pop() ?? new Lease(this);
    lease.holding = true;
    return lease;
  }

  /**
   * Takes the lock again for a lease whose transaction committed (and handed the lock on) but
   * whose holder goes on using it: a `db.connection()` scope, or a transaction's handle kept.
   */
  async hold(lease: Lease): Promise<void> {
    if (lease.holding) return;
    await this.#lock.lock();
    lease.holding = true;
  }

  async releaseConnection(lease: Lease): Promise<void> {
    // A committed transaction handed the lock on already (commitTransaction).
    if (lease.holding) this.#lock.unlock();
    lease.holding = false;
    this.#free.push(lease);
  }

  async beginTransaction(lease: Lease): Promise<void> {
    await this.hold(lease);
    if (!this.#group) {
      this.#endStale();
      this.db.exec('begin');
      this.#group = newGroup();
    }
    this.db.exec(`savepoint ${MEMBER}`);
    lease.inMember = true;
  }

  async commitTransaction(lease: Lease): Promise<void> {
    this.db.exec(`release ${MEMBER}`);
    lease.inMember = false;
    const group = present(this.#group, 'the group a committed transaction is in');
    this.#scheduleCommit();
    lease.holding = false;
    this.#lock.unlock();
    await group.durable;
  }

  async rollbackTransaction(lease: Lease): Promise<void> {
    if (!lease.inMember) return; // its group's commit failed: nothing of it is left
    lease.inMember = false;
    if (this.db.inTransaction) {
      try {
        this.db.exec(`rollback to ${MEMBER}`);
        this.db.exec(`release ${MEMBER}`);
        return;
      } catch (error) {
        // Its writes could not be undone alone: the whole group goes, so none is committed.
        this.#abandonGroup(error);
        throw error;
      }
    }
    // SQLite rolled the whole group back (an I/O error, a full disk): its members are lost too.
    this.#abandonGroup(new Error('the embedded store rolled back a group of transactions'));
  }

  /** Runs one statement for `lease`; outside a transaction, the group is committed first. */
  run<R>(lease: Lease, { sql, parameters }: CompiledQuery): QueryResult<R> {
    if (!lease.inMember) {
      this.#commitGroup();
      this.#endStale();
    }
    const statement = this.db.prepare(sql);
    // Rows of the shape the query selects, as kysely's own SQLite driver answers them.
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async destroy(): Promise<void> {
    await this.#lock.lock();
    try {
      this.#commitGroup();
    } finally {
      this.db.close();
      // Anyone still waiting gets the closed connection, and its error, rather than no answer.
      this.#lock.unlock();
    }
  }

  /** The group's commit on the next turn of the event loop, once nobody holds the connection. */
  #scheduleCommit(): void {
    if (this.#flushing) return;
    this.#flushing = true;
    setImmediate(() => {
      void this.#lock.lock().then(() => {
        this.#flushing = false;
        try {
          this.#commitGroup();
        } finally {
          this.#lock.unlock();
        }
      });
    });
  }

  /** Fails the open group, if any, and rolls it back: none of its members is committed. */
  #abandonGroup(error: unknown): void {
    const group = this.#group;
    this.#group = undefined;
    group?.failed(error);
    this.#unsettled = true;
    this.#endStale();
  }

  /**
   * Rolls back a transaction open with no group: one whose commit and rollback both failed. A
   * statement run inside it would answer as if written, and never be committed; if it cannot be
   * rolled back either, this throws, and so does every statement until the disk answers again.
   */
  #endStale(): void {
    // Asked only after a failure: SQLite's answer costs a call into the engine per statement.
    if (!this.#unsettled || this.#group) return;
    if (this.db.inTransaction) this.db.exec('rollback');
    this.#unsettled = false;
  }

  /** Commits the open group, if any (its caller holds the lock): its members are durable. */
  #commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.db.exec('commit');
    } catch (error) {
      group.failed(error);
      this.#unsettled = true;
      try {
        this.#endStale();
      } catch {
        // Its members are told already; the next statement or transaction tries again (#endStale).
      }
      return;
    }
    group.committed();
  }
}

/** kysely's SQLite dialect over `db`, with group commit. */
export function groupCommitDialect(db: EmbeddedDatabase): Dialect {
  return {
    createDriver: () => new GroupCommitDriver(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (kysely: Kysely<unknown>) => new SqliteIntrospector(kysely),
  };
}
