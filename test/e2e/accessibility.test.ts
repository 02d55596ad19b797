import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { violations } from './helpers/axe.ts';
import { Shopper, useWorld } from './helpers/demo.ts';

describe('the demo’s pages pass axe', () => {
  const suite = useWorld();

  it('the storefront with the checkout open, the SPA, the React page and the console', async () => {
    const shop = new Shopper(await suite.world.page(), suite.world);
    await shop.open('/');
    await shop.add('Enamel mug');
    await shop.checkout('card');
    assert.deepEqual(await violations(shop.page), [], 'storefront');
    for (const path of ['/spa', '/react']) {
      const page = new Shopper(await suite.world.page(), suite.world);
      await page.open(path);
      assert.deepEqual(await violations(page.page), [], path);
    }
    assert.deepEqual(await violations(suite.merchant.page), [], 'console');
  });

  it('a phone zoomed in to 200% (375 px, 188 CSS px wide) scrolls no page sideways', async () => {
    const page = await suite.world.page({ width: 188, height: 334 });
    const wider: string[] = [];
    for (const path of ['/', '/playground?mode=card', '/spa', '/react', '/console']) {
      await page.goto(suite.world.stack.storefrontUrl + path, { waitUntil: 'networkidle' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 188) wider.push(`${path} is ${width} px wide`);
    }
    assert.deepEqual(wider, []);
  });
});
