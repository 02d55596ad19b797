/**
 * The page around each document: a header with the search form, the site's contents, the page's
 * own table of contents, and the document. No script but the search page's, and no inline script
 * or style attribute (the demo serves the docs under its strict Content-Security-Policy); the
 * site's stylesheet is inline, and that policy allows it by its hash (demo/server.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { relativeHref } from './links.ts';
import type { Heading } from './markdown.ts';
import { ASSETS } from './paths.ts';

/**
 * The site's stylesheet (assets/docs.css, copied beside the pages too), in each page's head: a
 * linked one held up the first paint by a request after the page's own (Lighthouse's
 * render-blocking request); at 6 kB (2 kB compressed) it costs less than that request did.
 */
const STYLESHEET = readFileSync(join(ASSETS, 'docs.css'), 'utf8');

export interface NavItem {
  title: string;
  /** The built page it links to (a path in the site), or none for a group's title. */
  href?: string;
  children: NavItem[];
}

export interface PageView {
  /** Where the page is in the built site: `companion/routes.html`. */
  path: string;
  title: string;
  description: string;
  body: string;
  headings: Heading[];
  /** The search page runs the search script. */
  script?: string;
}

export const SITE_NAME = 'acquiring-checkout docs';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline code in a title or heading (`createCompanion`) shown as code. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function navList(items: NavItem[], page: string): string {
  const entries = items.map((item) => {
    const title = withCode(item.title);
    const link = item.href
      ? `<a href="${relativeHref(page, item.href)}"${item.href === page ? ' aria-current="page"' : ''}>${title}</a>`
      : `<span class="group">${title}</span>`;
    const children = item.children.length ? navList(item.children, page) : '';
    return `<li>${link}${children}</li>`;
  });
  return `<ul>${entries.join('')}</ul>`;
}

/** The page's sections (h2, and h3 under them) as links. */
function tableOfContents(headings: Heading[]): string {
  const shown = headings.filter((h) => h.level === 2 || h.level === 3);
  if (shown.length < 2) return '';
  const items = shown.map(
    (h) => `<li class="level-${h.level}"><a href="#${h.id}">${withCode(h.text)}</a></li>`,
  );
  return `<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">On this page</h2><ul>${items.join('')}</ul></nav>`;
}

/**
 * The document with its table of contents after its title: beside the text on a wide screen,
 * under the title on a narrow one (docs.css), and in the reading order everywhere.
 */
function withContents(body: string, contents: string): string {
  const end = body.indexOf('</h1>') + '</h1>'.length;
  const title = end < '</h1>'.length ? '' : body.slice(0, end);
  return `${title}\n${contents}\n<div class="document">\n${body.slice(title.length)}</div>`;
}

/** A whole HTML document for `view`, with the site's contents `nav`. */
export function layout(view: PageView, nav: NavItem[]): string {
  const to = (path: string) => relativeHref(view.path, path);
  const script = view.script ? `\n<script defer src="${to(view.script)}"></script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(view.title.replace(/`/g, ''))} · ${SITE_NAME}</title>
<meta name="description" content="${escapeHtml(view.description)}">
<link rel="icon" href="data:,">
<style>${STYLESHEET}</style>${script}
</head>
<body>
<a class="skip" href="#content">Skip to the content</a>
<header class="top">
<a class="brand" href="${to('index.html')}">acquiring-checkout <span>docs</span></a>
<a class="to-contents" href="#contents">Contents</a>
<form class="search" role="search" aria-label="Search the docs" action="${to('search.html')}" method="get">
<label for="search-query">Search</label>
<input id="search-query" name="q" type="search" autocomplete="off">
<button type="submit">Go</button>
</form>
</header>
<div class="layout">
<main id="content">
${withContents(view.body, tableOfContents(view.headings))}
</main>
<nav id="contents" class="site" aria-label="Contents">
<h2>Contents</h2>
${navList(nav, view.path)}
</nav>
</div>
</body>
</html>
`;
}
