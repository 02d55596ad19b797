import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/chromium.ts';
import { startMerchantSite, type MerchantSite } from '../helpers/merchant-site.ts';
import { FOCUS_SCRIPT_HASH } from '../../../server/sandbox/pages.ts';
import { MERCHANT, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

describe('the pages a shopper sees, in Chromium', () => {
  let sandbox: RunningSandbox;
  let site: MerchantSite;
  let browser: Browser;
  let counter = 0;
  before(async () => {
    [sandbox, site, browser] = await Promise.all([
      startSandbox(),
      startMerchantSite(),
      launchChromium(),
    ]);
  });
  after(async () => {
    await browser.close();
    await site.close();
    await sandbox.close();
  });

  /** A page that fails fast instead of waiting out Playwright's 30 s default. */
  async function newPage(): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(5_000);
    return page;
  }

  /** Creates a checkout and opens its page as the shopper's browser would. */
  async function openCheckout(page: Page): Promise<string> {
    const order_no = `hp-${++counter}`;
    const checkout = await sandbox
      .client()
      .checkout({ order_no, currency: 'USD', amount: '25.00', return_url: `${site.url}/return` });
    site.pages.set(`/pay/${counter}`, checkout.html);
    await page.goto(`${site.url}/pay/${counter}`);
    await page.getByLabel('Card number').waitFor();
    return order_no;
  }

  async function payWith(page: Page, card: string, expiry = '12/30'): Promise<void> {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM/YY)').fill(expiry);
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
  }

  async function statusOf(orderNo: string): Promise<string | undefined> {
    return (await sandbox.client().query({ order_no: orderNo })).orders[0]?.payment_status;
  }

  it('hosted checkout: the success card returns the shopper to return_url, authorised', async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on(
      'console',
      (message) =>
        message.text().includes('Content Security Policy') && violations.push(message.text()),
    );
    const orderNo = await openCheckout(page);
    assert.equal(await page.getByTestId('amount').textContent(), '25.00 USD');
    await payWith(page, '4111 1111 1111 1111');
    await page.locator('#back').waitFor();
    const back = site.returns.at(-1);
    assert.equal(back?.get('order_no'), orderNo);
    assert.equal(back?.get('payment_status'), 'authorised');
    assert.match(back?.get('encryption_data') ?? '', /^[0-9a-f]{64}$/);
    assert.equal(await statusOf(orderNo), 'authorised');
    assert.deepEqual(violations, []);
    await page.close();
  });

  it('hosted checkout: the 3-D Secure card goes through its challenge', async () => {
    const page = await newPage();
    const orderNo = await openCheckout(page);
    await payWith(page, '4000000000003220');
    await page.getByLabel('Code sent to your phone').fill('1234');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('#back').waitFor();
    assert.equal(site.returns.at(-1)?.get('payment_status'), 'authorised');
    const [order] = (await sandbox.client().query({ order_no: orderNo })).orders;
    assert.equal(order?.is3ds, '1');
    await page.close();
  });

  it('hosted checkout: a wrong challenge code fails the payment', async () => {
    const page = await newPage();
    const orderNo = await openCheckout(page);
    await payWith(page, '4000000000003220');
    await page.getByLabel('Code sent to your phone').fill('0000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('#back').waitFor();
    assert.equal(await statusOf(orderNo), 'failed');
    await page.close();
  });

  it('hosted checkout: the decline card returns declined', async () => {
    const page = await newPage();
    const orderNo = await openCheckout(page);
    await payWith(page, '4000000000000002');
    await page.locator('#back').waitFor();
    assert.equal(site.returns.at(-1)?.get('payment_status'), 'declined');
    assert.equal(await statusOf(orderNo), 'declined');
    await page.close();
  });

  it('hosted checkout: an invalid form is shown again with its error, and nothing is charged', async () => {
    const page = await newPage();
    const orderNo = await openCheckout(page);
    await payWith(page, '4111111111111111', '13/30');
    assert.equal(await page.getByRole('alert').textContent(), 'Enter the expiry as MM/YY.');
    assert.equal(await statusOf(orderNo), 'pending');
    await page.close();
  });

  it('hosted checkout: cancel returns the shopper, cancelled', async () => {
    const page = await newPage();
    const orderNo = await openCheckout(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#back').waitFor();
    assert.equal(await statusOf(orderNo), 'cancelled');
    await page.close();
  });

  for (const [action, status] of [
    ['Pay', 'captured'],
    ['Cancel payment', 'cancelled'],
  ] as const) {
    it(`APM issuer page: ${action} returns the payer to return_url, ${status}`, async () => {
      const order_no = `apm-${++counter}`;
      const { issuer_url } = await sandbox.client().apmPayment({
        order_no,
        currency: 'BRL',
        amount: '40.00',
        payment_method: 'PIX',
        person: { document_number: '52998224725', document_type: 'CPF' },
        return_url: `${site.url}/return`,
      });
      const page = await newPage();
      await page.goto(issuer_url);
      await page.getByRole('button', { name: action, exact: true }).click();
      await page.locator('#back').waitFor();
      assert.equal(site.returns.at(-1)?.get('payment_status'), status);
      assert.equal(await statusOf(order_no), status);
      await page.close();
    });
  }

  it('the hosted page has a strict CSP of its own, and can refuse to be framed', async () => {
    const checkout = await sandbox.client().checkout({
      order_no: `csp-${++counter}`,
      currency: 'USD',
      amount: '1.00',
      return_url: `${site.url}/return`,
    });
    const path = `/hosted/${checkout.inputs.session_token}`;
    const csp = (await fetch(sandbox.url + path)).headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`form-action 'self' ${site.url}`));
    // One script, by its hash: the focus on a wrong field (pages.ts).
    assert.match(csp, new RegExp(`script-src '${FOCUS_SCRIPT_HASH.replace(/[+/]/g, '\\$&')}';`));
    assert.doesNotMatch(csp, /unsafe-inline/);
    await sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, deny_framing: true });
    const denied = await fetch(sandbox.url + path);
    assert.match(denied.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(denied.headers.get('x-frame-options'), 'DENY');
    await sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id });
  });
});
