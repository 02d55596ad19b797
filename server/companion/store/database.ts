/**
 * Opening the companion's database: kysely over embedded SQLite (sqlite.ts: a file, WAL; memory in tests) or
 * PostgreSQL for a `postgres://` URL, migrated to the latest schema either way.
 */
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { openSqlite } from '../../sqlite.ts';
import { groupCommitDialect, type EmbeddedDatabase } from './group-commit.ts';
import { MIGRATIONS } from './migrations.ts';
import type { Database } from './schema.ts';
import { isRecord, messageOf } from '../../unknown.ts';

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

/** A PostgreSQL pool's connections now: open, lent out, and queries waiting for one. */
export type PoolStats = () => { size: number; inUse: number; waiting: number };

/**
 * Opens and migrates the database at `location`: a `postgres://` URL, a file, or `:memory:`.
 * `openEmbedded` opens a SQLite file (the bench passes another driver to compare). `onIdleError` hears of a pooled PostgreSQL connection that broke while idle (a restart, a
 * failover, an idle timeout): the pool drops it and opens another when needed.
 */
export async function openDatabase(
  location: string,
  onIdleError: (error: Error) => void = () => undefined,
  openEmbedded: (file: string) => EmbeddedDatabase = openSqlite,
): Promise<{ db: Kysely<Database>; dialect: Dialect; pool?: PoolStats }> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let stats: PoolStats | undefined;
  if (/^postgres(ql)?:\/\//.test(location)) {
    // Loaded only for PostgreSQL: an embedded store's start need not read the driver (36 ms).
    const { default: pg } = await import('pg');
    // A connection that cannot be made within 5 s fails the query (and /readyz) instead of waiting.
    const pool = new pg.Pool({
      connectionString: location,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // Without a listener, an idle connection's error would be thrown and end the process.
    pool.on('error', onIdleError);
    stats = () => ({
      size: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else {
    // The connection keeps its statements prepared (sqlite.ts), and transactions that end
    // together share a commit (group-commit.ts).
    db = new Kysely<Database>({ dialect: groupCommitDialect(openEmbedded(location)) });
    dialect = 'sqlite';
  }
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // kysely looks for its migration tables in every schema unless told which: a database with
    // another companion's schema (or a test's) would then skip creating them in this one.
    migrationTableSchema: schema,
  });
  const error = await migrate(migrator, schema);
  if (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, ...(stats ? { pool: stats } : {}) };
}

/**
 * Runs the migrations. kysely's introspection reads the tables of every schema in the database:
 * another schema dropped meanwhile (another companion's, a test's) fails it with 3F000 naming
 * that schema, which is not ours to worry about, so the migrations run again.
 */
async function migrate(migrator: Migrator, schema: string | undefined): Promise<unknown> {
  for (let tries = 1; ; tries++) {
    const { error } = await migrator.migrateToLatest();
    const code = isRecord(error) ? error.code : undefined;
    const another = code === '3F000' && schema && !messageOf(error).includes(`"${schema}"`);
    if (!another || tries === 3) return error;
  }
} // prettier-ignore
