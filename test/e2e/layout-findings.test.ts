/**
 * Issue 35's findings the layout matrix (layout-forms, layout-states) does not measure, each as
 * the shopper met it on the demo storefront: auto mode's method choice above the CPF it decides,
 * the focus kept on Pay while paying, the real written one way, and the storefront's cart after
 * success and its Checkout button beside the element's Pay.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEFAULT_MERCHANT } from '../../server/sandbox/config.ts';
import { CARDS, Shopper, useWorld } from './helpers/demo.ts';
import { settled } from './layout/states.ts';

const element = (page: Page) => page.locator('acquiring-checkout');

/** The part that has the focus in the element, and whether the page's focus is the element. */
const focus = (page: Page) =>
  element(page).evaluate((el) => ({
    part: el.shadowRoot?.activeElement?.getAttribute('part') ?? null,
    inElement: document.activeElement === el,
  }));

describe('the findings of issue 35 beyond the matrix (demo storefront)', () => {
  const suite = useWorld();

  async function shopper(product: string, mode: 'card' | 'auto'): Promise<Shopper> {
    const s = new Shopper(await suite.world.page(), suite.world);
    await s.open();
    await s.add(product);
    await s.checkout(mode);
    await settled(s.page);
    return s;
  }

  it('auto mode: the way to pay comes before the fields it decides (PIX asks for a CPF)', async () => {
    const s = await shopper('Café do Cerrado, 1 kg', 'auto');
    await element(s.page).locator('input[name="payment_method"][value="PIX" i]').check();
    const cpf = element(s.page).locator('input[name="payer.document"]');
    await cpf.waitFor();
    // Where each stands among the shadow root's elements, in document order.
    const order = await element(s.page).evaluate((el) =>
      ['[part~="methods"]', '[name="payer.document"]', '[name="email"]'].map((selector) =>
        [...(el.shadowRoot?.querySelectorAll('*') ?? [])].indexOf(
          el.shadowRoot?.querySelector(selector) as Element,
        ),
      ),
    );
    const [methods = -1, document = -1, email = -1] = order;
    const before = [methods < document, methods < email];
    assert.deepEqual(before, [true, true], 'the choice, then the fields');
  });

  it('while "Paying…", the focus stays on Pay (not the page body)', async () => {
    const s = await shopper('Enamel mug', 'card');
    await s.fillDetails();
    const form = element(s.page);
    await form.getByLabel('Card number').fill('4111111111111111');
    await form.getByLabel('Expiry (MM / YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    // The service answers slowly: long enough to look at the form while it waits.
    await suite.world.admin('/faults', {
      merchant_id: DEFAULT_MERCHANT.merchant_id,
      delay_ms: 2_000,
    });
    try {
      await form.locator('[part~="pay-button"]').focus();
      await s.page.keyboard.press('Enter');
      await form.getByRole('button', { name: 'Paying…' }).waitFor();
      assert.deepEqual(await focus(s.page), { part: 'pay-button', inElement: true });
      // Pressed again meanwhile, it pays nothing more: one result.
      await s.page.keyboard.press('Enter');
      const paid = await s.outcome();
      assert.equal(paid.status, 'authorised');
      assert.equal((await s.results()).length, 1);
    } finally {
      await suite.world.admin('/faults', { merchant_id: DEFAULT_MERCHANT.merchant_id });
    }
  });

  it('the real is written one way in every locale the element ships: R$', async () => {
    const s = await shopper('Café do Cerrado, 1 kg', 'card');
    const locales = await element(s.page).evaluate(async (el) => {
      const { LOCALES } = (window as unknown as { AcquiringCheckout: { LOCALES: string[] } })
        .AcquiringCheckout;
      const said: Record<string, string> = {};
      for (const locale of LOCALES) {
        el.setAttribute('locale', locale);
        await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        said[locale] = el.shadowRoot?.querySelector('[part~="pay-button"]')?.textContent ?? '';
      }
      return said;
    });
    const other = Object.entries(locales).filter(
      ([, pay]) => !pay.includes('R$') || /BRL|BR\$/.test(pay),
    );
    assert.deepEqual(other, [], 'every Pay says R$');
    assert.ok(Object.keys(locales).length >= 28);
  });

  it('the storefront after success: no "Total $0.00" above the payment received', async () => {
    const s = await shopper('Enamel mug', 'card');
    await s.fillDetails();
    await element(s.page).getByLabel('Card number').fill(CARDS.success);
    await element(s.page).getByLabel('Expiry (MM / YY)').fill('12/30');
    await element(s.page).getByLabel('Security code').fill('123');
    await s.pay();
    assert.equal((await s.outcome()).status, 'authorised');
    assert.equal(await s.page.locator('.cart .total').isVisible(), false);
  });

  it('the storefront with the checkout open: Checkout steps back, Pay is the one blue button', async () => {
    const s = await shopper('Enamel mug', 'card');
    const look = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    const checkout = await look(s.page.getByRole('button', { name: 'Checkout' }));
    const pay = await look(element(s.page).locator('[part~="pay-button"]'));
    assert.notEqual(checkout, pay);
  });
});
