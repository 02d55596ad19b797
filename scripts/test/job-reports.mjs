// What each job's times report says (scripts/test/times-reporter.mjs writes one per job): the
// seconds each file of its group took, whether every file of the group ran a test, and the times
// written back to scripts/test/times.json for the next run's grouping.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The seconds each file of a job's group took by its times report (repository paths). */
function reportedTimes(job) {
  const byFile = new Map();
  if (!existsSync(job.timesReport)) return byFile;
  for (const line of readFileSync(job.timesReport, 'utf8').split('\n').filter(Boolean)) {
    const [file, secs] = line.split('\t');
    const path = relative(process.cwd(), file);
    if (path.startsWith('..')) continue; // a group's own entry file, timed out whole
    byFile.set(path, (byFile.get(path) ?? 0) + Number(secs));
  }
  return byFile;
}

/**
 * Fails a job whose process ended with a file of its group that ran no test: a file that awaits
 * something before it declares its tests would otherwise be cut off, unseen, by --test-force-exit
 * once the files before it have finished. A file alone in its process is not cut off so (and may
 * declare its suites in a helper, as the engines' flows do, which the report names instead).
 */
export function checkEveryFileRan(end) {
  if (!end.job.files || end.job.files.length < 2) return;
  const reported = reportedTimes(end.job);
  const silent = end.job.files.filter((file) => !reported.has(file));
  if (silent.length === 0) return;
  console.error(`${end.job.name}: no test ran in ${silent.join(', ')}`);
  end.ok = false;
}

/**
 * Each file's seconds from its job's times report (or the whole job's, when it has none), into
 * `times` and written to `file`.
 */
export function writeTimes(results, times, file) {
  for (const { job, seconds: s } of results) {
    if (!job.files) {
      times[job.timesKey('')] = s;
      continue;
    }
    for (const [path, secs] of reportedTimes(job))
      times[job.timesKey(path)] = Math.round(secs * 10) / 10;
  }
  writeFileSync(file, `${JSON.stringify(times, Object.keys(times).sort(), 2)}\n`);
  console.log(`${file} written`);
}
