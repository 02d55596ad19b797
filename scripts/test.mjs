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

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

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

const server = testFiles('test/server', /\.test\.ts$/);
const widget = testFiles('test/widget', /\.test\.ts$/);
const e2e = testFiles('test/e2e', /\.test\.ts$/);
const consumer = testFiles('test/consumer', /\.test\.ts$/);
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
if (!run('npm', ['run', 'build', '--silent'])) {
  console.error('The build failed.');
  process.exit(1);
}

const results = [];
const nodeTest = (files) => [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  ...files,
];
if (server.length) results.push(['server', run(process.execPath, nodeTest(server))]);
if (widget.length)
  results.push([
    'widget',
    run(process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js']),
  ]);
if (e2e.length) results.push(['e2e', run(process.execPath, nodeTest(e2e))]);
// Last: it packs both packages and installs them into a fresh app, as a merchant would.
if (consumer.length) results.push(['consumer', run(process.execPath, nodeTest(consumer))]);

const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(
  `\ntest layers: ${results.map(([name, ok]) => `${name} ${ok ? 'passed' : 'FAILED'}`).join(', ')}`,
);
process.exit(failed.length ? 1 : 0);
