#!/usr/bin/env node
// The demo compiled for `npm run start:hosted`: its server to demo/dist (plain node, the packages
// by name through node_modules: build them first) and the SPA, React and playground bundles beside it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const demo = dirname(fileURLToPath(import.meta.url));
execFileSync('npx', ['tsc', '-p', join(demo, 'tsconfig.build.json')], { stdio: 'inherit' });
const { BUNDLE_OPTIONS, PLAYGROUND_BUNDLE_OPTIONS } = await import('./dist/bundles.js');
const outdir = join(demo, 'dist', 'bundles');
// Emptied first: the playground's chunks are named by their hashes, and old ones would stay.
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
// An absolute outdir: esbuild's working directory is the one it started in.
await build({ ...BUNDLE_OPTIONS, outdir });
await build({ ...PLAYGROUND_BUNDLE_OPTIONS, outdir });
console.log('demo built: demo/dist (server) and demo/dist/bundles (SPA, React, playground)');
