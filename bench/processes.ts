/** Building, starting and stopping the benchmark servers (servers.mjs) as child processes. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/**
 * Where the processes of a throughput figure run (Linux, two cores or more; `taskset`): the
 * server measured on a core of its own (the last), the load generator and the stand-in services
 * it calls on the others. Unpinned, on two cores, a server shared its core with whatever the
 * scheduler put there: a relay, which needs little CPU a request, was held back by the load
 * generator and the stand-in beside it far more than a companion was, and own ÷ relay moved
 * from 0.15 to 0.29 between the rounds of one run.
 */
const CORES = (() => {
  const count = availableParallelism();
  if (process.platform !== 'linux' || count < 2) return undefined;
  return { measured: String(count - 1), rest: count === 2 ? '0' : `0-${count - 2}` };
})();

/** Pins this process (every thread: the load generator runs here) to the cores it may use. */
export function pinLoadGenerator(): void {
  if (CORES) spawnSync('taskset', ['-a', '-p', '-c', CORES.rest, String(process.pid)]);
}

/** Gives this process every core back. */
export function unpinLoadGenerator(): void {
  const count = availableParallelism();
  if (CORES) spawnSync('taskset', ['-a', '-p', '-c', `0-${count - 1}`, String(process.pid)]);
}

/**
 * Starts a bench server (servers.mjs `args`). For a throughput figure, `pin` puts it on the core
 * of its own (`'measured'`) or with the load generator (`'load'`, the stand-ins it calls); without
 * it, anywhere.
 */
export async function startServer(
  args: string[],
  { pin }: { pin?: 'measured' | 'load' } = {},
): Promise<Child> {
  const profile =
    PROFILE_DIR && args[0] === 'companion' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const node = [process.execPath, ...profile, 'bench/servers.mjs', ...args];
  // taskset execs node in its own process: the pid stays the server's.
  const [program, ...rest] =
    CORES && pin
      ? ['taskset', '-c', pin === 'measured' ? CORES.measured : CORES.rest, ...node]
      : node;
  const child: ChildProcess = spawn(program!, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
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
