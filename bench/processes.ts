/** Building, starting and stopping the benchmark servers (servers.mjs) as child processes. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The storefront origin the benchmarks call the companion from. */
export const BENCH_ORIGIN = 'http://bench.test';

/**
 * With `BENCH_CPU_PROF=<folder>`, the companion writes a V8 CPU profile there when it stops
 * (`node --cpu-prof`): open it in Chrome's DevTools, or read its top with bench/profile-top.ts.
 */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

/**
 * Compiles the server package (`tsc -p server/tsconfig.build.json`, about 7 s): the servers run
 * from `server/dist`, as a merchant runs them. The widget must be built first (its contract's
 * types); bundleFigures does that.
 */
export function buildServer(): void {
  const build = spawnSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.build.json'],
    { encoding: 'utf8' },
  );
  if (build.status !== 0)
    throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
}

export interface Child {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(...args: string[]): Promise<Child> {
  const profile =
    PROFILE_DIR && args[0] === 'companion' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, 'bench/servers.mjs', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => line.startsWith('READY ') && resolve(line.slice(6)));
    child.once('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
