#!/usr/bin/env node
// `npm test`: builds, then runs every test layer that exists — server (Node's test runner, on the
// embedded store and again on PostgreSQL), widget (@web/test-runner in Chromium, Firefox and
// WebKit), end to end (playwright-core in Chromium; the payment flows in Firefox and WebKit too)
// and consumer (the packed packages installed into a fresh app) — as one pool of jobs, a few at a
// time, and fails if any fails. `node scripts/test.mjs [layer…] [--update-times]` runs the layers
// named (server, widget, e2e, consumer); --update-times writes what each file took to
// scripts/test/times.json, which orders the jobs and groups the files. TEST_PARALLEL sets how many
// jobs run at once (2, one a core: each job starts browsers and servers of its own; 3 measured
// slower, 411 s against 374 s after the build; on other machines no faster, 457 s against 467 s,
// and 367 s against 351 s with one e2e job failing once under the load; on 2026-11-26, 3 took
// 284 and 310 s against 296 and 323 s, but a consumer matrix cell timed out under its load).
// A failed job runs once more, alone, at the end: a pass then is printed as FLAKY
// (retryFailedJobs), in the summary; a job that flaked on the previous run too fails
// this one (flaky-state.mjs keeps the last run's flaky jobs). TEST_PARALLEL=1 also prints the CPU seconds each job used (pool.mjs).
// Browser layers need Debian's browsers, and the server layer's resolvers in other languages
// python3 and php-cli: installed here when running as root, otherwise a clear stop.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { groupByTime, runPool } from './test/pool.mjs';
import { FLAKY_STATE, judgeFlakes } from './test/flaky-state.mjs';
import { checkEveryFileRan, writeTimes } from './test/job-reports.mjs';

/** Each browser the layers drive (or what it needs), and the Debian package that brings it. */
const BROWSERS = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/bin/firefox-esr', 'firefox-esr'],
  ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  ['/usr/bin/Xvfb', 'xvfb'],
];
/** What the order resolvers in other languages run on (test/server/companion/resolvers.test.ts). */
const RESOLVER_RUNTIMES = [
  ['/usr/bin/python3', 'python3'],
  ['/usr/bin/php', 'php-cli'],
];
const MINUTE = 60_000;
const TIMES_FILE = 'scripts/test/times.json';
const TIMES_REPORTER = resolve('scripts/test/times-reporter.mjs');
const UNFINISHED_REPORTER = resolve('scripts/test/unfinished-reporter.mjs');
/** The server's packages, loaded before tsx (scripts/test/preload.mjs says why). */
const PRELOAD = ['--import', resolve('scripts/test/preload.mjs'), '--import', 'tsx'];

function testFiles(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Runs a command to its end (the build, an install), or fails after `timeoutMs`. */
function run(command, args, timeoutMs) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', timeout: timeoutMs });
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
  return result.status === 0;
}

/** Debian's packages that `what` needs: installed when missing and root, otherwise a clear stop. */
function ensurePackages(packages, what) {
  const missing = packages.filter(([path]) => !existsSync(path)).map(([, name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `${what} need Debian's ${missing.join(', ')}. Install: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(', ')} (${what} need them)…`);
  if (!run('apt-get', ['update', '-qq'], 5 * MINUTE)) process.exit(1);
  if (!run('apt-get', ['install', '-y', '-qq', ...missing], 10 * MINUTE)) process.exit(1);
}

const args = process.argv.slice(2);
const updateTimes = args.includes('--update-times');
const wanted = new Set(args.filter((a) => !a.startsWith('--')));
const LAYERS = ['server', 'widget', 'e2e', 'consumer'];
const unknown = [...wanted].filter((name) => !LAYERS.includes(name));
if (unknown.length > 0) {
  console.error(`No layer ${unknown.join(', ')}: the layers are ${LAYERS.join(', ')}.`);
  process.exit(2);
}
const pick = (name, files) => (wanted.size === 0 || wanted.has(name) ? files : []);
const server = pick('server', testFiles('test/server', /\.test\.ts$/));
const widget = pick('widget', testFiles('test/widget', /\.test\.ts$/));
// The end-to-end suite in Chromium, and its payment flows in the other engines (test/e2e/engines/).
const inEngines = (file) => file.startsWith(join('test', 'e2e', 'engines'));
const allE2e = pick('e2e', testFiles('test/e2e', /\.test\.ts$/));
const e2e = allE2e.filter((file) => !inEngines(file));
// Chromium's run of the same flows (engines/chromium.test.ts) is left out: the e2e layer covers
// those flows in Chromium already.
const engines = allE2e.filter((file) => inEngines(file) && !file.endsWith('chromium.test.ts'));
const consumer = pick('consumer', testFiles('test/consumer', /\.test\.ts$/));
if (widget.length > 0 || allE2e.length > 0 || server.some((f) => f.includes('.browser.')))
  ensurePackages(BROWSERS, 'Browser tests');
if (server.some((file) => file.endsWith('resolvers.test.ts')))
  ensurePackages(RESOLVER_RUNTIMES, 'The resolvers in Python and PHP');
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the PostgreSQL store tests are skipped (they run on SQLite).',
  );
}

// Everything `npm run build` makes: the widget (the demo serves it, the e2e suite drives it), the
// server package and the compiled demo (the bins, the crash matrix and the hosted demo's test run
// them with plain node). Most tests run the server from its sources (tsx and the root tsconfig's
// paths).
if (!run('npm', ['run', 'build', '--silent'], 5 * MINUTE)) {
  console.error('The build failed.');
  process.exit(1);
}

const times = existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, 'utf8')) : {};
const expectedS = (key) => times[key] ?? 5;
const work = mkdtempSync(join(tmpdir(), 'acquiring-jobs-'));
const jobs = [];

/**
 * Whether a test file must not share its process: hooks at its top level would run around every
 * other file's tests, and mocked timers replace the process's own `setTimeout`/`clearTimeout`
 * for everyone. Node 20's bundled undici (the global `fetch`) then has a keep-alive timer that an
 * earlier file's connection set, "cleared" by the mock while the real one still runs, fire after
 * its parser was collected: an uncaught `Cannot destructure property 'socket' of
 * 'parser.deref(...)'` (nodejs/undici#4755; its fix, #4758, is not in the undici 6.24.1 that
 * Node 20.20 bundles), which the test runner pins on whichever hook is running. It failed the
 * job that ran alerts.test.ts before redis-outage.test.ts, every time.
 */
function needsItsOwnProcess(text) {
  return (
    /^(before|after|beforeEach|afterEach)\(/m.test(text) || /\bmock\.timers\.enable\(/.test(text)
  );
}

/**
 * Jobs for Node test files: a group of files shares one process (one TypeScript loader's start,
 * one import of the packages, instead of one per file), about `groupS` seconds a group. A file
 * that needs its own process (needsItsOwnProcess) runs alone. Node 20's --test-timeout bounds a
 * whole file's process, so it is the group's limit (`limitMs`); past it the unfinished reporter
 * names the suite that hung, and the job is killed 30 s later if the process still has not ended.
 */
function nodeTestJobs(layer, files, { groupS, limitMs, env = {}, key = (f) => f }) {
  const timed = files.map((file) => ({ file, expectedS: expectedS(key(file)) }));
  const alone = timed.filter((f) => needsItsOwnProcess(readFileSync(f.file, 'utf8')));
  const groups = [
    ...alone.map((f) => ({ files: [f.file], expectedS: f.expectedS })),
    ...groupByTime(
      timed.filter((f) => !alone.includes(f)),
      groupS,
    ),
  ];
  groups.forEach((group, index) => {
    const name = `${layer} ${index + 1}`;
    let entry = group.files[0];
    if (group.files.length > 1) {
      entry = join(work, `${name.replaceAll(' ', '-')}.mjs`);
      writeFileSync(
        entry,
        group.files.map((f) => `import ${JSON.stringify(resolve(f))};\n`).join(''),
      );
    }
    const timesReport = join(work, `${name.replaceAll(' ', '-')}.times`);
    jobs.push({
      files: group.files,
      timesReport,
      name:
        group.files.length > 1
          ? `${name}: ${group.files.length} files`
          : `${name}: ${group.files[0]}`,
      layer,
      command: [
        process.execPath,
        ...[...PRELOAD, '--test', '--test-force-exit', `--test-timeout=${limitMs}`],
        ...['--test-reporter=spec', '--test-reporter-destination=stdout'],
        ...[`--test-reporter=${UNFINISHED_REPORTER}`, '--test-reporter-destination=stdout'],
        ...[`--test-reporter=${TIMES_REPORTER}`, '--test-reporter-destination=/dev/null'],
        entry,
      ],
      env: { ...env, TEST_TIMES_REPORT: timesReport },
      expectedS: group.expectedS,
      timeoutMs: limitMs + 30_000,
      timesKey: key,
    });
  });
}

nodeTestJobs('server', server, { groupS: 30, limitMs: 5 * MINUTE });
// The route tests once more with every companion on a PostgreSQL schema of its own
// (TEST_STORE, test/server/helpers/companion.ts): the files that loop over both stores
// themselves (TEST_DATABASES: store, model, crash matrix, fuzzer, hostile input, path
// parameters, health, mounted router, metrics, the authorization matrix, the public demo's
// spaces, console matrix and attacks) are left out, and so are those that never reach
// a companion's store through the helper. Of those, on one store by design: the bins and SIGTERM
// tests (the bin's embedded default; the bin on PostgreSQL is the consumer layer's hosted demo),
// the local demo (`npm start` is SQLite), the embedded engine's own tests, the sandbox's store,
// and the browser files (the widget's build, the sandbox's pages).
const onPostgres = server.filter((file) => {
  const text = readFileSync(file, 'utf8');
  const helper = text.includes('/helpers/companion.ts') && /\bstart(Stack|Companion)\(/.test(text);
  return helper && !text.includes('TEST_DATABASES') && !file.includes('.browser.');
});
if (onPostgres.length && process.env.TEST_DATABASE_URL)
  nodeTestJobs('server on PostgreSQL', onPostgres, {
    groupS: 30,
    limitMs: 5 * MINUTE,
    env: { TEST_STORE: 'postgres' },
    key: (file) => `postgres:${file}`,
  });
// The three engines side by side on one stack (web-test-runner.config.mjs).
if (widget.length)
  jobs.push({
    name: 'widget: three engines',
    layer: 'widget',
    command: [process.execPath, ...PRELOAD, 'node_modules/@web/test-runner/dist/bin.js'],
    expectedS: expectedS('widget'),
    timeoutMs: 5 * MINUTE,
    timesKey: () => 'widget',
  });
// Each e2e file starts its own demo stack and browser; a flows file in another engine is one
// suite of seven flows, each step waiting 15 s at most.
nodeTestJobs('e2e', e2e, { groupS: 40, limitMs: 6 * MINUTE });
nodeTestJobs('e2e in Firefox and WebKit', engines, { groupS: 0, limitMs: 5 * MINUTE });
// It packs both packages and installs them into fresh apps, as a merchant would.
nodeTestJobs('consumer', consumer, { groupS: 0, limitMs: 6 * MINUTE });

const parallel = Number(process.env.TEST_PARALLEL) || 2;
console.log(`\n${jobs.length} jobs, ${parallel} at a time`);
const started = Date.now();
const ended = await runPool(jobs, parallel);
const seconds = Math.round((Date.now() - started) / 1000);

for (const end of ended) checkEveryFileRan(end);
const flaky = await retryFailedJobs(ended);
// Flaky twice in a row (this run and the previous one): a failure, not a retry's pass.
const flakyAgain = judgeFlakes(flaky);
for (const end of ended) if (flakyAgain.includes(end.job)) end.ok = false;
const layers = [...new Set(jobs.map((job) => job.layer))];
const failedLayers = layers.filter((layer) => ended.some((e) => e.job.layer === layer && !e.ok));
console.log('\njobs, longest first:');
for (const { job, seconds: s, ok, cpu } of [...ended].sort((a, b) => b.seconds - a.seconds)) {
  const verdict = flakyAgain.includes(job)
    ? 'FAILED: flaky on the previous run too'
    : flaky.includes(job)
      ? 'passed on its second run (FLAKY)'
      : ok
        ? 'passed'
        : 'FAILED';
  const cpuNote = cpu === undefined ? '' : `  ${String(cpu).padStart(6)} s CPU`;
  console.log(`  ${String(s).padStart(6)} s${cpuNote}  ${verdict}  ${job.name}`);
}
if (updateTimes) writeTimes(ended, times, TIMES_FILE);
rmSync(work, { recursive: true, force: true });
console.log(
  `\ntest layers (${seconds} s after the build): ${layers.map((l) => `${l} ${failedLayers.includes(l) ? 'FAILED' : 'passed'}`).join(', ')}`,
);
// The retry report, last, where the summary is read: each retried job by name, or that none was.
console.log(
  flaky.length
    ? `FLAKY: ${flaky.map((job) => job.name).join(', ')} failed once, then passed (its first run's output is above)`
    : 'retries: none (no job failed and then passed)',
);
if (flakyAgain.length)
  console.log(
    `FAILED as flaky twice in a row (this run and the previous, ${FLAKY_STATE}): ${flakyAgain.map((job) => job.name).join(', ')}`,
  );
process.exit(failedLayers.length ? 1 : 0);

/**
 * Every job drives real servers, browsers, PostgreSQL or Prometheus on a machine other jobs
 * share: a job that failed runs once more, alone, after the pool, as Playwright's own CI setting
 * does (`retries`). Its first run's output stays printed, and a pass on the second run is
 * reported as flaky, by name, rather than hidden; the same job flaky on the previous run too
 * fails this one (flaky-state.mjs). A failure twice fails. Answers the jobs that passed only on
 * their second run.
 */
async function retryFailedJobs(ends) {
  const flaky = [];
  for (const [index, end] of ends.entries()) {
    if (end.ok) continue;
    console.log(`\n${end.job.name} failed: running it once more, alone`);
    if (end.job.timesReport) rmSync(end.job.timesReport, { force: true });
    const [again] = await runPool([end.job], 1);
    checkEveryFileRan(again);
    if (again.ok) flaky.push(end.job);
    ends[index] = { ...again, seconds: Math.round((end.seconds + again.seconds) * 10) / 10 };
  }
  return flaky;
}
