/**
 * The site's pages and contents. Every Markdown file under docs/site is a page; `README.md` is the
 * home page, and its "Contents" list (nested: a group's title, then its pages' links) is the
 * site's contents, so GitHub's view of the folder and the built site share one map. A page the
 * contents do not list is an error: nothing is built that nobody can reach.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MarkdownIt, Token } from 'markdown-it';
import type { NavItem } from './layout.ts';
import { outputPath, resolveLink } from './links.ts';
import { plainText } from './markdown.ts';
import { SITE } from './paths.ts';

export const HOME = join(SITE, 'README.md');

/** Every page's source file, the home page first. */
export function pageFiles(): string[] {
  const files = readdirSync(SITE, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(SITE, name))
    .sort();
  return [HOME, ...files.filter((file) => file !== HOME)];
}

/** The list items directly inside the list that starts at `start`, each a token range. */
function listItems(tokens: Token[], start: number): [number, number][] {
  const items: [number, number][] = [];
  let depth = 0;
  let from = -1;
  for (let i = start + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'bullet_list_close' && depth === 0) break;
    if (token.type === 'bullet_list_open') depth++;
    if (token.type === 'bullet_list_close') depth--;
    if (token.type === 'list_item_open' && depth === 0) from = i;
    if (token.type === 'list_item_close' && depth === 0) items.push([from, i]);
  }
  return items;
}

function navItems(tokens: Token[], start: number): NavItem[] {
  return listItems(tokens, start).map(([from, to]) => {
    const inline = tokens.slice(from, to).find((token) => token.type === 'inline');
    const link = inline?.children?.find((child) => child.type === 'link_open');
    const nested = tokens.findIndex((t, i) => i > from && i < to && t.type === 'bullet_list_open');
    const target = link && resolveLink(String(link.attrGet('href') ?? ''), HOME);
    const href = target?.kind === 'page' ? outputPath(target.file) : undefined;
    if (link && !href)
      throw new Error(`the contents link to ${String(link.attrGet('href'))}: not a page`);
    const item: NavItem = { title: plainText(inline), children: [] };
    if (href) item.href = href;
    if (nested !== -1) item.children = navItems(tokens, nested);
    return item;
  });
}

/** The contents: the first list after the home page's "Contents" heading. */
export function contents(md: MarkdownIt, homeSource: string): NavItem[] {
  const tokens = md.parse(homeSource, {});
  const heading = tokens.findIndex(
    (token, i) => token.type === 'heading_open' && plainText(tokens[i + 1]) === 'Contents',
  );
  const list = tokens.findIndex((token, i) => i > heading && token.type === 'bullet_list_open');
  if (heading === -1 || list === -1) throw new Error('docs/site/README.md has no Contents list');
  return [{ title: 'Home', href: 'index.html', children: [] }, ...navItems(tokens, list)];
}

/** Pages the contents do not reach. */
export function unlisted(nav: NavItem[], files: string[]): string[] {
  const listed = new Set<string>();
  const walk = (items: NavItem[]) =>
    items.forEach((item) => {
      if (item.href) listed.add(item.href);
      walk(item.children);
    });
  walk(nav);
  return files.filter((file) => !listed.has(outputPath(file))).map((file) => relative(SITE, file));
}

/** The page's first paragraph, as plain text of at most 160 characters: its description. */
export function description(md: MarkdownIt, source: string): string {
  const tokens = md.parse(source, {});
  const paragraph = tokens.findIndex((token) => token.type === 'paragraph_open');
  const text = plainText(tokens[paragraph + 1])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
