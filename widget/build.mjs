#!/usr/bin/env node
// `npm run build` (here or at the root): the widget's Vite builds, its type declarations, its
// custom-elements manifest, and the sha384 integrity of the script-tag file for the docs' snippet.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(dirname(fileURLToPath(import.meta.url)));
const run = (command, ...args) => execFileSync(command, args, { stdio: 'inherit' });
for (const mode of ['esm', 'iife', 'fingerprint', 'card', 'schema', 'choices', 'wallet', 'locales'])
  run('npx', 'vite', 'build', '--mode', mode, '--logLevel', 'warn');
run('npx', 'tsc', '-p', 'tsconfig.build.json');
run('node', 'manifest.mjs');
const file = readFileSync('dist/acquiring-checkout.js');
const integrity = `sha384-${createHash('sha384').update(file).digest('base64')}`;
writeFileSync('dist/integrity.txt', `${integrity}\n`);
console.log(`\ndist/acquiring-checkout.js  ${file.length} bytes  integrity="${integrity}"`);
