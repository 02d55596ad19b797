/**
 * Orders inserted and updated per second through the companion's store, on SQLite and on
 * PostgreSQL, with as many orders in flight as the PostgreSQL pool has connections (10), as under
 * a companion's load; and PostgreSQL's own capacity on the same server in the same run: pgbench's
 * tpcb-like transactions per second at the same concurrency (pgbench-figure.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedDatabase as SqliteDatabase } from '../server/companion/store/group-commit.ts';
import pg from 'pg';
import { CompanionStore } from '../server/companion/store/store.ts';
import { pgbenchRound, preparePgbench, type Pgbench } from './pgbench-figure.ts';
import { summarise, type Summary } from './stats.ts';

const ORDERS = 1_000;
const ROUNDS = 3;
/** Orders in flight at once: the PostgreSQL pool's size (store/database.ts). */
export const IN_FLIGHT = 10;

async function ordersPerSecond(store: CompanionStore): Promise<number> {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ORDERS; i = next++) {
      const order_ref = `${prefix}-${i}`;
      const now = Date.now();
      await store.orders.ensure({
        order_ref, order_no: null, status: 'created', mode: 'checkout', amount: 1200, currency: 'USD', captured: 0, refunded: 0,
        transaction_id: null, result_info: null, recurring_id: null, contract_name: null, token_id: null, status_token_hash: 'h',
        storefront_origin: null, storefront_return_url: null, last_sequence: 0, attempts: 0, created_at: now, updated_at: now,
      }); // prettier-ignore
      await store.orders.update(order_ref, { status: 'authorised', transaction_id: `TX${i}` });
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return ORDERS / ((performance.now() - start) / 1000);
}

/** The store on a SQLite file opened by `openEmbedded` (the companion's own engine by default). */
async function sqliteFigure(openEmbedded?: (file: string) => SqliteDatabase): Promise<Summary> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  const store = await CompanionStore.open(join(dir, 'companion.sqlite'), undefined, openEmbedded);
  try {
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) samples.push(await ordersPerSecond(store));
    return summarise(samples, 0);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * better-sqlite3, the native engine the embedded store used before node-sqlite3-wasm, opened as
 * the store opened it (WAL, synchronous NORMAL). Not a dependency: it compiles at install, so
 * `npm install --no-save better-sqlite3` brings it for the comparison.
 */
function openNative(): ((file: string) => SqliteDatabase) | undefined {
  let Database: new (file: string) => SqliteDatabase & { pragma(text: string): unknown };
  try {
    Database = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  } catch {
    return undefined;
  }
  return (file) => {
    const database = new Database(file);
    for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON'])
      database.pragma(pragma);
    return database;
  };
}

export interface EmbeddedFigures {
  store_embedded_orders_per_s: Summary;
  store_native_sqlite_orders_per_s?: Summary;
  /** Why the native figure is missing. */
  native_not_measured?: string;
}

/** The embedded store's engine, and beside it in the same run the native one it replaced. */
export async function embeddedFigures(): Promise<EmbeddedFigures> {
  const figures: EmbeddedFigures = { store_embedded_orders_per_s: await sqliteFigure() };
  const native = openNative();
  if (native) figures.store_native_sqlite_orders_per_s = await sqliteFigure(native);
  else
    figures.native_not_measured =
      'better-sqlite3 is not installed (npm install --no-save better-sqlite3)';
  return figures;
}

export interface PostgresFigures {
  store_postgres_orders_per_s: Summary;
  /** Undefined, with the reason, when pgbench could not run. */
  pgbench_tpcb_tps?: Summary;
  store_postgres_pgbench_ratio?: Summary;
  pgbench_not_measured?: string;
}

/**
 * On the PostgreSQL at `url`, the store in a schema of its own, interleaved round by round with
 * pgbench so a slow moment of the machine falls on both sides of the ratio. Undefined when the
 * server is unreachable.
 */
export async function postgresFigures(url: string): Promise<PostgresFigures | undefined> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  const location = new URL(url);
  location.searchParams.set('options', `-c search_path=${schema}`);
  const store = await CompanionStore.open(location.toString());
  const pgbench: Pgbench | string = await preparePgbench(admin, url);
  try {
    const orders: number[] = [];
    const tps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      orders.push(await ordersPerSecond(store));
      if (typeof pgbench !== 'string') tps.push(pgbenchRound(pgbench, IN_FLIGHT));
    }
    const figures: PostgresFigures = { store_postgres_orders_per_s: summarise(orders, 0) };
    if (typeof pgbench === 'string') figures.pgbench_not_measured = pgbench;
    else {
      figures.pgbench_tpcb_tps = summarise(tps, 0);
      figures.store_postgres_pgbench_ratio = summarise(
        orders.map((o, i) => o / (tps[i] as number)),
        2,
      );
    }
    return figures;
  } finally {
    await store.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
