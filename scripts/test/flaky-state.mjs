// Which test jobs flaked (failed, then passed when run again) on the previous run of `npm test`,
// so that a job flaking twice in a row fails the run instead of passing as flaky again. "In a
// row" is across runs: within one run a job gets one retry, and a third run of it would only hide
// the flake further. The state is a small JSON file outside the work tree (in the user's cache
// folder, or TEST_FLAKY_STATE), so a fresh clone on the same machine, as CI makes, still sees the
// last run's; a job is known by its files (its group's name and number change between runs).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where the last run's flaky jobs are kept. */
export const FLAKY_STATE =
  process.env.TEST_FLAKY_STATE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'acquiring-checkout', 'flaky.json');

/** A job's key: its files (or its name when it runs no files of its own). */
export const jobKey = (job) => (job.files ? [...job.files].sort().join(' ') : job.name);

/** The keys of the jobs that flaked on the previous run (none when there was no run). */
export function previousFlakes(path = FLAKY_STATE) {
  if (!existsSync(path)) return new Set();
  try {
    return new Set(JSON.parse(readFileSync(path, 'utf8')).flaky ?? []);
  } catch {
    return new Set(); // unreadable: as if there was no previous run
  }
}

/**
 * This run's verdict on its flaky jobs: those that flaked on the previous run too fail it. Writes
 * this run's flaky jobs for the next (a job that passed at once is cleared).
 */
export function judgeFlakes(flakyJobs, path = FLAKY_STATE) {
  const before = previousFlakes(path);
  const keys = flakyJobs.map(jobKey);
  const twice = flakyJobs.filter((job) => before.has(jobKey(job)));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    `${JSON.stringify({ at: new Date().toISOString(), flaky: keys }, null, 2)}\n`,
  );
  return twice;
}
