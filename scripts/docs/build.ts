/**
 * Builds the docs site (part of `npm run build`): docs/site/**.md to docs/dist, with the element's
 * reference from custom-elements.json and the server package's from its TSDoc generated into the
 * pages that ask for them, a table of contents per page, and a search index. Fails, naming each,
 * on a broken link (a page, a repository file or a heading that does not exist) or a page the
 * contents do not list. `node --import tsx scripts/docs/build.ts`
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type ts from 'typescript';
import { apiProgram, apiReference, type EntryPoint } from './api-reference.ts';
import { elementReference } from './element-reference.ts';
import { layout, SITE_NAME, type NavItem, type PageView } from './layout.ts';
import { brokenLink, imageName, outputPath } from './links.ts';
import { markdown, pageEnv, type PageEnv } from './markdown.ts';
import { ASSETS, OUT, ROOT, SITE } from './paths.ts';
import { sections, type Section } from './search-index.ts';
import { contents, description, HOME, pageFiles, unlisted } from './site.ts';

const GENERATED = /<!-- generated: (element-reference|api-reference (\w+)) -->/g;
const FIGURE_MARK = /<!--\/?fig(:[\w.-]+)?-->/g;

/** A page's source with what it asks to be generated in place of each directive. */
function expand(source: string, program: () => ts.Program): string {
  return source.replace(GENERATED, (_all, what: string, entry?: string) =>
    what === 'element-reference'
      ? elementReference()
      : apiReference(program(), entry as EntryPoint),
  );
}

interface Rendered {
  env: PageEnv;
  view: PageView;
}

function render(files: string[]): Rendered[] {
  const md = markdown();
  let program: ts.Program | undefined;
  const lazyProgram = () => (program ??= apiProgram());
  return files.map((file) => {
    // The figures' marks go: they are for the figures test (figures.ts), not for readers.
    const source = expand(readFileSync(file, 'utf8'), lazyProgram).replace(FIGURE_MARK, '');
    const env = pageEnv(file);
    const body = md.render(source, env);
    const title = env.headings.find((h) => h.level === 1)?.text;
    if (!title) throw new Error(`${relative(ROOT, file)} has no # title`);
    const path = outputPath(file);
    const view = {
      path,
      title,
      description: description(md, source),
      body,
      headings: env.headings,
    };
    return { env, view };
  });
}

function linkProblems(pages: Rendered[]): string[] {
  const anchors = new Map(pages.map((p) => [p.env.file, new Set(p.env.headings.map((h) => h.id))]));
  return pages.flatMap(({ env }) =>
    env.links.flatMap(({ href, target }) => {
      const broken = brokenLink(target, (file) => anchors.get(file), env.file);
      return broken ? [`${relative(ROOT, env.file)}: link ${href}: ${broken}`] : [];
    }),
  );
}

const searchPage: PageView = {
  path: 'search.html',
  title: 'Search',
  description: `Search the ${SITE_NAME}.`,
  headings: [],
  script: 'assets/search.js',
  body: `<h1>Search</h1>
<form class="search-page" role="search" aria-label="Refine the search" action="search.html" method="get">
<label for="search-page-query">Words to find</label>
<input id="search-page-query" name="q" type="search" autocomplete="off">
<button type="submit">Search</button>
</form>
<p id="search-status" role="status"></p>
<ol id="search-results" class="results"></ol>`,
};

function write(pages: Rendered[], nav: NavItem[]): number {
  rmSync(OUT, { recursive: true, force: true });
  const index: Section[] = [];
  const images = new Set<string>();
  for (const { env, view } of [...pages, { env: pageEnv(''), view: searchPage }]) {
    const out = join(OUT, view.path);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, layout(view, nav));
    if (env.file) index.push(...sections(view.title, view.path, view.body, view.headings));
    env.images.forEach((image) => images.add(image));
  }
  mkdirSync(join(OUT, 'images'), { recursive: true });
  for (const image of images) cpSync(image, join(OUT, 'images', imageName(image)));
  cpSync(ASSETS, join(OUT, 'assets'), { recursive: true });
  writeFileSync(join(OUT, 'search-index.json'), JSON.stringify(index));
  return index.length;
}

/** Builds the site; throws with every problem found. */
export function buildDocs(): { pages: number; sections: number } {
  const files = pageFiles();
  const nav = contents(markdown(), readFileSync(HOME, 'utf8'));
  const problems = unlisted(nav, files).map((file) => `${file}: not in the Contents of README.md`);
  const pages = render(files);
  problems.push(...linkProblems(pages));
  if (problems.length) throw new Error(`the docs have problems:\n  ${problems.join('\n  ')}`);
  return { pages: pages.length, sections: write(pages, nav) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  try {
    const built = buildDocs();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `docs built: ${relative(ROOT, OUT)} (${built.pages} pages, ${built.sections} sections in the search index, ${seconds} s from ${relative(ROOT, SITE)})`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
