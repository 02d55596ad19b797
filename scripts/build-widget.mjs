#!/usr/bin/env node
// `npm run build`: the widget's three Vite builds, its type declarations, its custom-elements
// manifest, and the sha384 integrity of the script-tag file for the README snippet.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const run = (command, ...args) => execFileSync(command, args, { stdio: 'inherit' });
for (const mode of ['esm', 'iife', 'fingerprint', 'card'])
  run('npx', 'vite', 'build', '--mode', mode, '--logLevel', 'warn');
run('npx', 'tsc', '-p', 'tsconfig.widget.json');
run(
  'npx',
  'cem',
  'analyze',
  '--litelement',
  '--globs',
  'widget/checkout-element.ts',
  '--outdir',
  '.',
);
// The analyzer also lists dispatchEvent calls it cannot name; the JSDoc @event tags name them all.
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
for (const declaration of manifest.modules.flatMap((m) => m.declarations ?? [])) {
  if (declaration.events) declaration.events = declaration.events.filter((event) => event.name);
}
writeFileSync('custom-elements.json', `${JSON.stringify(manifest, null, 2)}\n`);
const file = readFileSync('dist/acquiring-checkout.js');
const integrity = `sha384-${createHash('sha384').update(file).digest('base64')}`;
console.log(`\ndist/acquiring-checkout.js  ${file.length} bytes  integrity="${integrity}"`);
