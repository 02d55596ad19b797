#!/usr/bin/env node
// The hosted demo laid out as it runs in production, from the packed packages: after
// `npm run build`, `node demo/package-hosted.mjs <out>` packs both workspaces into <out>/vendor and
// writes <out>/package.json (the root's runtime dependencies, the two packages from their
// tarballs) beside the compiled demo (<out>/demo/dist, <out>/demo/public) and the docs
// (<out>/docs/dist). Then
// `npm install --omit=dev` in <out> is the whole install: the Dockerfile does exactly this, and so
// does the test that pays on it (test/consumer/hosted.test.ts).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { manifestOf, outputFolder, packWorkspaces, ROOT, writeManifest } from '../scripts/pack.mjs';

const out = outputFolder('demo/package-hosted.mjs');

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
