/** Orders inserted and updated per second through the companion's store, on SQLite and PostgreSQL. */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CompanionStore } from '../server/companion/store/store.ts';
import { summarise, type Summary } from './stats.ts';

const ORDERS = 1_000;
const ROUNDS = 3;

async function ordersPerSecond(store: CompanionStore): Promise<number> {
  const prefix = randomBytes(4).toString('hex');
  const start = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const order_ref = `${prefix}-${i}`;
    const now = Date.now();
    await store.orders.ensure({
      order_ref, order_no: null, status: 'created', mode: 'checkout', amount: 1200, currency: 'USD', captured: 0, refunded: 0,
      transaction_id: null, result_info: null, recurring_id: null, contract_name: null, token_id: null, status_token_hash: 'h',
      storefront_origin: null, storefront_return_url: null, last_sequence: 0, attempts: 0, created_at: now, updated_at: now,
    }); // prettier-ignore
    await store.orders.update(order_ref, { status: 'authorised', transaction_id: `TX${i}` });
  }
  return ORDERS / ((performance.now() - start) / 1000);
}

async function rounds(store: CompanionStore): Promise<Summary> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) samples.push(await ordersPerSecond(store));
  return summarise(samples, 0);
}

export async function sqliteFigure(): Promise<Summary> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  const store = await CompanionStore.open(join(dir, 'companion.sqlite'));
  try {
    return await rounds(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** On the PostgreSQL at `url`, in a schema of its own; undefined when the server is unreachable. */
export async function postgresFigure(url: string): Promise<Summary | undefined> {
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
  try {
    return await rounds(store);
  } finally {
    await store.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
