#!/usr/bin/env node
// `npm test`: runs every test layer that exists — server (Node's test runner), widget
// (@web/test-runner in Chromium), end to end (playwright-core) and consumer (the packed
// packages installed into a fresh app) — and fails if any fails.
// Browser layers need Debian's chromium: installed here when running as root, otherwise a clear stop.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';

function testFiles(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Runs a command to its end, or until `timeoutMs`: a layer that hangs fails, it never stalls CI. */
function run(command, args, { timeoutMs = 0 } = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  if (result.error?.code === 'ETIMEDOUT') {
    console.error(`\n${command} did not finish within ${timeoutMs / 1000} s: stopped.`);
  }
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
  return result.status === 0;
}

const MINUTE = 60_000;

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Debian's chromium package (${CHROMIUM}). Install it: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
    console.error('Could not install the chromium package.');
    process.exit(1);
  }
}

// `node scripts/test.mjs [layer…]` runs only the layers named (server, widget, e2e, consumer).
const wanted = new Set(process.argv.slice(2));
const pick = (name, files) => (wanted.size === 0 || wanted.has(name) ? files : []);
const server = pick('server', testFiles('test/server', /\.test\.ts$/));
const widget = pick('widget', testFiles('test/widget', /\.test\.ts$/));
const e2e = pick('e2e', testFiles('test/e2e', /\.test\.ts$/));
const consumer = pick('consumer', testFiles('test/consumer', /\.test\.ts$/));
const needsBrowser =
  widget.length > 0 || e2e.length > 0 || server.some((f) => f.includes('.browser.'));
if (needsBrowser) ensureChromium();
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the PostgreSQL store tests are skipped (they run on SQLite).',
  );
}

// Everything `npm run build` makes: the widget (the demo serves it, the e2e suite drives it), the
// server package and the compiled demo (the hosted demo's test runs them with plain node). Most
// tests run the server from its sources (tsx and the root tsconfig's paths).
if (!run('npm', ['run', 'build', '--silent'], { timeoutMs: 5 * MINUTE })) {
  console.error('The build failed.');
  process.exit(1);
}

const results = [];
// Every test has a time limit (a hung one fails with its name) and so has every layer; a file
// whose tests have ended exits even if something it started still holds the event loop.
const nodeTest = (files, testTimeoutMs, concurrency = 1) => [
  '--import',
  'tsx',
  '--test',
  `--test-concurrency=${concurrency}`,
  '--test-force-exit',
  `--test-timeout=${testTimeoutMs}`,
  '--test-reporter=spec',
  ...files,
];
if (server.length)
  results.push([
    'server',
    run(process.execPath, nodeTest(server, 2 * MINUTE), { timeoutMs: 8 * MINUTE }),
  ]);
if (widget.length)
  results.push([
    'widget',
    run(process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js'], {
      timeoutMs: 3 * MINUTE,
    }),
  ]);
if (e2e.length)
  results.push([
    'e2e',
    run(process.execPath, nodeTest(e2e, 2 * MINUTE), { timeoutMs: 5 * MINUTE }),
  ]);
// Last: it packs both packages and installs them into a fresh app, as a merchant would.
if (consumer.length)
  results.push([
    'consumer',
    // Two at a time: most of each is an npm install (network, one compiler), which overlap well.
    run(process.execPath, nodeTest(consumer, 4 * MINUTE, 2), { timeoutMs: 8 * MINUTE }),
  ]);

const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(
  `\ntest layers: ${results.map(([name, ok]) => `${name} ${ok ? 'passed' : 'FAILED'}`).join(', ')}`,
);
process.exit(failed.length ? 1 : 0);
