/**
 * Runs test jobs side by side, a few at a time, the longest expected first (so that no long job
 * starts last and runs alone at the end). Each job's output goes to a file and is printed whole
 * when it ends, so jobs running together never interleave their lines.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {object} Job
 * @property {string} name what the job runs, for its output and the summary
 * @property {string} layer the layer it belongs to (server, widget, e2e, …)
 * @property {string[]} command the program and its arguments
 * @property {Record<string, string>} [env] variables added to this process's environment
 * @property {number} expectedS seconds it took last time it was measured (ordering only)
 * @property {number} timeoutMs the job is stopped (and fails) past this
 */

/**
 * @typedef {object} Ended
 * @property {Job} job
 * @property {boolean} ok
 * @property {number} seconds
 * @property {number} [cpu] the machine's CPU seconds while it ran, when it ran alone
 */

/** When the pool started, for each job's start and end in its output. */
const poolStart = Date.now();
const sincePool = () => `+${Math.round((Date.now() - poolStart) / 1000)} s`;

/**
 * The machine's busy CPU seconds so far, all cores (/proc/stat; undefined elsewhere). A job alone
 * on the machine (TEST_PARALLEL=1) is charged the difference: its browsers and servers included,
 * which its own process's resource usage would miss once they are killed.
 */
function busyCpuSeconds() {
  if (!existsSync('/proc/stat')) return undefined;
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** Runs one job to its end or its time limit; resolves with how it ended. */
function runJob(job, dir, alone) {
  const from = sincePool();
  const cpuFrom = alone ? busyCpuSeconds() : undefined;
  const log = join(dir, `${Math.random().toString(36).slice(2)}.log`);
  const fd = openSync(log, 'w');
  const started = Date.now();
  const [program, ...args] = job.command;
  const child = spawn(program, args, {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...job.env },
    timeout: job.timeoutMs,
    killSignal: 'SIGKILL',
  });
  closeSync(fd);
  return new Promise((resolve) => {
    const end = (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const cpuTo = cpuFrom === undefined ? undefined : busyCpuSeconds();
      const cpu = cpuTo === undefined ? undefined : Math.round((cpuTo - cpuFrom) * 10) / 10;
      console.log(`\n$ [${job.layer}] ${job.name}\n  ${job.command.join(' ')}`);
      console.log(readFileSync(log, 'utf8'));
      rmSync(log, { force: true });
      if (signal === 'SIGKILL')
        console.error(`${job.name}: stopped after ${job.timeoutMs / 1000} s`);
      const cpuNote = cpu === undefined ? '' : `, ${cpu} s of CPU`;
      console.log(`(${job.name}: ${seconds} s${cpuNote}, from ${from} to ${sincePool()})`);
      resolve({ job, ok: code === 0, seconds, ...(cpu === undefined ? {} : { cpu }) });
    };
    child.on('exit', end);
    child.on('error', (error) => {
      console.error(`${job.name}: ${error.message}`);
      end(1, null);
    });
  });
}

/**
 * Runs `jobs`, at most `parallel` at once, the longest expected first; resolves with every job's
 * end, in the order they ended.
 * @param {Job[]} jobs
 * @param {number} parallel
 * @returns {Promise<Ended[]>}
 */
export async function runPool(jobs, parallel) {
  const queue = [...jobs].sort((a, b) => b.expectedS - a.expectedS);
  const dir = mkdtempSync(join(tmpdir(), 'acquiring-test-'));
  /** @type {Ended[]} */
  const ended = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift())
      ended.push(await runJob(job, dir, parallel === 1));
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  rmSync(dir, { recursive: true, force: true });
  return ended;
}

/**
 * Packs `files` (with their expected seconds) into groups of about `targetS` each, longest first
 * into the group that has least so far (a target of 0: a group per file).
 * @param {{ file: string, expectedS: number }[]} files
 * @param {number} targetS
 * @returns {{ files: string[], expectedS: number }[]}
 */
export function groupByTime(files, targetS) {
  const total = files.reduce((sum, f) => sum + f.expectedS, 0);
  const count = targetS > 0 ? Math.min(files.length, Math.ceil(total / targetS)) : files.length;
  /** @type {{ files: string[], expectedS: number }[]} */
  const groups = Array.from({ length: count }, () => ({ files: [], expectedS: 0 }));
  for (const f of [...files].sort((a, b) => b.expectedS - a.expectedS)) {
    const least = groups.reduce((min, g) => (g.expectedS < min.expectedS ? g : min));
    least.files.push(f.file);
    least.expectedS += f.expectedS;
  }
  return groups.filter((g) => g.files.length > 0);
}
