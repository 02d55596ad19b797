#!/usr/bin/env node
// `npm run build`: the widget, then the server package (its types import the widget's), then the
// compiled demo and the docs side by side (each reads the two packages' builds, neither the
// other's): 22–24 s on 2 cores, against 25.5 s with the demo and the docs one after the other.
import { run } from './run.mjs';

try {
  await run('npm', 'run', 'build', '--workspace', 'widget');
  await run('npm', 'run', 'build', '--workspace', 'server');
  await Promise.all([run('node', 'demo/build.mjs'), run('npm', 'run', 'docs', '--silent')]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
