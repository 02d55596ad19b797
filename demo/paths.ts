/**
 * Where the demo's files are, whether it runs from its sources (demo/*.ts under tsx) or compiled
 * (demo/dist/*.js under plain node, for `npm run start:hosted`).
 */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The demo/ folder. */
export const DEMO_DIR = basename(here) === 'dist' ? dirname(here) : here;
export const PUBLIC_DIR = join(DEMO_DIR, 'public');
/** The SPA and React bundles `npm run build` writes for the compiled demo. */
export const PREBUILT_BUNDLES = join(DEMO_DIR, 'dist', 'bundles');
/** The docs site `npm run build` writes (scripts/docs/build.ts), served at /docs. */
export const DOCS_DIR = join(DEMO_DIR, '..', 'docs', 'dist');
