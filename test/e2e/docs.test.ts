/**
 * The docs site as the demo serves it at /docs, in Chromium: its pages pass axe on a wide screen
 * and on a phone, their tables of contents lead to their sections, and the search finds a page
 * from the header's form and as the words are typed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { violations } from './helpers/axe.ts';
import { startWorld, type World } from './helpers/demo.ts';

/** A page of each kind: home, a guide, the routes, both references, the pictures, search. */
const PAGES = [
  '',
  'getting-started.html',
  'companion/routes.html',
  'reference/element.html',
  'reference/gateway-api.html',
  'widget/gallery.html',
  'search.html?q=saved+cards',
];

describe('the docs at /docs', () => {
  let world: World;
  before(async () => (world = await startWorld()));
  after(() => world.close());
  const docs = (path: string) => `${world.stack.storefrontUrl}/docs/${path}`;

  for (const width of [1280, 375])
    it(`pass axe at ${width} px: no violation on any kind of page`, async () => {
      const page = await world.page({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(docs(path));
        if (path.startsWith('search')) await page.locator('#search-results li').first().waitFor();
        assert.deepEqual(await violations(page), [], path || 'home');
      }
    });

  it('lead from the table of contents to each section of a page', async () => {
    const page = await world.page();
    await page.goto(docs('companion/routes.html'));
    const links = page.locator('nav.toc a');
    assert.ok((await links.count()) > 10);
    const href = await links.nth(1).getAttribute('href');
    await links.nth(1).click();
    assert.equal(new URL(page.url()).hash, href);
    const heading = page.locator(`[id="${href!.slice(1)}"]`);
    assert.equal(await heading.evaluate((h) => h.tagName), 'H3');
    assert.ok(await heading.isVisible());
  });

  it('find a page by the header’s search, and again as the words change', async () => {
    const page = await world.page();
    await page.goto(docs('guides/payouts.html'));
    await page.getByLabel('Search', { exact: true }).fill('saved cards');
    await page.getByRole('button', { name: 'Go' }).click();
    const results = page.locator('#search-results li a');
    await results.first().waitFor();
    assert.match((await results.first().textContent()) ?? '', /Saved cards/);
    assert.match(await page.locator('#search-status').innerText(), /sections for “saved cards”/);
    await page.getByLabel('Words to find').fill('challenge_window_size');
    await page.locator('#search-status', { hasText: 'challenge_window_size' }).waitFor();
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.includes('companion/routes.html#post-apicheckout-sessions'), String(hrefs));
    await results.first().click();
    await page.waitForURL(/\/docs\/.+\.html/);
    assert.equal(new URL(page.url()).searchParams.get('q'), null);
  });
});
