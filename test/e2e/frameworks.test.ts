import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARDS, Shopper, useWorld } from './helpers/demo.ts';

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
    const result = await s.page.locator('#spa-result').textContent();
    assert.match(String(result), /^Order tee\.spa-[0-9a-f]{8}-1: authorised$/);
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
    const ref = String(result).slice('Order '.length, String(result).lastIndexOf('-'));
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
    await s.page.locator('#react-result', { hasText: 'Payment authorised' }).waitFor();
    const ref = await element.evaluate((el) => (el as HTMLElement & { orderRef: string }).orderRef);
    assert.match(ref, /^poster\.react-/);
    await suite.merchant.agree(ref, 'authorised');
  });
});
