/**
 * better-sqlite3, loaded when a SQLite store is opened. It is an optional dependency (a native
 * build): a merchant on PostgreSQL installs with `--omit=optional` and never builds it.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;

const require = createRequire(import.meta.url);

/** Opens `file` (or `:memory:`) in WAL mode, synchronous NORMAL, making its folder if needed. */
export function openSqlite(file: string): SqliteDatabase {
  let Database: typeof BetterSqlite3;
  try {
    Database = require('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `a SQLite store (${file}) needs the optional dependency better-sqlite3, which is not installed ` +
        '(npm install better-sqlite3; the companion can use PostgreSQL instead, with a postgres:// URL)',
      { cause: error },
    );
  }
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  // WAL's own recommendation: a commit is written, not flushed to the disk (the flush happens at
  // checkpoints). A crash or kill of the process loses nothing; a power cut or a kernel crash may
  // lose the last commits before a checkpoint. FULL flushes every commit, about 1.5 ms each on
  // this project's machine, while better-sqlite3 holds the event loop: it capped the companion at
  // a few hundred sessions a second. Stores that must survive a power cut use PostgreSQL.
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  return database;
}
