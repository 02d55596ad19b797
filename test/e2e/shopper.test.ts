import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MERCHANT } from '../../server/sandbox/config.ts';
import { CARDS, SENTENCES, Shopper, TEST_CPF, useWorld } from './helpers/demo.ts';
import { picture } from './helpers/pictures.ts';

describe('as a shopper on the demo storefront (script tag, strict CSP)', () => {
  const suite = useWorld();

  async function shopper(origin?: string): Promise<Shopper> {
    const shopper = new Shopper(await suite.world.page(), suite.world);
    await shopper.open('/', origin);
    return shopper;
  }

  it('pays on the hosted page in the frame with the success card, with no CSP violation', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    await s.add('Enamel mug');
    await s.add('Organic T-shirt');
    assert.equal(await s.page.locator('#cart-total').textContent(), '$49.00');
    const ref = await s.checkout('checkout');
    await s.fillDetails();
    await s.pay();
    await s.frame.getByLabel('Card number').fill(CARDS.success);
    await picture(s.page, 'storefront');
    await Shopper.payCard(s.frame, CARDS.success);
    const outcome = await s.outcome();
    assert.equal(outcome.status, 'authorised');
    // Settled: the result alone, nothing left to press.
    assert.equal(outcome.sentence, SENTENCES.paid);
    const element = s.page.locator('acquiring-checkout');
    assert.equal(await element.locator('[part~="pay-button"]').count(), 0);
    assert.equal(await element.locator('input').count(), 0);
    await suite.merchant.agree(ref, 'authorised');
    assert.equal(
      await suite.merchant.row(ref).locator('[data-field="amount"]').textContent(),
      '49.00 USD',
    );
    assert.deepEqual(await s.violations(), []);
  });

  it('a declined card, then another card on the next attempt', async () => {
    const s = await shopper();
    await s.add('Risograph poster');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.decline);
    const declined = await s.outcome();
    assert.match(declined.order_no, /-1$/);
    assert.equal(declined.status, 'declined');
    assert.equal(declined.sentence, SENTENCES.declined);
    const status = s.page.locator('acquiring-checkout [part~="status"]');
    // The next attempt may be prepared meanwhile (the form is still valid): asked of attempt 1.
    await suite.merchant.agree(ref, 'declined', { attempt: declined.order_no });

    await s.pay();
    // The new attempt's frame, and no word left of the last one.
    await s.frame.getByLabel('Card number').waitFor();
    assert.equal(await status.count(), 0);
    await Shopper.payCard(s.frame, CARDS.success);
    const paid = await s.outcome();
    assert.match(paid.order_no, /-2$/);
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
    await suite.merchant.agree(ref, 'authorised');
  });

  it('cancelled on the hosted page: its own outcome, and the next attempt pays', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await s.frame.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = await s.outcome();
    assert.match(cancelled.order_no, /-1$/);
    assert.deepEqual([cancelled.status, cancelled.sentence], ['cancelled', SENTENCES.cancelled]);
    await suite.merchant.agree(ref, 'cancelled', { attempt: cancelled.order_no });
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    const paid = await s.outcome();
    assert.match(paid.order_no, /-2$/);
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
  });

  it('the 3-D Secure card through its challenge', async () => {
    const s = await shopper();
    await s.add('Organic T-shirt');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.challenge);
    await s.frame.getByLabel('Code sent to your phone').fill('1234');
    await s.frame.getByRole('button', { name: 'Confirm' }).click();
    assert.deepEqual(await said(s), ['authorised', SENTENCES.paid]);
    await suite.merchant.agree(ref, 'authorised');
  });

  it('a payment held for review', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.review);
    assert.deepEqual(await said(s), ['review', SENTENCES.review]);
    await suite.merchant.agree(ref, 'review');
  });

  it('APM: PIX with the payer’s CPF, paid at the payment method, back with the result', async () => {
    const s = await shopper();
    // PIX is for an order in reais: the storefront's APM for a cart in BRL.
    await s.add('Café do Cerrado');
    const ref = await s.checkout('apm');
    await s.fillDetails();
    const cpf = s.page.locator('acquiring-checkout').getByLabel('CPF');
    assert.equal(await cpf.inputValue(), TEST_CPF);
    await s.pay();
    await s.atIssuer('Pay', ref);
    const outcome = await s.outcome();
    assert.match(outcome.status, /^(authorised|captured)$/);
    assert.equal(outcome.sentence, SENTENCES.paid);
    const [redirect] = await s.redirects();
    assert.equal(redirect?.reason, 'apm');
    assert.match(String(redirect?.url), new RegExp(`^${suite.world.stack.sandboxUrl}/issuer/`));
    // The service got the payer's document, digits only, as PIX needs it.
    const atService = (await suite.world.admin(`/orders/${outcome.order_no}`)) as {
      payment_method: string;
      details: Record<string, unknown>;
    };
    assert.equal(atService.payment_method, 'PIX');
    assert.deepEqual(atService.details.person, {
      document_number: '52998224725',
      document_type: 'CPF',
    });
    const status = (await suite.world.storeStatus(ref)) ?? '';
    await suite.merchant.agree(ref, status);
  });

  it('APM: a CPF whose check digits are wrong is refused in the page, and nothing is sent', async () => {
    const s = await shopper();
    await s.add('Café do Cerrado');
    await s.checkout('apm');
    await s.fillDetails();
    const form = s.page.locator('acquiring-checkout');
    await form.getByLabel('CPF').fill('52998224724');
    assert.equal(await form.getByLabel('CPF').inputValue(), '529.982.247-24', 'grouped as typed');
    const sent: string[] = [];
    s.page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.url());
    });
    await s.pay();
    await form.getByText('Enter a valid CPF (000.000.000-00).').waitFor();
    assert.equal(await form.getByLabel('CPF').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(sent, []);
    assert.equal(s.page.url(), `${suite.world.stack.storefrontUrl}/`);
  });

  it('APM: cancelled at the payment method', async () => {
    const s = await shopper();
    await s.add('Enamel mug');
    const ref = await s.checkout('apm');
    await s.fillDetails();
    await s.pay();
    await s.atIssuer('Cancel payment', ref);
    // Cancelled is its own outcome, end to end: the service, the companion, the element.
    const outcome = await s.outcome();
    assert.deepEqual([outcome.status, outcome.sentence], ['cancelled', SENTENCES.cancelled]);
    await suite.merchant.agree(ref, 'cancelled');
    const order = await suite.world.stack.companion().context.store.orders.get(ref);
    assert.match(String(order?.result_info), /Cancelled by the payer/);
  });

  it('card mode: the card fields in the element', async () => {
    const s = await shopper();
    await s.add('Risograph poster');
    const ref = await s.checkout('card');
    await s.fillDetails();
    const form = s.page.locator('acquiring-checkout');
    await form.getByLabel('Card number').fill('4111111111111111');
    assert.equal(await form.getByLabel('Card number').inputValue(), '4111 1111 1111 1111');
    await form.getByLabel('Expiry (MM / YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    await s.pay();
    assert.deepEqual(await said(s), ['authorised', SENTENCES.paid]);
    await suite.merchant.agree(ref, 'authorised');
  });

  it('a subscription bought', async () => {
    const s = await shopper();
    await s.add('Coffee, monthly');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    assert.deepEqual(await said(s), ['authorised', SENTENCES.paid]);
    await suite.merchant.agree(ref, 'authorised');
    const order = await suite.world.stack.companion().context.store.orders.get(ref);
    assert.match(String(order?.recurring_id), /^RC/);
    await suite.merchant.row(ref).getByRole('button', { name: 'Cancel subscription' }).waitFor();
  });

  it('a double click on Pay sends one request and makes one payment', async () => {
    const s = await shopper();
    const sessions: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().endsWith('/api/checkout-sessions')) sessions.push(r.method());
    });
    await s.add('Enamel mug');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.page.locator('acquiring-checkout').getByRole('button', { name: 'Pay' }).dblclick();
    await Shopper.payCard(s.frame, CARDS.success);
    const outcome = await s.outcome();
    assert.match(outcome.order_no, /-1$/);
    assert.equal(outcome.status, 'authorised');
    assert.deepEqual(sessions, ['POST']);
    await suite.merchant.agree(ref, 'authorised');
  });

  it('from another site than the companion’s (localhost vs 127.0.0.1): CORS and postMessage hold', async () => {
    const port = new URL(suite.world.stack.storefrontUrl).port;
    const s = await shopper(`http://localhost:${port}`);
    await s.add('Enamel mug');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    assert.deepEqual(await said(s), ['authorised', SENTENCES.paid]);
    const order = await suite.world.stack.companion().context.store.orders.get(ref);
    assert.equal(order?.storefront_origin, `http://localhost:${port}`);
    assert.notEqual(new URL(suite.world.stack.companionUrl).hostname, 'localhost');
    assert.deepEqual(await s.violations(), []);
  });

  it('when the payment page refuses the frame, the widget redirects and resumes on return', async () => {
    const s = await shopper();
    await suite.world.admin('/faults', {
      merchant_id: DEFAULT_MERCHANT.merchant_id,
      deny_framing: true,
    });
    try {
      await s.add('Organic T-shirt');
      const ref = await s.checkout();
      await s.fillDetails();
      await s.pay();
      await s.page.waitForURL(`${suite.world.stack.sandboxUrl}/hosted/**`);
      await Shopper.payCard(s.page, CARDS.success);
      await s.page.waitForURL(`${suite.world.stack.storefrontUrl}/?acquiring_order_ref=${ref}`);
      assert.deepEqual(await said(s), ['authorised', SENTENCES.paid]);
      const [redirect] = await s.redirects();
      assert.equal(redirect?.reason, 'frame-fallback');
      assert.match(String(redirect?.url), new RegExp(`^${suite.world.stack.companionUrl}/pay/`));
      await suite.merchant.agree(ref, 'authorised');
    } finally {
      await suite.world.admin('/faults', { merchant_id: DEFAULT_MERCHANT.merchant_id });
    }
  });

  it('the companion restarted in the middle of a payment: nothing lost, the notification lands', async () => {
    const s = await shopper();
    await s.add('Risograph poster');
    const ref = await s.checkout();
    await s.fillDetails();
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    const orderNo =
      (await suite.world.stack.companion().context.store.orders.get(ref))?.order_no ?? '';
    await suite.world.stack.restartCompanion(async () => {
      // The shopper pays while the companion is down: the sandbox's notification fails and is
      // retried, and the frame's way back cannot load.
      await Shopper.payCard(s.frame, CARDS.success);
      await waitFor(async () => (await suite.world.serviceStatus(orderNo)) === 'authorised');
      // The frame's way back tried, and failed, before the companion is back (on a slow machine
      // it was tried after, loaded, and the element had its outcome with no frame to reload).
      await waitFor(async () => s.page.frames().some((f) => f.url().startsWith('chrome-error:')));
    });
    await suite.merchant.agree(ref, 'authorised');
    // The shopper reloads the frame's way back, now that the companion answers again.
    const frame = await (
      await s.page.locator('acquiring-checkout iframe').elementHandle()
    )?.contentFrame();
    await frame?.goto(`${suite.world.stack.companionUrl}/return/checkout/${ref}`);
    assert.deepEqual(await said(s), ['authorised', SENTENCES.paid]);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The next result's status and the sentence the shopper reads. */
async function said(s: Shopper): Promise<[string, string]> {
  const outcome = await s.outcome();
  return [outcome.status, outcome.sentence];
}
