/**
 * The databases the store tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Each PostgreSQL store gets a schema of its own, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh location for `CompanionStore.open`, and a way to drop it. */
  create(): Promise<{ location: string; drop(): Promise<void> }>;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

const sqlite: TestDatabase = {
  name: 'sqlite',
  create: async () => ({ location: ':memory:', drop: async () => undefined }),
};

const postgres: TestDatabase = {
  name: 'postgres',
  async create() {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = new URL(POSTGRES_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      location: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      },
    };
  },
};

export const TEST_DATABASES: TestDatabase[] = POSTGRES_URL ? [sqlite, postgres] : [sqlite];

/** PostgreSQL alone, when TEST_DATABASE_URL is set: a schema of its own for each `create()`. */
export const POSTGRES: TestDatabase | undefined = POSTGRES_URL ? postgres : undefined;
