/** Starting and stopping the benchmark servers as child processes. */

/** The storefront origin the benchmarks call the companion from. */
export const BENCH_ORIGIN = 'http://bench.test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Child {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(...args: string[]): Promise<Child> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/servers.ts', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
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
