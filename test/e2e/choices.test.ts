/**
 * What the companion's order summary lets the shopper see and choose on the demo storefront
 * (script tag, strict CSP): the amount on Pay, instalments for an order in reais (paid in 3 on
 * the hosted page, which the service records), and "Choose at checkout" (mode="auto"): the ways
 * to pay as the companion ranked them for the shopper, each paying by its own flow.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARDS, SENTENCES, Shopper, useWorld } from './helpers/demo.ts';
import { join } from 'node:path';
import { picturesDir } from './helpers/pictures.ts';

const CAFE = 'Café do Cerrado, 1 kg';

describe('as a shopper choosing how to pay on the demo storefront', () => {
  const suite = useWorld();

  const shopper = suite.shopper;

  const element = (s: Shopper) => s.page.locator('acquiring-checkout');
  /** Pictures the storefront's cart, with the element in it, for the docs (docs/screenshots). */
  const picture = (s: Shopper, name: string) =>
    s.page.locator('.cart').screenshot({ path: join(picturesDir('screenshots'), `${name}.png`) });
  const payButton = (s: Shopper) => element(s).locator('[part~="pay-button"]');
  /** The ways to pay the element offers, in its order. */
  const methods = (s: Shopper) => element(s).locator('[part~="method"]').allTextContents();

  /** The shopper's details, with a billing address in `country`. */
  async function fillDetails(s: Shopper, country: string): Promise<void> {
    const form = element(s);
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Country').selectOption(country);
    await form.getByLabel('City').fill('São Paulo');
    await form.getByLabel('Address').fill('Avenida Paulista 1000');
    await form.getByLabel('Postal code').fill('01310-100');
  }

  /** The sandbox's record of a payment (its admin route: the test stack turns it on). */
  async function serviceRecord(orderNo: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${suite.world.stack.sandboxUrl}/admin/orders/${orderNo}`);
    return (await response.json()) as Record<string, unknown>;
  }

  /** The companion's record of an order, from its operations API. */
  async function opsOrder(ref: string): Promise<{ details?: Record<string, unknown> }> {
    const { companionUrl, operationsToken } = suite.world.stack;
    const response = await fetch(`${companionUrl}/api/ops/orders/${ref}`, {
      headers: { authorization: `Bearer ${operationsToken}` },
    });
    return (await response.json()) as { details?: Record<string, unknown> };
  }

  it('pays an order in reais in 3 instalments on the hosted page; the service records 3', async () => {
    const s = await shopper();
    await s.add(CAFE);
    assert.equal(await s.page.locator('#cart-total').textContent(), 'R$89.90');
    const ref = await s.checkout('checkout');
    await payButton(s).filter({ hasText: 'Pay R$89.90' }).waitFor();
    const select = element(s).getByLabel('Pay in instalments');
    assert.equal(await select.inputValue(), '1', 'a single payment unless the shopper chooses');
    const options = await select.locator('option').allTextContents();
    assert.deepEqual(
      options.map((text) => text.trim()),
      ['R$89.90 in one payment', '2 × R$44.95', '3 × R$29.96', '6 × R$14.98', '12 × R$7.49'],
    );
    await fillDetails(s, 'BR');
    await select.selectOption('3');
    const note = element(s).locator('[part="instalment-note"]');
    assert.equal((await note.textContent())?.trim(), '3 × R$29.96 (first R$29.98)');
    await picture(s, 'instalments');
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    const outcome = await s.outcome();
    assert.deepEqual([outcome.status, outcome.sentence], ['authorised', SENTENCES.paid]);
    const [order] = (await suite.world.query({ order_no: outcome.order_no })).orders;
    assert.deepEqual([order?.installments, order?.installments_id], ['3', 'BRL-3']);
    assert.equal((await opsOrder(ref)).details?.installments, '3');
    const record = await serviceRecord(outcome.order_no);
    assert.equal((record.details as Record<string, unknown>).installments, '3');
    await suite.merchant.agree(ref, 'authorised');
    assert.deepEqual(await s.violations(), []);
  });

  it('Choose at checkout, on a phone in Brazil: PIX first; a bank transfer chosen is paid at the bank', async () => {
    const s = await shopper({ width: 375, height: 812 });
    await s.add(CAFE);
    const ref = await s.checkout('auto');
    await fillDetails(s, 'BR');
    await element(s).locator('[part~="method"]').first().waitFor();
    assert.deepEqual(await methods(s), ['PIX', 'Card', 'Bank transfer']);
    assert.ok(await element(s).getByLabel('PIX').isChecked(), 'the first, chosen');
    await picture(s, 'methods-phone');
    await element(s).getByLabel('Bank transfer').check();
    assert.equal(
      await element(s).getByLabel('Pay in instalments').count(),
      0,
      'not for a transfer',
    );
    await s.pay();
    await s.atIssuer('Pay', ref);
    const outcome = await s.outcome();
    assert.match(outcome.status, /^(authorised|captured)$/);
    const [redirect] = await s.redirects();
    assert.equal(redirect?.reason, 'apm');
    assert.equal((await serviceRecord(outcome.order_no)).payment_method, 'BANK_TRANSFER');
    await suite.merchant.agree(ref, (await suite.world.storeStatus(ref)) ?? '');
  });

  it('Choose at checkout, on a desktop in Brazil: PIX, the card (in instalments), a transfer', async () => {
    const s = await shopper();
    await s.add(CAFE);
    await s.checkout('auto');
    await fillDetails(s, 'BR');
    await element(s).locator('[part~="method"]').first().waitFor();
    assert.deepEqual(await methods(s), ['PIX', 'Card', 'Bank transfer']);
    await element(s).getByLabel('Card', { exact: true }).check();
    await element(s).getByLabel('Pay in instalments').selectOption('2');
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    const outcome = await s.outcome();
    assert.equal(outcome.status, 'authorised');
    const [order] = (await suite.world.query({ order_no: outcome.order_no })).orders;
    assert.equal(order?.installments, '2');
  });

  it('Choose at checkout: the card’s session started before Pay gives way to a transfer chosen after it', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout('auto');
    // The card comes first: once the form is valid, the element starts its checkout session.
    const prepared = s.page.waitForResponse((r) => r.url().includes('/api/checkout-sessions'));
    await fillDetails(s, 'US');
    assert.equal((await prepared).status(), 201);
    await element(s).getByLabel('Bank transfer').check();
    await s.pay();
    await s.atIssuer('Pay', ref);
    const outcome = await s.outcome();
    assert.match(outcome.status, /^(authorised|captured)$/);
    assert.equal(outcome.order_no, `${ref}-2`, 'the unopened checkout was replaced');
    assert.equal((await serviceRecord(outcome.order_no)).payment_method, 'BANK_TRANSFER');
    await suite.merchant.agree(ref, (await suite.world.storeStatus(ref)) ?? '');
  });

  it('Choose at checkout, on a desktop in the United States: the card first, paid on the hosted page', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout('auto');
    await fillDetails(s, 'US');
    await element(s).locator('[part~="method"]').first().waitFor();
    assert.deepEqual(await methods(s), ['Card', 'Bank transfer']);
    assert.ok(await element(s).getByLabel('Card', { exact: true }).isChecked());
    assert.equal(
      await payButton(s)
        .textContent()
        .then((t) => t?.trim()),
      'Pay $12.00',
    );
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    const outcome = await s.outcome();
    assert.deepEqual([outcome.status, outcome.sentence], ['authorised', SENTENCES.paid]);
    await suite.merchant.agree(ref, 'authorised');
    assert.deepEqual(await s.violations(), []);
  });
});
