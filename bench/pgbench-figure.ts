/**
 * PostgreSQL's own capacity, as the yardstick of the PostgreSQL store: pgbench's built-in
 * tpcb-like transactions per second (scale 1) on the same server, in the same run. pgbench runs
 * in a database of its own, `bench` (made if missing), so its tables never meet a test's; where
 * that database cannot be made, in a schema `pgbench` of the server's database. Without pgbench
 * (Debian: `apt-get install postgresql-client`), the figure is listed under `not_measured` with
 * that reason, and the rest of the bench goes on.
 */
import { spawnSync } from 'node:child_process';
import type pg from 'pg';

export interface Pgbench {
  /** The database, as a connection URI pgbench understands. */
  database: string;
  env: NodeJS.ProcessEnv;
}

const SECONDS = 3;

function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync('pgbench', args, { encoding: 'utf8', env, timeout: 60_000 });
}

/** Where pgbench may write: the database `bench`, else a schema of the given one. */
async function place(admin: pg.Client, url: string): Promise<Pgbench> {
  try {
    await admin.query('CREATE DATABASE bench');
  } catch (error) {
    // 42P04: it exists already, from an earlier run. Anything else: no right to make it.
    if ((error as { code?: string }).code !== '42P04') {
      await admin.query('CREATE SCHEMA IF NOT EXISTS pgbench');
      return { database: url, env: { ...process.env, PGOPTIONS: '-c search_path=pgbench' } };
    }
  }
  const database = new URL(url);
  database.pathname = '/bench';
  return { database: database.toString(), env: process.env };
}

/** pgbench initialised (its tables made anew, scale 1), or why it cannot run. */
export async function preparePgbench(admin: pg.Client, url: string): Promise<Pgbench | string> {
  const version = run(['--version']);
  if (version.error)
    return 'pgbench is not installed (Debian: apt-get install postgresql-client, then npm run bench again)';
  const pgbench = await place(admin, url);
  const init = run(['-i', '-s', '1', '-q', pgbench.database], pgbench.env);
  if (init.status !== 0) return `pgbench -i failed: ${init.stderr.trim().split('\n').at(-1)}`;
  return pgbench;
}

/** One round of tpcb-like transactions with `clients` connections: transactions per second. */
export function pgbenchRound(pgbench: Pgbench, clients: number): number {
  const result = run(
    ['-c', String(clients), '-j', '2', '-T', String(SECONDS), '-n', pgbench.database],
    pgbench.env,
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1];
  if (result.status !== 0 || !tps)
    throw new Error(`pgbench failed: ${result.stderr.trim() || result.stdout.trim()}`);
  return Number(tps);
}
