import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { Shopper, useWorld } from './helpers/demo.ts';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** axe-core's violations on the page, shadow roots included (evaluated outside the page's CSP). */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResult> } }).axe;
    type AxeResult = {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    const result = await axe.run(document);
    return result.violations.map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

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
});
