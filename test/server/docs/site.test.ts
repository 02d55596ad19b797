/**
 * The docs site as `npm run build` made it (docs/dist), and the READMEs that point into it: every
 * page built with its table of contents, the search index, the references generated from the
 * element's manifest and the server package's TSDoc, links that lead somewhere, and READMEs that
 * stay short.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { apiProgram, ENTRY_POINTS } from '../../../scripts/docs/api-reference.ts';
import { elementDeclaration } from '../../../scripts/docs/element-reference.ts';
import { READMES } from '../../../scripts/docs/figures.ts';
import { brokenLink, outputPath, resolveLink } from '../../../scripts/docs/links.ts';
import { markdown, pageEnv } from '../../../scripts/docs/markdown.ts';
import { OUT, REPOSITORY, ROOT, SITE } from '../../../scripts/docs/paths.ts';
import type { Section } from '../../../scripts/docs/search-index.ts';
import { pageFiles } from '../../../scripts/docs/site.ts';

const built = (path: string) => readFileSync(join(OUT, path), 'utf8');

/** The anchors of a source page's headings, as the site and GitHub make them. */
function anchorsOf(file: string): Set<string> {
  const env = pageEnv(file);
  markdown().render(readFileSync(file, 'utf8'), env);
  return new Set(env.headings.map((h) => h.id));
}

describe('the docs site', () => {
  it('has every page, each with one title, a description and its table of contents', () => {
    for (const file of pageFiles()) {
      const path = outputPath(file);
      const html = built(path);
      assert.equal(html.match(/<h1[ >]/g)?.length, 1, `${path}: one h1`);
      assert.match(html, /<html lang="en">/);
      assert.match(html, /<meta name="description" content="[^"]{20,}">/, `${path}: a description`);
      assert.match(html, /<nav id="contents" class="site" aria-label="Contents">/, path);
      const sections = html.match(/<h[23] id="/g)?.length ?? 0;
      if (sections >= 2) assert.match(html, /<nav class="toc"/, `${path}: a table of contents`);
      assert.doesNotMatch(html, /<script>|style="|<!--fig:/, `${path}: no inline script or style`);
    }
  });

  it('has a search page and an index of every section of every page', () => {
    assert.match(built('search.html'), /<script defer src="assets\/search\.js">/);
    assert.ok(existsSync(join(OUT, 'assets', 'search.js')));
    const index = JSON.parse(built('search-index.json')) as Section[];
    const pages = new Set(index.map((section) => section.u.split('#')[0]));
    assert.equal(pages.size, pageFiles().length);
    const routes = index.find((s) => s.u === 'companion/routes.html#post-apicheckout-sessions');
    assert.match(routes?.t ?? '', /challenge_window_size/);
  });

  it('has the element’s reference, generated from custom-elements.json', () => {
    const html = built('reference/element.html');
    const element = elementDeclaration();
    const names = [
      ...(element.attributes ?? []).map((a) => a.name),
      ...(element.events ?? []).map((e) => e.name),
      ...(element.cssParts ?? []).map((p) => p.name),
      ...(element.cssProperties ?? []).map((p) => p.name),
    ];
    assert.ok(names.length > 50);
    for (const name of names) assert.ok(html.includes(`<code>${name}</code>`), name);
  });

  it('has the server package’s reference, generated from its TSDoc: every export', () => {
    const program = apiProgram();
    const checker = program.getTypeChecker();
    for (const [entry, path] of Object.entries(ENTRY_POINTS)) {
      const html = built(`reference/${entry}-api.html`);
      const module = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, path))!);
      const exported = checker.getExportsOfModule(module!).map((symbol) => symbol.name);
      assert.ok(exported.length > 5, entry);
      for (const name of exported)
        assert.ok(html.includes(`<code>${name}</code></h3>`), `${entry}: ${name}`);
    }
    assert.match(built('reference/companion-api.html'), /<code>createCompanion<\/code><\/h3>/);
  });

  it('finds a broken link: a page, a file or a heading that is not there', () => {
    const from = join(SITE, 'README.md');
    const anchors = (file: string) => (file.endsWith('.md') ? anchorsOf(file) : undefined);
    assert.equal(brokenLink(resolveLink('getting-started.md', from), anchors, from), undefined);
    assert.match(
      brokenLink(resolveLink('getting-started.md#no-such-heading', from), anchors, from) ?? '',
      /no heading #no-such-heading/,
    );
    assert.match(brokenLink(resolveLink('nowhere.md', from), anchors, from) ?? '', /no file/);
  });

  it('keeps tables readable: no row of a source past 500 characters', () => {
    for (const file of pageFiles()) {
      const long = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('|') && line.length > 500);
      assert.deepEqual(long, [], relative(ROOT, file));
    }
  });
});

describe('the READMEs', () => {
  const docsUrl = `${REPOSITORY}/blob/main/docs/site/`;

  /** The docs pages a README links to (by absolute address or relative path), as files with an anchor. */
  function docsLinks(
    readme: string,
    text: string,
  ): { file: string; anchor: string; href: string }[] {
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .flatMap((href) => {
        const [path, anchor = ''] = href.split('#');
        const file = href.startsWith(docsUrl)
          ? join(SITE, path!.slice(docsUrl.length))
          : /^[a-z]+:|^#/.test(href)
            ? undefined
            : join(dirname(join(ROOT, readme)), path!);
        return file?.startsWith(`${SITE}/`) ? [{ file, anchor, href }] : [];
      });
  }

  for (const readme of READMES)
    it(`${readme} is under 200 lines, with its contents, and links into the docs`, () => {
      const text = readFileSync(join(ROOT, readme), 'utf8');
      assert.ok(text.split('\n').length < 200, `${readme}: ${text.split('\n').length} lines`);
      const contents = /## Contents\n\n((?:- \[.+\]\(#.+\)\n)+)/.exec(text)?.[1];
      assert.ok(contents, `${readme}: a Contents list of its sections`);
      const own = anchorsOf(join(ROOT, readme));
      for (const [, anchor] of contents.matchAll(/\(#([^)]+)\)/g))
        assert.ok(own.has(anchor!), `${readme}: #${anchor}`);
      const intoDocs = docsLinks(readme, text);
      assert.ok(intoDocs.length >= 5, `${readme}: links into the docs`);
      for (const { file, anchor, href } of intoDocs) {
        assert.ok(existsSync(file), `${readme}: ${href}`);
        if (anchor) assert.ok(anchorsOf(file).has(anchor), `${readme}: ${href}`);
      }
    });

  for (const readme of ['widget/README.md', 'server/README.md'])
    it(`${readme}, shown on npmjs.com, links to the docs by absolute addresses`, () => {
      const text = readFileSync(join(ROOT, readme), 'utf8');
      const relativeLinks = [...text.matchAll(/\]\(([^)#][^)]*)\)/g)]
        .map((m) => m[1]!)
        .filter((href) => !/^https:\/\//.test(href) && href !== 'LICENSE');
      assert.deepEqual(relativeLinks, [], 'a relative link breaks on npmjs.com');
    });
});
