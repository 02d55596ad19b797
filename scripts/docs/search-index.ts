/**
 * The search index: each page cut at its h2 and h3 headings into sections of plain text, which
 * the search page (assets/search.js) loads when someone searches. No server and no service: the
 * whole index is one JSON file.
 */
import type { Heading } from './markdown.ts';

/** One section: page title, heading, address (page#anchor) and text. */
export interface Section {
  p: string;
  h: string;
  u: string;
  t: string;
}

/** The longest text a section keeps: enough to find it by, not the whole of a long table. */
const MAX_TEXT = 3000;

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The sections of one built page (`body` its HTML, `path` its address in the site). */
export function sections(
  title: string,
  path: string,
  body: string,
  headings: Heading[],
): Section[] {
  const cuts = headings.filter((h) => h.level === 2 || h.level === 3);
  const parts = body.split(/(?=<h[23] id=")/);
  const intro = parts[0] ?? '';
  const found: Section[] = [{ p: title, h: title, u: path, t: plain(intro).slice(0, MAX_TEXT) }];
  for (const part of parts.slice(1)) {
    const id = /^<h[23] id="([^"]+)"/.exec(part)?.[1];
    const heading = cuts.find((h) => h.id === id);
    if (!heading) continue;
    const text = plain(part.replace(/^<h[23][^>]*>[\s\S]*?<\/h[23]>/, ''));
    found.push({
      p: title,
      h: heading.text,
      u: `${path}#${heading.id}`,
      t: text.slice(0, MAX_TEXT),
    });
  }
  return found;
}
