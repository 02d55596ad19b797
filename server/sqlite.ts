/**
 * The embedded SQLite engine of the companion's default store and of the sandbox:
 * node-sqlite3-wasm, SQLite compiled to WebAssembly with direct file access. Nothing is compiled
 * at install and no binary is downloaded, so `npm install` works on any machine with Node.
 *
 * The engine has no shared memory between processes, so a database file belongs to one process:
 * it is opened in exclusive locking mode (which lets WAL work without shared memory), and a second
 * process that opens the same file is refused with a message saying to use PostgreSQL for several
 * processes. Statements are synchronous, as with any SQLite driver for Node: a function run in
 * `transaction()` cannot interleave with another request.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Database as WasmDatabase, Statement as WasmStatement } from 'node-sqlite3-wasm';
import { isRecord, messageOf } from './unknown.ts';

const require = createRequire(import.meta.url);

/** A value SQLite stores, or a boolean (stored as 0 or 1). */
export type SqliteValue = string | number | bigint | boolean | Uint8Array | null;

/** A prepared statement; its parameters come as one array, as kysely's SQLite driver passes them. */
export interface SqliteStatement {
  /** Whether it returns rows: a query, or a write with `RETURNING`. */
  readonly reader: boolean;
  all(parameters?: readonly unknown[]): unknown[];
  get(parameters?: readonly unknown[]): unknown;
  run(parameters?: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  iterate(parameters?: readonly unknown[]): IterableIterator<unknown>;
}

/** The part of a SQLite connection the store and the sandbox use (kysely's `SqliteDatabase` too). */
export interface SqliteDatabase {
  /** False once closed. */
  readonly isOpen: boolean;
  /** Whether a transaction is open (false again after SQLite rolled one back on an error). */
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  /** Runs `fn` in a transaction (a savepoint when one is open): committed, or rolled back if it throws. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** Files this process has open: the engine's lock is per connection, so a second one would wait forever. */
const openFiles = new Set<string>();

/**
 * Whether SQL returns rows. The engine does not say before running it, and kysely must know
 * whether to read rows or the count of changed rows (which guards every conditional update).
 */
function returnsRows(sql: string): boolean {
  return /^\s*(select|with|pragma|values|explain)\b/i.test(sql) || /\breturning\b/i.test(sql);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return isRecord(error) && error.code === 'EPERM';
  }
}

/** The live process that has `file` open, if another one does. */
export function sqliteOwner(file: string): number | undefined {
  let owner = 0;
  try {
    owner = Number(readFileSync(`${file}.owner`, 'utf8'));
  } catch {
    // No owner recorded: nobody has it open.
  }
  return owner && owner !== process.pid && isAlive(owner) ? owner : undefined;
}

/**
 * Makes `file` this process's: refused while a live process owns it; a lock left behind by a
 * process that was killed (the engine's lock is a folder beside the file, which a kill leaves) is
 * removed, or every later open would find the file busy.
 */
function claim(file: string): void {
  if (openFiles.has(file))
    throw new Error(`the SQLite database ${file} is already open in this process`);
  const owner = sqliteOwner(file);
  if (owner) {
    throw new Error(
      `the SQLite database ${file} is in use by process ${owner}: an embedded store serves one ` +
        'process. To run several, give them one PostgreSQL (DATABASE_URL=postgres://…).',
    );
  }
  rmSync(`${file}.lock`, { recursive: true, force: true });
  writeFileSync(`${file}.owner`, String(process.pid));
  openFiles.add(file);
}

function release(file: string): void {
  openFiles.delete(file);
  rmSync(`${file}.owner`, { force: true });
}

function isSqliteValue(value: unknown): value is SqliteValue {
  const type = typeof value;
  return (
    value === null ||
    value instanceof Uint8Array ||
    type === 'string' ||
    type === 'number' ||
    type === 'bigint' ||
    type === 'boolean'
  );
}

/** Parameters as the engine binds them; anything else is refused, naming its place. */
function bindable(parameters: readonly unknown[]): SqliteValue[] {
  return parameters.map((value, index) => {
    if (!isSqliteValue(value))
      throw new TypeError(`SQL parameter ${index + 1}: SQLite stores no ${typeof value}`);
    return value;
  });
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  constructor(
    readonly raw: WasmStatement,
    sql: string,
  ) {
    this.reader = returnsRows(sql);
  }
  all(parameters: readonly unknown[] = []): unknown[] {
    return this.raw.all(bindable(parameters));
  }
  get(parameters: readonly unknown[] = []): unknown {
    return this.raw.get(bindable(parameters)) ?? undefined;
  }
  run(parameters: readonly unknown[] = []) {
    return this.raw.run(bindable(parameters));
  }
  iterate(parameters: readonly unknown[] = []): IterableIterator<unknown> {
    return this.raw.iterate(bindable(parameters));
  }
}

/** A connection that keeps each SQL text prepared: the store runs the same few dozen over and over. */
class Connection implements SqliteDatabase {
  readonly #prepared = new Map<string, Statement>();
  #depth = 0;
  constructor(
    readonly raw: WasmDatabase,
    readonly file: string,
  ) {}

  get isOpen(): boolean {
    return this.raw.isOpen;
  }

  get inTransaction(): boolean {
    return this.raw.inTransaction;
  }

  prepare(sql: string): Statement {
    let statement = this.#prepared.get(sql);
    if (!statement) {
      statement = new Statement(this.raw.prepare(sql), sql);
      this.#prepared.set(sql, statement);
    }
    return statement;
  }

  exec(sql: string): void {
    this.raw.exec(sql);
  }

  transaction<T>(fn: () => T): T {
    const name = `s${this.#depth}`;
    this.raw.exec(this.#depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${name}`);
    this.#depth++;
    try {
      const result = fn();
      this.#depth--;
      this.raw.exec(this.#depth === 0 ? 'COMMIT' : `RELEASE ${name}`);
      return result;
    } catch (error) {
      this.#depth--;
      this.raw.exec(this.#depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    }
  }

  close(): void {
    if (!this.raw.isOpen) return;
    // The engine's memory is not garbage-collected: statements are finalized by hand.
    for (const statement of this.#prepared.values()) statement.raw.finalize();
    this.#prepared.clear();
    this.raw.close();
    if (this.file !== ':memory:') release(this.file);
  }
}

/** Opens `file` (or `:memory:`) in WAL mode, synchronous NORMAL, making its folder if needed. */
export function openSqlite(file: string): SqliteDatabase {
  const { Database } = require('node-sqlite3-wasm') as typeof import('node-sqlite3-wasm');
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    claim(file);
  }
  let connection: Connection | undefined;
  try {
    connection = new Connection(new Database(file), file);
    // Exclusive: the engine has no shared memory, which WAL needs unless one connection holds the
    // file; it also keeps the lock from being taken and dropped at every statement.
    connection.exec('PRAGMA locking_mode = EXCLUSIVE');
    connection.exec('PRAGMA journal_mode = WAL');
    // WAL's own recommendation: a commit is written, not flushed to the disk (the flush happens
    // at checkpoints). A crash or kill of the process loses nothing; a power cut or a kernel crash
    // may lose the last commits before a checkpoint. FULL flushes every commit (about 1.5 ms each
    // on this project's machine, while the event loop waits). Stores that must survive a power
    // cut use PostgreSQL.
    connection.exec('PRAGMA synchronous = NORMAL');
    connection.exec('PRAGMA foreign_keys = ON');
  } catch (error) {
    connection?.close();
    if (file !== ':memory:') release(file);
    throw new Error(`could not open the SQLite database ${file}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  return connection;
}
