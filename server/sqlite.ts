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

/** Opens `file` (or `:memory:`) in WAL mode, making its folder if needed. */
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
  database.pragma('busy_timeout = 5000');
  return database;
}
