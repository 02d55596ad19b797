/** Packing the two workspaces and installing the tarballs into a fresh app, as a merchant would. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  installedPackages,
  installScripts,
  nativeBuilds,
  nodeModulesMegabytes,
  npm,
  REPO,
} from './helpers.ts';

/**
 * Packs both workspaces into `work`; answers the widget's tarball, then the server's. The build
 * is `npm test`'s first step (scripts/test.mjs), as prepack would run it for `npm publish`; not
 * again here, since other consumer tests pack the same dist/ meanwhile. The pack runs no script,
 * so its stdout is the JSON alone.
 */
export function packBoth(work: string): [widget: string, server: string] {
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', work];
  const packed = JSON.parse(
    npm(REPO, ...args, '--workspace', 'widget', '--workspace', 'server'),
  ) as { name: string; filename: string }[];
  const tarball = (name: string) => join(work, packed.find((p) => p.name === name)!.filename);
  return [tarball('acquiring-checkout'), tarball('acquiring-checkout-server')];
}

export interface Install {
  dir: string;
  /** The path of an installed package's bin, to run with `node`. */
  bin(name: string): string;
  /** Packages, size on disk and time of the install, for the test's output. */
  summary: string;
}

/**
 * A fresh app in `dir` (an empty ESM package.json) with `specs` installed; nothing may compile
 * or run a script at install.
 */
export async function installInto(
  dir: string,
  specs: string[],
  { omitOptional = false } = {},
): Promise<Install> {
  writeFileSync(join(dir, 'package.json'), '{ "name": "shop", "private": true, "type": "module" }');
  const started = Date.now();
  // Asynchronous, so that several installs overlap (they mostly wait on the registry and disk).
  const flags = [
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...(omitOptional ? ['--omit=optional'] : []),
  ];
  await promisify(execFile)('npm', ['install', ...flags, ...specs], { cwd: dir });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const problems = [...nativeBuilds(dir), ...installScripts(dir)];
  if (problems.length) throw new Error(`native builds or install scripts: ${problems.join(', ')}`);
  const megabytes = nodeModulesMegabytes(dir).toFixed(1);
  return {
    dir,
    bin: (name) => join(dir, 'node_modules/.bin', name),
    summary: `npm install: ${installedPackages(dir).length} packages, ${megabytes} MB, ${seconds} s`,
  };
}
