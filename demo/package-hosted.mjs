#!/usr/bin/env node
// The hosted demo laid out as it runs in production, from the packed packages: after
// `npm run build`, `node demo/package-hosted.mjs <out>` packs both workspaces into <out>/vendor and
// writes <out>/package.json (the root's runtime dependencies, the two packages from their
// tarballs) beside the compiled demo (<out>/demo/dist, <out>/demo/public) and the docs
// (<out>/docs/dist). Then
// `npm install --omit=dev` in <out> is the whole install: the Dockerfile does exactly this, and so
// does the test that pays on it (test/consumer/hosted.test.ts).
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { manifestOf, packWorkspaces, ROOT, writeManifest } from '../scripts/pack.mjs';

const out = resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: node demo/package-hosted.mjs <output folder>');
  process.exit(1);
}

const tarballs = packWorkspaces(out);
const workspace = manifestOf();
writeManifest(out, {
  name: 'acquiring-checkout-hosted-demo',
  version: workspace.version,
  private: true,
  type: 'module',
  engines: workspace.engines,
  scripts: { start: 'node demo/dist/hosted.js' },
  dependencies: { ...workspace.dependencies, ...tarballs },
});
for (const folder of ['demo/dist', 'demo/public', 'docs/dist'])
  cpSync(join(ROOT, folder), join(out, folder), { recursive: true });
console.log(`hosted demo laid out in ${out}: npm install --omit=dev there, then npm start`);
