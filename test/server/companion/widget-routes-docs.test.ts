import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { WIDGET_API, WIDGET_ROUTES } from 'acquiring-checkout/contract';

/** The paths the docs' routes page gives a section each (`### \`METHOD /path\``). */
function documentedPaths(): string[] {
  const page = readFileSync('docs/site/companion/routes.md', 'utf8');
  return [...page.matchAll(/^### `(?:GET|POST|DELETE) (\/\S+)`$/gm)].map(([, path]) => path ?? '');
}

/** Routes under the API that are not the widget's calls: the storefront's, the service's. */
const NOT_THE_WIDGETS = ['/api/csp', '/api/notifications'];

describe('the widget’s routes (the contract’s WIDGET_ROUTES)', () => {
  it('are the docs’ routes under the API, each once, beside the routes of others', () => {
    const documented = documentedPaths().filter((path) => path.startsWith(`${WIDGET_API}/`));
    const widgets = Object.values(WIDGET_ROUTES).map((path) => WIDGET_API + path);
    assert.deepEqual(
      documented.filter((path) => !NOT_THE_WIDGETS.includes(path)).sort(),
      widgets.sort(),
    );
  });
});
