/**
 * Opening the companion's database: kysely over embedded SQLite (sqlite.ts: a file, WAL; memory in tests) or
 * PostgreSQL for a `postgres://` URL, migrated to the latest schema either way.
 */
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { openSqlite } from '../../sqlite.ts';
import { MIGRATIONS, type Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

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
 * `openEmbedded` opens a SQLite file (the bench passes another driver to compare). `onIdleError` hears of a pooled PostgreSQL connection that broke while idle (a restart, a
 * failover, an idle timeout): the pool drops it and opens another when needed.
 */
export async function openDatabase(
  location: string,
  onIdleError: (error: Error) => void = () => undefined,
  openEmbedded: (file: string) => SqliteDatabase = openSqlite,
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
    // The connection keeps its statements prepared (sqlite.ts): kysely's driver would prepare
    // every query anew.
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openEmbedded(location) }) });
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
