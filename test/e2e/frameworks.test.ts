import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARDS, SENTENCES, Shopper, useWorld } from './helpers/demo.ts';

describe('framework users: the ESM build in an SPA, and React 19', () => {
  const suite = useWorld();

  it('the SPA imports the element, handles its events in code, and pays', async () => {
    const s = new Shopper(await suite.world.page(), suite.world);
    await s.open('/spa');
    await s.page.getByRole('button', { name: 'Buy the T-shirt' }).click();
    const element = s.page.locator('acquiring-checkout');
    assert.equal(await element.getByLabel('Email').inputValue(), 'ada@example.com', 'prefilled');
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    // The element says how it went; the app does not say it again.
    const paid = await s.outcome();
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
    assert.match(paid.order_no, /^tee\.spa-[0-9a-f]{8}-1$/);
    assert.ok(await element.isVisible(), 'the element stays, with its result');
    assert.doesNotMatch(await s.page.locator('main').innerText(), /authorised/, 'no status name');
    // Its events, folded away for developers.
    const log = s.page.locator('details', { has: s.page.locator('#event-log') });
    assert.equal(await log.getAttribute('open'), null);
    const events = await s.page
      .locator('#event-log li')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.event));
    for (const name of [
      'acquiring-ready',
      'acquiring-submit',
      'acquiring-frame-mounted',
      'acquiring-result',
    ])
      assert.ok(events.includes(name), `${name} in ${events.join(', ')}`);
    assert.deepEqual(await s.violations(), []);
    const ref = await element.evaluate((el) => (el as HTMLElement & { orderRef: string }).orderRef);
    await suite.merchant.agree(ref, 'authorised');
  });

  it('the React 19 example pays through the @lit/react wrapper', async () => {
    const s = new Shopper(await suite.world.page(), suite.world);
    await s.open('/react');
    const element = s.page.locator('acquiring-checkout');
    await element.getByLabel('Email').fill('ada@example.com');
    await element.getByLabel('First name').fill('Ada');
    await element.getByLabel('Last name').fill('Lovelace');
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    // The element says it to the shopper; the page only logs the event for developers.
    const paid = await s.outcome();
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
    await s.page
      .locator('#react-result li', { hasText: '"status":"authorised"' })
      .waitFor({ state: 'attached' });
    const ref = await element.evaluate((el) => (el as HTMLElement & { orderRef: string }).orderRef);
    assert.match(ref, /^poster\.react-/);
    await suite.merchant.agree(ref, 'authorised');
  });
});
