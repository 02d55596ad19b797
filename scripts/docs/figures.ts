/**
 * Figures quoted in the docs, so that none can drift. A quote is marked in the Markdown,
 * `<!--fig:widget.script.gzip-->19,810 bytes<!--/fig-->` (invisible on GitHub and on the site),
 * and is one of two kinds:
 *
 * - computed from the build (sizes, counts, the integrity): a test computes each and fails when a
 *   quote differs; `npm run docs:figures` writes the current values into the quotes;
 * - measured (times, installs, the bench): a test cannot time anything, so each is a record in
 *   `docs/site/measured.json` with its date and how it was measured, and every quote of it must be
 *   the record's text (one fact, one place). The consumer test checks the install records it can
 *   (package counts, sizes) against the install it makes.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, SITE } from './paths.ts';

/** A quote in a Markdown file, and where it sits. */
export interface Quote {
  id: string;
  text: string;
  index: number;
}

export interface Measurement {
  text: string;
  /** When it was measured: YYYY-MM-DD. */
  measured: string;
  /** How, so anyone can measure it again. */
  how: string;
}

const QUOTE = /<!--fig:([\w.-]+)-->([\s\S]*?)<!--\/fig-->/g;
export const MEASURED = join(SITE, 'measured.json');

export function quotes(markdown: string): Quote[] {
  return [...markdown.matchAll(QUOTE)].map((m) => ({ id: m[1]!, text: m[2]!, index: m.index }));
}

/** `markdown` with every quote's text replaced by its figure (unknown ones left as they are). */
export function withFigures(markdown: string, figures: ReadonlyMap<string, string>): string {
  return markdown.replace(QUOTE, (all, id: string) => {
    const figure = figures.get(id);
    return figure === undefined ? all : `<!--fig:${id}-->${figure}<!--/fig-->`;
  });
}

export function measurements(): Record<string, Measurement> {
  return JSON.parse(readFileSync(MEASURED, 'utf8')) as Record<string, Measurement>;
}

const thousands = (n: number) => n.toLocaleString('en-US');
const bytes = (n: number) => `${thousands(n)} bytes`;
/** kB as npm prints them: 1,000 bytes, one decimal. */
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

const DIST = join(ROOT, 'widget', 'dist');
const file = (name: string) => readFileSync(join(DIST, name));
const gzip = (name: string) => gzipSync(file(name), { level: 9 }).length;
/**
 * A gzip size says how it was made: zlib's level 9 (as a server compressing with zlib sends it),
 * which the `gzip -9` command does not give (its own compressor, and the file's name in its
 * header: 19,594 against 19,718 bytes, a merchant found): a quote without it read as the command's.
 */
const gzipped = (size: string) => `${size} gzipped by zlib at level 9`;

interface Packed {
  name: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
}

/** Both tarballs as `npm pack` makes them, without writing them (about 2 s). */
function packed(): Packed[] {
  const out = execFileSync(
    'npm',
    ['pack', '--dry-run', '--json', '--ignore-scripts', '--workspace', 'widget'].concat([
      '--workspace',
      'server',
      '--loglevel=error',
    ]),
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return JSON.parse(out) as Packed[];
}

function localeFigures(): Record<string, string> {
  const locales = readdirSync(DIST)
    .map((name) => /^acquiring-checkout\.locale-(.+)\.js$/.exec(name))
    .filter((m) => m !== null)
    .map((m) => ({ tag: m[1]!, gzip: gzip(m[0]) }))
    .sort((a, b) => a.gzip - b.gzip);
  const smallest = locales[0]!;
  const largest = locales.at(-1)!;
  return {
    // English is built in; every other locale is a part of its own.
    'widget.locales': String(locales.length + 1),
    'widget.locale.smallest': `${bytes(smallest.gzip)} (\`${smallest.tag}\`)`,
    'widget.locale.largest': gzipped(`${bytes(largest.gzip)} (\`${largest.tag}\`)`),
  };
}

function tarballFigures(): Record<string, string> {
  const figures: Record<string, string> = {};
  for (const pack of packed()) {
    const key = pack.name === 'acquiring-checkout' ? 'widget' : 'server';
    figures[`${key}.tarball.packed`] = kB(pack.size);
    figures[`${key}.tarball.unpacked`] = kB(pack.unpackedSize);
    figures[`${key}.tarball.files`] = thousands(pack.entryCount);
  }
  return figures;
}

function observabilityFigures(): Record<string, string> {
  const observability = join(ROOT, 'server', 'observability');
  const dashboard = JSON.parse(readFileSync(join(observability, 'dashboard.json'), 'utf8')) as {
    panels: unknown[];
  };
  const alerts = readFileSync(join(observability, 'alerts.yml'), 'utf8').match(/- alert:/g);
  return {
    'server.dashboard.panels': String(dashboard.panels.length),
    'server.alerts': String(alerts?.length ?? 0),
  };
}

/** The architecture as `.dependency-cruiser.cjs` states it: the companion's layers, the other rules. */
function architectureFigures(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const rules = require(join(ROOT, '.dependency-cruiser.cjs')) as {
    LAYERS: [string, string][];
    forbidden: { name: string; comment: string }[];
  };
  const layers = rules.LAYERS.map(([folder, holds], at) => {
    const below = rules.LAYERS.slice(at + 1).map(([other]) => `\`${other}\``);
    return `| \`${folder}/\` | ${holds} | ${below.join(', ') || 'nothing of the companion'} |`;
  });
  const others = rules.forbidden
    .filter((rule) => !rule.name.startsWith('layer-'))
    .map((rule) => `- \`${rule.name}\`: ${rule.comment}`);
  return {
    'architecture.layers': [
      '',
      '| folder | what lives there | may import |',
      '|---|---|---|',
      ...layers,
      '',
    ].join('\n'),
    'architecture.rules': ['', ...others, ''].join('\n'),
  };
}

/**
 * Every figure computed from the build (`npm run build` first: the widget's dist/ and both
 * packages' files), by its id.
 */
export function computedFigures(): Map<string, string> {
  const figures: Record<string, string> = {
    'widget.integrity': file('integrity.txt').toString('utf8').trim(),
    'widget.script.size': kB(file('acquiring-checkout.js').length),
    'widget.script.gzip': gzipped(bytes(gzip('acquiring-checkout.js'))),
    'widget.schema.gzip': gzipped(kB(gzip('acquiring-checkout.schema.js'))),
    'widget.card.gzip': gzipped(bytes(gzip('acquiring-checkout.card.js'))),
    'widget.choices.gzip': gzipped(bytes(gzip('acquiring-checkout.choices.js'))),
    'widget.wallet.gzip': gzipped(kB(gzip('acquiring-checkout.wallet.js'))),
    ...localeFigures(),
    ...tarballFigures(),
    ...observabilityFigures(),
    ...architectureFigures(),
  };
  return new Map(Object.entries(figures));
}

/** Computed figures and the measured records' texts together. */
export function allFigures(): Map<string, string> {
  const figures = computedFigures();
  for (const [id, record] of Object.entries(measurements())) figures.set(id, record.text);
  return figures;
}

/** The repository's READMEs, each short and pointing into the docs. */
export const READMES = [
  'README.md',
  'widget/README.md',
  'server/README.md',
  'demo/README.md',
  'bench/README.md',
];

/** The Markdown files whose quotes are kept: the docs' sources and the READMEs. */
export function quotingFiles(): string[] {
  const pages = readdirSync(SITE, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(SITE, name));
  const readmes = READMES.map((p) => join(ROOT, p));
  return [...pages, ...readmes].sort();
}
