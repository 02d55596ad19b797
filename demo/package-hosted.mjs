#!/usr/bin/env node
// The hosted demo laid out as it runs in production, from the packed packages: after
// `npm run build`, `node demo/package-hosted.mjs <out>` packs both workspaces into <out>/vendor and
// writes <out>/package.json (the root's runtime dependencies, the two packages from their
// tarballs) beside the compiled demo (<out>/demo/dist, <out>/demo/public) and the docs
// (<out>/docs/dist). Then
// `npm install --omit=dev` in <out> is the whole install: the Dockerfile does exactly this, and so
// does the test that pays on it (test/consumer/hosted.test.ts).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: node demo/package-hosted.mjs <output folder>');
  process.exit(1);
}

const vendor = join(out, 'vendor');
mkdirSync(vendor, { recursive: true });
// --ignore-scripts: `npm run build` already built both (their prepack would only build again).
const packed = JSON.parse(
  execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--workspace', 'widget', '--workspace', 'server'].concat(
      ['--pack-destination', vendor, '--loglevel=error'],
    ),
    { cwd: root, encoding: 'utf8' },
  ),
);
const tarballs = Object.fromEntries(packed.map((p) => [p.name, `file:vendor/${p.filename}`]));

const workspace = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = {
  name: 'acquiring-checkout-hosted-demo',
  version: workspace.version,
  private: true,
  type: 'module',
  engines: workspace.engines,
  scripts: { start: 'node demo/dist/hosted.js' },
  dependencies: { ...workspace.dependencies, ...tarballs },
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// The repository's lock: the install keeps the versions the tests ran with (npm drops what the
// layout does not use, and takes the two packages from their tarballs).
copyFileSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
for (const folder of ['demo/dist', 'demo/public', 'docs/dist'])
  cpSync(join(root, folder), join(out, folder), { recursive: true });
console.log(`hosted demo laid out in ${out}: npm install --omit=dev there, then npm start`);
