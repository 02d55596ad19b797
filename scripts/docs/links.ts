/**
 * Where a link in a docs page leads. The sources link as Markdown does on GitHub (relative paths
 * to `.md` files and to repository files); the built site turns a page's link into its `.html`
 * and a repository file's into its address on GitHub, so both readings work.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ROOT, SITE, repositoryUrl } from './paths.ts';

export type Target =
  | { kind: 'external'; href: string }
  | { kind: 'anchor'; anchor: string }
  | { kind: 'page'; file: string; anchor: string }
  | { kind: 'repository'; file: string; anchor: string };

/** Where `href`, written in `from` (a source file), leads. */
export function resolveLink(href: string, from: string): Target {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return { kind: 'external', href };
  if (href.startsWith('#')) return { kind: 'anchor', anchor: decodeURIComponent(href.slice(1)) };
  const [path = '', anchor = ''] = href.split('#');
  const file = resolve(dirname(from), decodeURIComponent(path));
  const inSite = file.startsWith(SITE + sep) && file.endsWith('.md');
  return { kind: inSite ? 'page' : 'repository', file, anchor: decodeURIComponent(anchor) };
}

/** The built page of a source: `README.md` is its folder's `index.html`. */
export function outputPath(source: string): string {
  const inSite = relative(SITE, source);
  return inSite.replace(/(^|[\\/])README\.md$/, '$1index.html').replace(/\.md$/, '.html');
}

/** `to` (a path in the built site) as written in the page built at `from`. */
export function relativeHref(from: string, to: string): string {
  const path = relative(dirname(from), to).split(sep).join('/');
  return path === '' ? '.' : path;
}

/** The href a link gets in the built page of `from`. */
export function builtHref(target: Target, from: string): string {
  switch (target.kind) {
    case 'external':
      return target.href;
    case 'anchor':
      return `#${target.anchor}`;
    case 'page': {
      const path = relativeHref(outputPath(from), outputPath(target.file));
      return target.anchor ? `${path}#${target.anchor}` : path;
    }
    case 'repository': {
      const folder = existsSync(target.file) && statSync(target.file).isDirectory();
      const url = repositoryUrl(target.file, folder);
      return target.anchor ? `${url}#${target.anchor}` : url;
    }
  }
}

/** Why a link is broken, or undefined: its page or file must exist, and its anchor on the page. */
export function brokenLink(
  target: Target,
  anchorsOf: (file: string) => Set<string> | undefined,
  from: string,
): string | undefined {
  if (target.kind === 'external') return undefined;
  if (target.kind === 'anchor')
    return anchorsOf(from)?.has(target.anchor) ? undefined : `no heading #${target.anchor}`;
  if (!target.file.startsWith(ROOT + sep) || !existsSync(target.file))
    return `no file ${relative(ROOT, target.file)}`;
  if (target.kind === 'repository' || !target.anchor) return undefined;
  return anchorsOf(target.file)?.has(target.anchor)
    ? undefined
    : `no heading #${target.anchor} in ${relative(SITE, target.file)}`;
}

/** An image's name in the built site's `images/` folder: its path under docs/, hyphenated. */
export function imageName(file: string): string {
  return relative(join(ROOT, 'docs'), file).split(sep).join('-');
}
