/**
 * Markdown to HTML for the docs site: markdown-it (CommonMark and GitHub's tables), with heading
 * anchors as GitHub makes them, links and images rewritten for the built site (links.ts), tables
 * and code blocks that scroll on a narrow screen and can be reached with the keyboard.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';
import {
  builtHref,
  imageName,
  outputPath,
  relativeHref,
  resolveLink,
  type Target,
} from './links.ts';
import { Slugger } from './slug.ts';

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/** What rendering one page found: its headings, links and images, for the checks and the TOC. */
export interface PageEnv extends Env {
  /** The page's source file. */
  file: string;
  headings: Heading[];
  links: { href: string; target: Target }[];
  /** Source files of the images it shows, copied to the site's `images/`. */
  images: Set<string>;
  slugger: Slugger;
  /** How many tables had each name: a table's region is named apart from the others. */
  tableLabels: Map<string, number>;
}

export const pageEnv = (file: string): PageEnv => ({
  file,
  headings: [],
  links: [],
  images: new Set(),
  slugger: new Slugger(),
  tableLabels: new Map(),
});

/** The plain text of an inline token: its text and code, without markup. */
export function plainText(token: Token | undefined): string {
  return (token?.children ?? [])
    .map((child) => {
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      return child.type === 'text' || child.type === 'code_inline' ? child.content : '';
    })
    .join('');
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A PNG's width and height, from its header, so the page keeps its room before it loads. */
function pngSize(file: string): { width: number; height: number } | undefined {
  const header = readFileSync(file).subarray(0, 24);
  if (header.toString('latin1', 1, 4) !== 'PNG') return undefined;
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

function headingIds(md: MarkdownIt): void {
  md.core.ruler.push('heading_ids', (state) => {
    const env = state.env as Partial<PageEnv>;
    // Parsing alone (the contents, a description) has no page to record headings for.
    if (!env.slugger || !env.headings) return;
    const { slugger, headings } = env;
    state.tokens.forEach((token, index) => {
      if (token.type !== 'heading_open') return;
      const text = plainText(state.tokens[index + 1]);
      const id = slugger.next(text);
      token.attrSet('id', id);
      headings.push({ level: Number(token.tag.slice(1)), text, id });
    });
  });
}

function links(md: MarkdownIt): void {
  md.renderer.rules.link_open = (tokens, index, options, rendering, self) => {
    const env = rendering as PageEnv;
    const token = tokens[index]!;
    const href = String(token.attrGet('href') ?? '');
    const target = resolveLink(href, env.file);
    env.links.push({ href, target });
    token.attrSet('href', builtHref(target, env.file));
    return self.renderToken(tokens, index, options);
  };
  md.renderer.rules.image = (tokens, index, _options, rendering) => {
    const env = rendering as PageEnv;
    const token = tokens[index]!;
    const src = String(token.attrGet('src') ?? '');
    const target = resolveLink(src, env.file);
    const alt = escape(plainText(token) || token.content);
    if (target.kind === 'external') return `<img src="${escape(target.href)}" alt="${alt}">`;
    if (target.kind === 'anchor') return '';
    // Checked with the links: a missing picture is a broken link.
    env.links.push({ href: src, target });
    if (!existsSync(target.file)) return `<img src="" alt="${alt}">`;
    env.images.add(target.file);
    const copy = relativeHref(outputPath(env.file), join('images', imageName(target.file)));
    const size = pngSize(target.file);
    const box = size ? ` width="${size.width}" height="${size.height}"` : '';
    return `<img src="${copy}" alt="${alt}"${box} loading="lazy" decoding="async">`;
  };
}

/**
 * A table scrolls sideways inside a focusable region, named by the section it is in and its header
 * row; a name the page already gave gets a number, since landmarks must differ.
 */
function tables(md: MarkdownIt): void {
  md.renderer.rules.table_open = (tokens, index, _options, rendering) => {
    const env = rendering as PageEnv;
    const header: string[] = [];
    for (let i = index; tokens[i] && tokens[i]!.type !== 'thead_close'; i++)
      if (tokens[i]!.type === 'inline') header.push(plainText(tokens[i]));
    let heading = index;
    while (heading > 0 && tokens[heading]!.type !== 'heading_open') heading--;
    const section =
      heading > 0 || tokens[0]?.type === 'heading_open' ? plainText(tokens[heading + 1]) : '';
    let label = `${section ? `${section}: ` : ''}${header.filter(Boolean).join(', ')}`;
    const seen = env.tableLabels.get(label) ?? 0;
    env.tableLabels.set(label, seen + 1);
    if (seen) label += ` (${seen + 1})`;
    return `<div class="table" role="region" tabindex="0" aria-label="${escape(label)}"><table>\n`;
  };
  md.renderer.rules.table_close = () => '</table></div>\n';
}

function code(md: MarkdownIt): void {
  md.renderer.rules.fence = (tokens, index) => {
    const token = tokens[index]!;
    // Focusable: a long line scrolls sideways, and the keyboard must reach it (axe's
    // scrollable-region-focusable).
    return `<pre tabindex="0"><code>${escape(token.content)}</code></pre>\n`;
  };
}

/** The site's renderer: raw HTML allowed (the sources' figure markers and the odd `<br>`). */
export function markdown(): MarkdownIt {
  const md = markdownIt({ html: true, linkify: false, typographer: false });
  md.use(headingIds).use(links).use(tables).use(code);
  return md;
}
