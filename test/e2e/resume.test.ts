/**
 * A reload during a payment, in Chromium on the demo storefront (script tag, strict CSP): the
 * element finds the attempt it saved and shows its outcome, or "Continue your payment", which
 * brings back the same attempt's page. The storefront keeps its open checkout across the reload.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until } from '../server/helpers/until.ts';
import { CARDS, Shopper, useWorld } from './helpers/demo.ts';

describe('as a shopper who reloads the storefront during a payment', () => {
  const suite = useWorld();

  /** A shopper on the storefront; its tab keeps every acquiring-result's detail across reloads. */
  async function shopper(): Promise<Shopper> {
    const s = new Shopper(await suite.world.page(), suite.world);
    await s.open();
    return s;
  }

  const results = (page: Page): Promise<Record<string, unknown>[]> =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('results') ?? '[]'));
  const element = (s: Shopper) => s.page.locator('acquiring-checkout');
  const continueButton = (s: Shopper) =>
    element(s).getByRole('button', { name: 'Continue your payment' });

  it('the payment page was open: Continue your payment, then it pays', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    await s.page.reload();

    await continueButton(s).waitFor();
    assert.equal(await element(s).locator('[part~="pay-button"]').count(), 0);
    assert.equal(await element(s).locator('input').count(), 0);
    await continueButton(s).click();
    await Shopper.payCard(s.frame, CARDS.success);
    // The same attempt (-1), not a second one.
    {
      const outcome = await s.outcome();
      assert.equal(outcome.status, 'authorised');
      assert.match(outcome.order_no, /-1$/);
    }
    assert.equal(
      (await element(s).locator('[part~="status"]').textContent())?.trim(),
      'Payment received.',
    );
    assert.equal((await results(s.page)).at(-1)?.['resumed'], true);
    await suite.merchant.agree(ref, 'authorised');
    assert.deepEqual(await s.violations(), []);
  });

  it('paid already: the paid state again, not a new form', async () => {
    const s = await shopper();
    await s.add('Organic T-shirt');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    assert.equal((await s.outcome()).status, 'authorised');
    await s.page.reload();

    const status = element(s).locator('[part~="status"]');
    await status.filter({ hasText: 'Payment received.' }).waitFor();
    assert.equal(await element(s).locator('[part~="pay-button"]').count(), 0);
    assert.equal(await element(s).locator('input').count(), 0);
    assert.equal(await continueButton(s).count(), 0);
    {
      const outcome = await s.outcome();
      assert.equal(outcome.status, 'authorised');
      assert.match(outcome.order_no, /-1$/);
    }
    const [first, again] = await results(s.page);
    assert.equal(first?.['resumed'], undefined);
    assert.deepEqual(again, { ...first, resumed: true });
    await suite.merchant.agree(ref, 'authorised');
  });

  it('declined while the page did not hear of it: the message, and Pay makes a new attempt', async () => {
    const s = await shopper();
    // The frame's way back says nothing (its script never loads): only the reload can tell.
    const returnScript = `${suite.world.stack.companionUrl}/assets/return.js`;
    let refused = false;
    await s.page.route(returnScript, (route) => {
      refused = true;
      return route.abort();
    });
    await s.add('Risograph poster');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.decline);
    await until(
      () => suite.world.storeStatus(ref),
      (status) => status === 'declined',
      {
        timeoutMs: 10_000,
        everyMs: 100,
        what: 'the companion’s order is declined',
      },
    );
    // The way back has asked for its script and been refused: let through later (a slow machine's
    // way back still loading), it would tell the page after all.
    await until(
      async () => refused,
      (done) => done,
      { timeoutMs: 10_000, everyMs: 50, what: 'the way back’s script refused' },
    );
    assert.deepEqual(await results(s.page), [], 'the page heard nothing');
    await s.page.unroute(returnScript);
    await s.page.reload();

    const status = element(s).locator('[part~="status"]');
    await status
      .filter({ hasText: 'The payment was declined.' })
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = await element(s)
          .innerText()
          .catch(() => 'no element');
        const saved = await s.page.evaluate(() => JSON.stringify({ ...sessionStorage }));
        throw new Error(`${String(error)}\nthe element shows: ${shown}\nsaved: ${saved}`);
      });
    assert.equal((await s.outcome()).status, 'declined', 'the reloaded page hears of it');
    assert.equal(await continueButton(s).count(), 0);
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    {
      const outcome = await s.outcome();
      assert.equal(outcome.status, 'authorised');
      assert.match(outcome.order_no, /-2$/);
    }
    await suite.merchant.agree(ref, 'authorised');
  });

  it('APM, back from the payment method without paying: Continue sends the shopper there again', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout('apm');
    await s.fillDetails();
    await s.pay();
    const issuer = `${suite.world.stack.sandboxUrl}/issuer/**`;
    await s.page.waitForURL(issuer);
    await s.page.goBack();

    await continueButton(s).click();
    await s.page.waitForURL(issuer);
    await s.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await s.page.waitForURL(`${suite.world.stack.storefrontUrl}/?acquiring_order_ref=${ref}`);
    {
      const outcome = await s.outcome();
      assert.ok(['authorised', 'captured'].includes(outcome.status), outcome.status);
      assert.match(outcome.order_no, /-1$/);
    }
    const status = (await suite.world.storeStatus(ref)) ?? '';
    await suite.merchant.agree(ref, status);
  });
});
