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
import type { DurableStep } from '../../../../server/companion/core/steps.ts';
import { freePort, waitForLine } from '../../../consumer/helpers.ts';
import { clientSecret, OPS_TOKEN, sessionBody, SHOP } from '../../helpers/companion.ts';
import type { TestDatabase } from '../../helpers/databases.ts';
import { startSandbox, type RunningSandbox } from '../../helpers/sandbox.ts';

const CHILD = fileURLToPath(new URL('./companion-process.mjs', import.meta.url));

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** The Retry-After header, if the answer has one. */
  retryAfter?: string | null;
}

export interface World {
  sandbox: RunningSandbox;
  /** The companion's address (the same across restarts). */
  url: string;
  /** Starts the companion; with `crashAt`, it kills itself when it reaches that step. */
  start(crashAt?: DurableStep): Promise<void>;
  /** Resolves once the companion process has been killed (at its durable step). */
  killed(): Promise<string | null>;
  /** A widget request; with `signal`, one not answered before it fires throws (not status 0). */
  widget(path: string, body: unknown, signal?: AbortSignal): Promise<Answer>;
  ops(path: string, body: unknown, key: string): Promise<Answer>;
  /**
   * A store on the same database, to look at what the companion recorded. On SQLite, whose file
   * belongs to the companion's process, a copy taken now: ask again to see later writes.
   */
  store(): Promise<CompanionStore>;
  close(): Promise<void>;
}

let snapshots = 0;

/** Companions the widget's client (widget/src/companion-client.ts) calls from these tests. */
const storefronts = new Set<string>();
const nodeFetch = globalThis.fetch;
/**
 * The widget's client run in Node as a storefront page runs it: a browser sends the page's
 * Origin with each of its requests to a companion, which Node's fetch does not. Installed once
 * for the file (the stores' scenarios run side by side), for the session route of the worlds
 * that asked.
 */
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (![...storefronts].some((companion) => url.startsWith(`${companion}/api/checkout-sessions`))) return nodeFetch(input, init); // prettier-ignore
  const headers = new Headers(init?.headers);
  if (!headers.has('origin')) headers.set('origin', SHOP);
  return nodeFetch(input, { ...init, headers });
};

/** The widget's client may call the companion at `url` from here, as the storefront's page. */
export const asStorefront = (url: string): void => void storefronts.add(url);

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

  const call = async (
    path: string,
    body: unknown,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<Answer> => {
    // A request to a process that dies under it ends as a network error: status 0.
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    }).catch((error: unknown) => {
      if (signal?.aborted) throw new Error(`${path}: no answer before the deadline`, { cause: error }); // prettier-ignore
      return undefined;
    });
    if (!response) return { status: 0, body: {} };
    const answer = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body: answer, retryAfter: response.headers.get('retry-after') }; // prettier-ignore
  };

  return {
    sandbox,
    url,
    async start(crashAt) {
      const args = [CHILD, String(port), sandbox.url, created.location, SHOP, OPS_TOKEN];
      const env = { ...process.env, CRASH_AT: crashAt ?? '' };
      // The companion comes back on its port (the service sends notifications there). Another
      // test file's process may hold that port for a moment in between (a free-port probe, a
      // connection's own port): start again until it is free, for 5 s at most (seen in CI).
      const deadline = Date.now() + 5_000;
      for (;;) {
        // One V8 helper thread, not four: the matrix starts a companion some 40 times, and its
        // start's background compiling and collecting competed with the test and the database
        // for two cores (crash matrix: 46.5–48.5 → 42.2–43.8 CPU-s, 25–26 → 22–23 s).
        child = spawn(process.execPath, ['--v8-pool-size=1', ...args], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const running = child;
        exit = new Promise((resolve) => running.once('exit', (_code, signal) => resolve(signal)));
        const started = await waitForLine(running, /READY/).then(
          () => undefined,
          (error: Error) => error,
        );
        if (!started) return;
        if (!started.message.includes('EADDRINUSE') || Date.now() > deadline) throw started;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    killed: () => exit,
    widget: (path, body, signal) => call(`/api${path}`, body, { origin: SHOP }, signal),
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
