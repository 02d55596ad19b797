/**
 * `npm run docs:figures` (after `npm run build`): writes the current figures into every quote of
 * the docs and the READMEs, the computed ones from the build and the measured ones from their
 * records (docs/site/measured.json), and the script-tag file's integrity into every snippet that
 * shows one. Says what changed; fails on a quote of an unknown figure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { allFigures, quotes, quotingFiles, withFigures } from './figures.ts';
import { ROOT } from './paths.ts';

const figures = allFigures();
const integrity = figures.get('widget.integrity')!;
const unknown: string[] = [];
for (const file of quotingFiles()) {
  const before = readFileSync(file, 'utf8');
  for (const quote of quotes(before))
    if (!figures.has(quote.id)) unknown.push(`${relative(ROOT, file)}: ${quote.id}`);
  const after = withFigures(before, figures).replace(
    /integrity="sha384-[A-Za-z0-9+/=]+"/g,
    `integrity="${integrity}"`,
  );
  if (after === before) continue;
  writeFileSync(file, after);
  const changed = quotes(before).filter((q) => figures.get(q.id) !== q.text);
  const what = changed.map((q) => `${q.id} ${q.text} → ${figures.get(q.id)}`);
  console.log(`${relative(ROOT, file)}: ${what.join('; ') || 'integrity'}`);
}
if (unknown.length) {
  console.error(`quotes of no known figure:\n  ${unknown.join('\n  ')}`);
  process.exit(1);
}
