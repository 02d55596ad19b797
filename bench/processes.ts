/** Building, starting and stopping the benchmark servers (servers.mjs) as child processes. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The storefront origin the benchmarks call the companion from. */
export const BENCH_ORIGIN = 'http://bench.test';

/**
 * With `BENCH_CPU_PROF=<folder>`, the companion writes a V8 CPU profile there when it stops
 * (`node --cpu-prof`): open it in Chrome's DevTools (Performance, Load profile).
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
  /** The CPU time (user + system) the process has used so far, in ms, from /proc. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Linux's clock ticks per second for /proc's times (USER_HZ, 100 on every Linux we run). */
const TICKS_PER_S = 100;

/** utime + stime of process `pid`, in ms: fields 14 and 15 of /proc/<pid>/stat. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
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
    cpuMs: () => cpuMsOf(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
