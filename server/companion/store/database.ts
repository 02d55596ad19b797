/**
 * Opening the companion's database: kysely over better-sqlite3 (a file, WAL; memory in tests) or
 * PostgreSQL for a `postgres://` URL, migrated to the latest schema either way.
 */
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import {
  openSqlite,
  type SqliteDatabase as BetterSqlite,
  type SqliteStatement,
} from '../../sqlite.ts';
import { MIGRATIONS, type Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * kysely's SQLite driver prepares every statement anew; the store runs the same few dozen SQL
 * texts over and over, so keep them prepared. better-sqlite3 runs a statement synchronously, so
 * one prepared statement is never used by two queries at once.
 */
function withPreparedStatements(database: BetterSqlite): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
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

/** The schema unqualified tables land in: the first of the connection's `search_path`. */
async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL: no schema on the search_path to create tables in');
  return schema;
}

/**
 * Opens and migrates the database at `location`: a `postgres://` URL, a file, or `:memory:`.
 * `onIdleError` hears of a pooled PostgreSQL connection that broke while idle (a restart, a
 * failover, an idle timeout): the pool drops it and opens another when needed.
 */
export async function openDatabase(
  location: string,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<{ db: Kysely<Database>; dialect: Dialect }> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  if (/^postgres(ql)?:\/\//.test(location)) {
    // A connection that cannot be made within 5 s fails the query (and /readyz) instead of waiting.
    const pool = new pg.Pool({
      connectionString: location,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // Without a listener, an idle connection's error would be thrown and end the process.
    pool.on('error', onIdleError);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else {
    const database = openSqlite(location);
    database.pragma('foreign_keys = ON');
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withPreparedStatements(database) }),
    });
    dialect = 'sqlite';
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // kysely looks for its migration tables in every schema unless told which: a database with
    // another companion's schema (or a test's) would then skip creating them in this one.
    migrationTableSchema: dialect === 'postgres' ? await currentSchema(db) : undefined,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect };
}
