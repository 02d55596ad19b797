/**
 * Heading anchors as GitHub makes them (github-slugger): lower case, punctuation dropped, spaces
 * to hyphens, a repeated one numbered. The same anchors work in the Markdown on GitHub (where the
 * package READMEs on npm point) and on the built site.
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Slugs for one page: a heading that repeats another's gets `-1`, `-2`… as on GitHub. */
export class Slugger {
  readonly #seen = new Map<string, number>();

  next(text: string): string {
    const base = slug(text);
    const count = this.#seen.get(base);
    this.#seen.set(base, (count ?? -1) + 1);
    return count === undefined ? base : `${base}-${count + 1}`;
  }
}
