/**
 * One crash scenario's world: a sandbox in this process, and a companion in a child process on a
 * fixed port and a database that outlive it, which can be killed (SIGKILL at an armed fault
 * point) and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompanionStore } from '../../../../server/companion/store/store.ts';
import type { DurableStep } from '../../../../server/companion/steps.ts';
import { freePort, waitForLine } from '../../../consumer/helpers.ts';
import { clientSecret, OPS_TOKEN, sessionBody, SHOP } from '../../helpers/companion.ts';
import type { TestDatabase } from '../../helpers/databases.ts';
import { startSandbox, type RunningSandbox } from '../../helpers/sandbox.ts';

const CHILD = fileURLToPath(new URL('./companion-process.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface World {
  sandbox: RunningSandbox;
  /** Starts the companion; with `crashAt`, it kills itself when it reaches that step. */
  start(crashAt?: DurableStep): Promise<void>;
  /** Resolves once the companion process has been killed (at its durable step). */
  killed(): Promise<string | null>;
  widget(path: string, body: unknown): Promise<Answer>;
  ops(path: string, body: unknown, key: string): Promise<Answer>;
  /**
   * A store on the same database, to look at what the companion recorded. On SQLite, whose file
   * belongs to the companion's process, a copy taken now: ask again to see later writes.
   */
  store(): Promise<CompanionStore>;
  close(): Promise<void>;
}

let snapshots = 0;

/**
 * A copy of the SQLite database at `file` and its write-ahead log, which opens as the database
 * stood at its last commit (SQLite replays the log's complete commits). The log is copied first:
 * a checkpoint running meanwhile only moves pages the copied log still holds.
 */
function snapshot(file: string, folder: string): string {
  const copy = join(folder, `snapshot-${++snapshots}.sqlite`);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  copyFileSync(file, copy);
  return copy;
}

export async function createWorld(database: TestDatabase): Promise<World> {
  const sandbox = await startSandbox({ notificationRetryMs: [100, 200, 400, 800, 1_600, 3_200] });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const folder = mkdtempSync(join(tmpdir(), 'crash-'));
  const created =
    database.name === 'sqlite'
      ? { location: join(folder, 'companion.sqlite'), drop: async () => undefined }
      : await database.create();
  let child: ChildProcess | undefined;
  let exit: Promise<string | null> = Promise.resolve(null);
  let store: CompanionStore | undefined;

  const call = async (path: string, body: unknown, headers: Record<string, string>) => {
    // A request to a process that dies under it ends as a network error: status 0.
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    if (!response) return { status: 0, body: {} };
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  return {
    sandbox,
    async start(crashAt) {
      const args = [
        '--import',
        TSX,
        CHILD,
        String(port),
        sandbox.url,
        created.location,
        SHOP,
        OPS_TOKEN,
      ];
      const env = { ...process.env, CRASH_AT: crashAt ?? '' };
      child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      const running = child;
      exit = new Promise((resolve) => running.once('exit', (_code, signal) => resolve(signal)));
      await waitForLine(running, /READY/);
    },
    killed: () => exit,
    widget: (path, body) => call(`/api${path}`, body, { origin: SHOP }),
    ops: (path, body, key) =>
      call(`/api/ops${path}`, body, {
        authorization: `Bearer ${OPS_TOKEN}`,
        'idempotency-key': key,
      }),
    async store() {
      if (database.name !== 'sqlite')
        return (store ??= await CompanionStore.open(created.location));
      await store?.close();
      store = await CompanionStore.open(snapshot(created.location, folder));
      return store;
    },
    async close() {
      child?.kill('SIGKILL');
      await exit;
      await store?.close();
      await sandbox.close();
      await created.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export { clientSecret, sessionBody };
