/**
 * The oldest Node the server package runs on, as its package.json's `engines` says (one place),
 * enforced where it starts (its bins and `createCompanion`) rather than left to npm, which only
 * warns, and not at all when the package is copied in an image. Node 20 is what the package is
 * tested on; older releases are past their end of life, and a start on one is refused with the fix.
 */
import { readFileSync } from 'node:fs';
import { isRecord, parsedJson } from './unknown.ts';

/** What the package's own package.json says of it. */
export interface Manifest {
  name: string;
  version: string;
  homepage: string;
  engines: { node: string };
}

let manifest: Manifest | undefined;

/** The package's package.json: beside the sources, or one folder up from the compiled files. */
export function packageManifest(): Manifest {
  if (manifest) return manifest;
  for (const path of ['./package.json', '../package.json']) {
    let read: unknown;
    try {
      read = parsedJson(readFileSync(new URL(path, import.meta.url), 'utf8'));
    } catch {
      continue; // not there: the next
    }
    if (!isRecord(read) || read.name !== 'acquiring-checkout-server') continue;
    const engines = isRecord(read.engines) ? read.engines : {};
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    manifest = {
      name: read.name,
      version: text(read.version),
      homepage: text(read.homepage),
      engines: { node: text(engines.node) },
    };
    return manifest;
  }
  throw new Error('acquiring-checkout-server: its package.json is missing');
}

/** Why `version` of Node is too old for the package, or undefined when it is not. */
export function nodeFloorProblem(version = process.versions.node): string | undefined {
  const { engines } = packageManifest();
  const floor = /^>=\s*(\d+)\.(\d+)/.exec(engines.node);
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (!floor) return undefined;
  const [least, leastMinor] = [Number(floor[1]), Number(floor[2])];
  if (major > least || (major === least && minor >= leastMinor)) return undefined;
  return `acquiring-checkout-server needs Node ${least}.${leastMinor} or newer (its engines: ${engines.node}), and this is Node ${version}: install Node ${least}.${leastMinor} or newer (nodejs.org, or your distribution's nodejs package)`;
}
