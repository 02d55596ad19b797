import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CARDS, Shopper, useWorld } from './helpers/demo.ts';
import { picture, picturesDir } from './helpers/pictures.ts';

const DAY_MS = 86_400_000;

describe('as a merchant in the operations console', () => {
  const suite = useWorld();

  it('captures, refunds in part twice up to the full amount, and is refused a refund above the rest', async () => {
    const ref = await Shopper.buy(suite.world, ['Enamel mug', 'Enamel mug', 'Organic T-shirt']);
    await suite.merchant.agree(ref, 'authorised');

    // The order's detail: its items and the order data the payment was sent with.
    await suite.merchant
      .row(ref)
      .getByRole('button', { name: `Details of ${ref}` })
      .click();
    const detail = suite.merchant.page.locator('#order-detail');
    await detail.getByText('Item total').waitFor();
    assert.equal(await detail.locator('[data-field="Item total"]').textContent(), '49.00');
    assert.deepEqual(await detail.locator('#detail-items tbody td:first-child').allTextContents(), [
      'Enamel mug',
      'Organic T-shirt',
    ]);

    assert.match(await suite.merchant.act(ref, 'Capture'), /Capture .+: done/);
    await suite.merchant.agree(ref, 'captured');
    assert.equal(
      await suite.merchant.row(ref).locator('[data-field="captured"]').textContent(),
      '49.00',
    );

    assert.match(await suite.merchant.refund(ref, '10.00'), /Refund .+: done/);
    await suite.merchant.agree(ref, 'partially_refunded');
    assert.equal(
      await suite.merchant.row(ref).locator('[data-field="refunded"]').textContent(),
      '10.00',
    );

    const refused = await suite.merchant.refund(ref, '39.01');
    assert.match(
      refused,
      /Refund .+ refused: refund of 39\.01 USD is above what is left to refund, 39\.00/,
    );
    await suite.merchant.agree(ref, 'partially_refunded');
    assert.equal(
      await suite.merchant.row(ref).locator('[data-field="refunded"]').textContent(),
      '10.00',
    );

    assert.match(await suite.merchant.refund(ref, '39.00'), /Refund .+: done/);
    await suite.merchant.agree(ref, 'refunded');
    assert.equal(
      await suite.merchant.row(ref).locator('[data-field="refunded"]').textContent(),
      '49.00',
    );

    // The order's audit trail, in its detail (still open): who did what, when, for how much, and
    // what came of it, newest first, the service's refusal with its reason.
    const trail = detail.locator('#detail-audit tbody tr');
    const rows = await trail.evaluateAll((trs) =>
      trs.map((tr) =>
        ['who', 'what', 'amount', 'result'].map(
          (field) => tr.querySelector(`[data-field="${field}"]`)?.textContent,
        ),
      ),
    );
    assert.deepEqual(rows, [
      ['operations console', 'Refund', '39.00 USD', 'done (success)'],
      [
        'operations console',
        'Refund',
        '39.01 USD',
        'refused (failed): refund of 39.01 USD is above what is left to refund, 39.00 USD',
      ],
      ['operations console', 'Refund', '10.00 USD', 'done (success)'],
      ['operations console', 'Capture', '49.00 USD', 'done (success)'],
    ]);
    assert.match(
      (await trail.first().locator('[data-field="when"]').textContent()) ?? '',
      /\d{2}:\d{2}/,
    );
    // Pictured at a desktop's width and a phone's (docs/screenshots with npm run screenshots).
    for (const width of [1280, 375]) {
      await suite.merchant.page.setViewportSize({ width, height: 900 });
      await detail.screenshot({
        path: join(picturesDir('screenshots'), `console-audit-${width}.png`),
      });
    }
    await suite.merchant.page.setViewportSize({ width: 1280, height: 900 });

    // Refund search, in the console, finds both refunds at the service.
    const orderNo =
      (await suite.merchant.row(ref).locator('[data-field="order_no"]').textContent()) ?? '';
    await suite.merchant.page
      .locator('#refund-search-form')
      .getByLabel('Payment (order_no)')
      .fill(orderNo);
    await suite.merchant.page.getByRole('button', { name: 'Search refunds' }).click();
    await suite.merchant.message(`2 refunds for ${orderNo}`);
    const amounts = await suite.merchant.page
      .locator('#refunds [data-field="refund_amount"]')
      .allTextContents();
    assert.deepEqual(amounts.sort(), ['10.00 USD', '39.00 USD']);
  });

  it('a refund amount that is not an amount is refused with the field named', async () => {
    const ref = await Shopper.buy(suite.world, ['Risograph poster']);
    await suite.merchant.agree(ref, 'authorised');
    await suite.merchant.act(ref, 'Capture');
    await suite.merchant.agree(ref, 'captured');
    const refused = await suite.merchant.refund(ref, '1,50');
    assert.match(refused, /amount/);
    await suite.merchant.agree(ref, 'captured');
  });

  it('cancels an authorised order', async () => {
    const ref = await Shopper.buy(suite.world, ['Organic T-shirt']);
    await suite.merchant.agree(ref, 'authorised');
    assert.match(await suite.merchant.act(ref, 'Cancel'), /Cancel .+: done/);
    await suite.merchant.agree(ref, 'cancelled');
  });

  it('approves a payment held for review', async () => {
    const ref = await Shopper.buy(suite.world, ['Enamel mug'], CARDS.review);
    await suite.merchant.agree(ref, 'review');
    assert.match(await suite.merchant.act(ref, 'Approve'), /Approve .+: done/);
    await suite.merchant.agree(ref, 'authorised');
  });

  it('cancels a subscription: no charge when the sandbox clock passes the next period', async () => {
    const cancelled = await Shopper.buy(suite.world, ['Coffee, monthly']);
    const kept = await Shopper.buy(suite.world, ['Coffee, monthly']);
    await suite.merchant.agree(cancelled, 'authorised');
    await suite.merchant.agree(kept, 'authorised');
    assert.match(
      await suite.merchant.act(cancelled, 'Cancel subscription'),
      /Cancel subscription .+: done/,
    );
    await suite.merchant.row(cancelled).getByText('subscription cancelled').waitFor();
    const again = suite.merchant
      .row(cancelled)
      .getByRole('button', { name: 'Cancel subscription' });
    assert.equal(await again.count(), 0, 'a cancelled subscription is not offered for cancelling');

    await suite.world.admin('/clock', { advance_ms: 32 * DAY_MS });
    await suite.world.admin('/tick', {});
    const charges = async (ref: string) => {
      const order = await suite.world.stack.companion().context.store.orders.get(ref);
      const [row] = (await suite.world.query({ order_no: order?.order_no ?? '' })).orders;
      return row?.subscription_result;
    };
    assert.equal((await charges(cancelled))?.recurring_status, 'cancelled');
    assert.equal((await charges(cancelled))?.recurring_deduction_period, '1');
    assert.equal(
      (await charges(kept))?.recurring_deduction_period,
      '2',
      'the other one is charged',
    );
    // The charge's notification reaches the companion and shows in the console's history.
    await suite.merchant.refresh();
    await suite.merchant
      .row(kept)
      .getByText(/notifications/)
      .click();
    await suite.merchant
      .row(kept)
      .getByText(/subscription\.charged/)
      .waitFor();
    assert.equal(
      await suite.merchant
        .row(cancelled)
        .getByText(/subscription\.charged/)
        .count(),
      0,
    );
  });

  it('sends a payout, which completes', async () => {
    const form = suite.merchant.page.locator('#payout-form');
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Account number').fill('12345678');
    await form.getByLabel('Amount', { exact: true }).fill('50.00');
    await form.getByLabel("Beneficiary's currency").selectOption('EUR');
    await form.getByLabel('Paid from').selectOption('GBP');
    await form.getByRole('button', { name: 'Send payout' }).click();
    assert.match(await suite.merchant.message('Payout'), /Payout \w+: [0-9a-f-]{36}/);
    // 50.00 EUR is 42.93 GBP at the sandbox's test rates; the fee, 1.21 GBP, comes off the payment.
    assert.equal(
      await suite.merchant.page.locator('#payout-quote').textContent(),
      'Quote: we pay 42.93 GBP (fee 1.21 GBP); the beneficiary receives 48.59 EUR.',
    );
    const payout = suite.merchant.page.locator('#payouts li').first();
    for (let i = 0; i < 50 && !/completed/.test((await payout.textContent()) ?? ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await suite.merchant.refresh();
    }
    assert.match((await payout.textContent()) ?? '', /50\.00 EUR — completed/);
  });

  it('a payout with a malformed amount is refused, naming the field', async () => {
    const form = suite.merchant.page.locator('#payout-form');
    await form.getByLabel('Amount', { exact: true }).fill('fifty');
    await form.getByRole('button', { name: 'Send payout' }).click();
    assert.match(await suite.merchant.message('Payout refused'), /payment_amount/);
  });

  it('the console, pictured with the orders above', async () => {
    await suite.merchant.refresh();
    assert.ok((await suite.merchant.page.locator('#orders tbody tr').count()) >= 6);
    await picture(suite.merchant.page, 'console');
  });
});
