// What the two production layouts share (the hosted demo's, demo/package-hosted.mjs, and the
// companion image's, scripts/package-companion.mjs): both packages packed from their builds into
// <out>/vendor, and the repository's lock beside the layout's package.json, so that
// `npm install --omit=dev` there keeps the versions the tests ran with (npm drops what the layout
// does not use, and takes the two packages from their tarballs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** The output folder a layout script was given (its first argument), or a stop with its usage. */
export function outputFolder(script) {
  if (!process.argv[2]) {
    console.error(`usage: node ${script} <output folder>`);
    process.exit(1);
  }
  return resolve(process.argv[2]);
}

/** The root package.json, and a workspace's (`widget`, `server`). */
export const manifestOf = (folder = '.') =>
  JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));

/**
 * Packs both workspaces into `<out>/vendor` and answers each package's dependency on its tarball
 * (`{ 'acquiring-checkout': 'file:vendor/acquiring-checkout-0.1.0.tgz', … }`).
 */
export function packWorkspaces(out) {
  const vendor = join(out, 'vendor');
  mkdirSync(vendor, { recursive: true });
  // --ignore-scripts: `npm run build` already built both (their prepack would only build again).
  const packed = JSON.parse(
    execFileSync(
      'npm',
      [
        'pack',
        '--json',
        '--ignore-scripts',
        '--workspace',
        'widget',
        '--workspace',
        'server',
      ].concat(['--pack-destination', vendor, '--loglevel=error']),
      { cwd: ROOT, encoding: 'utf8' },
    ),
  );
  return Object.fromEntries(packed.map((p) => [p.name, `file:vendor/${p.filename}`]));
}

/** Writes `<out>/package.json` and the repository's lock beside it. */
export function writeManifest(out, manifest) {
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(ROOT, 'package-lock.json'), join(out, 'package-lock.json'));
}
