/** Where the docs site's sources, assets and output are, and where the repository lives online. */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The Markdown sources: one file per page, `README.md` the home page and its contents. */
export const SITE = join(ROOT, 'docs', 'site');
/** The built site, served at /docs by the demo (`npm start`, `npm run start:hosted`). */
export const OUT = join(ROOT, 'docs', 'dist');
/** The site's own stylesheet and search script. */
export const ASSETS = join(dirname(fileURLToPath(import.meta.url)), 'assets');

/**
 * The repository on GitHub: links from the docs to the repository's files, and from the package
 * READMEs (shown on npmjs.com) to the docs, are absolute addresses there.
 */
export const REPOSITORY = 'https://github.com/acquiring-checkout/acquiring-checkout';
export const BRANCH = 'main';

/** A repository path's address on GitHub (a file's `blob/`, a folder's `tree/`). */
export function repositoryUrl(path: string, folder = false): string {
  const inRepo = relative(ROOT, path).split('\\').join('/');
  return `${REPOSITORY}/${folder ? 'tree' : 'blob'}/${BRANCH}/${inRepo}`;
}
