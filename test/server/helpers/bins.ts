/**
 * The two bins, `server/bin/sandbox.ts` and `server/bin/companion.ts`, run as a merchant runs them:
 * a child process started in a directory of its own that holds a `.env`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPS_TOKEN, SHOP } from './companion.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * The bins as the package ships them, compiled (`npm test` builds first; after changing the
 * sources, `npm run build --workspace server` before running one of these tests by hand), run by
 * plain node as a merchant runs them: no TypeScript loader starting with every bin.
 */
const BIN = {
  sandbox: join(ROOT, 'server/dist/bin/sandbox.js'),
  companion: join(ROOT, 'server/dist/bin/companion.js'),
};
if (!existsSync(BIN.companion))
  throw new Error(`${BIN.companion} is missing: run npm run build --workspace server`);

/** A port free a moment ago: the bins are given a port, since they print the one they were given. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Bin {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first whole line of stdout that matches, once it is printed. */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code once the process has exited. */
  exit(timeoutMs?: number): Promise<number | null>;
}

const started: ChildProcess[] = [];

/** Kills (SIGKILL) the children started since the last call that still run: for `afterEach`. */
export function killStarted(): void {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts a bin in `cwd` with only `env` (and PATH) in its environment, so nothing in the
 * environment of this test run (a PORT, a DATABASE_URL) reaches it.
 */
export function run(
  bin: keyof typeof BIN,
  cwd: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Bin {
  return node([BIN[bin], ...args], cwd, env);
}

/** Starts a TypeScript script of the repository (`demo/hosted.ts`) under tsx, as `run` starts a bin. */
export function runScript(script: string, cwd: string, env: Record<string, string> = {}): Bin {
  return node(['--import', 'tsx', script], cwd, env);
}

function node(args: string[], cwd: string, env: Record<string, string>): Bin {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const describeIt = () => `stdout:\n${out}\nstderr:\n${err}`;
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    line: (pattern, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = out
            .split('\n')
            .slice(0, -1)
            .find((line) => pattern.test(line));
          if (found === undefined) return false;
          done();
          resolve(found);
          return true;
        };
        const onExit = (code: number | null) => {
          done();
          reject(new Error(`exited with ${code} before printing ${pattern}\n${describeIt()}`));
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no line ${pattern} within ${timeoutMs} ms\n${describeIt()}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.off('exit', onExit);
        };
        if (check()) return;
        child.stdout?.on('data', check);
        child.once('exit', onExit);
      }),
    exit: (timeoutMs = 15_000) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`still running after ${timeoutMs} ms\n${describeIt()}`)),
          timeoutMs,
        );
      });
      return Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
  };
}

export function writeEnv(dir: string, values: Record<string, string>): void {
  writeFileSync(
    join(dir, '.env'),
    Object.entries(values)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
}

/** The companion bin's environment against `service`, listening on `port`. */
export function companionBinEnv(
  service: {
    url: string;
    merchant: { merchant_id: string; account_id: string; secret_key: string };
  },
  port: number,
  orderResolver: string,
): Record<string, string> {
  return {
    PORT: String(port),
    GATEWAY_BASE_URL: service.url,
    MERCHANT_ID: service.merchant.merchant_id,
    ACCOUNT_ID: service.merchant.account_id,
    SECRET_KEY: service.merchant.secret_key,
    ALLOWED_ORIGINS: SHOP,
    OPERATIONS_TOKEN: OPS_TOKEN,
    ORDER_RESOLVER: orderResolver,
    DATA_DIR: 'state',
  };
}
