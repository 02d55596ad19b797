import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARDS, Merchant, picture, Shopper, startWorld, type World } from './helpers/demo.ts';

const DAY_MS = 86_400_000;

describe('as a merchant in the operations console', () => {
  let world: World;
  let merchant: Merchant;
  before(async () => {
    world = await startWorld();
    merchant = new Merchant(await world.page(), world);
    await merchant.open();
  });
  after(() => world.close());

  it('captures, refunds in part twice up to the full amount, and is refused a refund above the rest', async () => {
    const ref = await Shopper.buy(world, ['Enamel mug', 'Enamel mug', 'Organic T-shirt']);
    await merchant.agree(ref, 'authorised');

    assert.match(await merchant.act(ref, 'Capture'), /Capture .+: done/);
    await merchant.agree(ref, 'captured');
    assert.equal(await merchant.row(ref).locator('[data-field="captured"]').textContent(), '49.00');

    assert.match(await merchant.refund(ref, '10.00'), /Refund .+: done/);
    await merchant.agree(ref, 'partially_refunded');
    assert.equal(await merchant.row(ref).locator('[data-field="refunded"]').textContent(), '10.00');

    const refused = await merchant.refund(ref, '39.01');
    assert.match(refused, /Refund .+ refused: .+/);
    await merchant.agree(ref, 'partially_refunded');
    assert.equal(await merchant.row(ref).locator('[data-field="refunded"]').textContent(), '10.00');

    assert.match(await merchant.refund(ref, '39.00'), /Refund .+: done/);
    await merchant.agree(ref, 'refunded');
    assert.equal(await merchant.row(ref).locator('[data-field="refunded"]').textContent(), '49.00');

    // Refund search, in the console, finds both refunds at the service.
    const orderNo =
      (await merchant.row(ref).locator('[data-field="order_no"]').textContent()) ?? '';
    await merchant.page
      .locator('#refund-search-form')
      .getByLabel('Payment (order_no)')
      .fill(orderNo);
    await merchant.page.getByRole('button', { name: 'Search refunds' }).click();
    await merchant.message(`2 refunds for ${orderNo}`);
    const amounts = await merchant.page
      .locator('#refunds [data-field="refund_amount"]')
      .allTextContents();
    assert.deepEqual(amounts.sort(), ['10.00 USD', '39.00 USD']);
  });

  it('a refund amount that is not an amount is refused with the field named', async () => {
    const ref = await Shopper.buy(world, ['Risograph poster']);
    await merchant.agree(ref, 'authorised');
    await merchant.act(ref, 'Capture');
    await merchant.agree(ref, 'captured');
    const refused = await merchant.refund(ref, '1,50');
    assert.match(refused, /amount/);
    await merchant.agree(ref, 'captured');
  });

  it('cancels an authorised order', async () => {
    const ref = await Shopper.buy(world, ['Organic T-shirt']);
    await merchant.agree(ref, 'authorised');
    assert.match(await merchant.act(ref, 'Cancel'), /Cancel .+: done/);
    await merchant.agree(ref, 'cancelled');
  });

  it('approves a payment held for review', async () => {
    const ref = await Shopper.buy(world, ['Enamel mug'], CARDS.review);
    await merchant.agree(ref, 'review');
    assert.match(await merchant.act(ref, 'Approve'), /Approve .+: done/);
    await merchant.agree(ref, 'authorised');
  });

  it('cancels a subscription: no charge when the sandbox clock passes the next period', async () => {
    const cancelled = await Shopper.buy(world, ['Coffee, monthly']);
    const kept = await Shopper.buy(world, ['Coffee, monthly']);
    await merchant.agree(cancelled, 'authorised');
    await merchant.agree(kept, 'authorised');
    assert.match(
      await merchant.act(cancelled, 'Cancel subscription'),
      /Cancel subscription .+: done/,
    );
    await merchant.row(cancelled).getByText('subscription cancelled').waitFor();
    const again = merchant.row(cancelled).getByRole('button', { name: 'Cancel subscription' });
    assert.equal(await again.count(), 0, 'a cancelled subscription is not offered for cancelling');

    await world.admin('/clock', { advance_ms: 32 * DAY_MS });
    await world.admin('/tick', {});
    const charges = async (ref: string) => {
      const order = await world.stack.companion().context.store.order(ref);
      const [row] = (await world.query({ order_no: order?.order_no ?? '' })).orders;
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
    await merchant.refresh();
    await merchant
      .row(kept)
      .getByText(/notifications/)
      .click();
    await merchant
      .row(kept)
      .getByText(/subscription\.charged/)
      .waitFor();
    assert.equal(
      await merchant
        .row(cancelled)
        .getByText(/subscription\.charged/)
        .count(),
      0,
    );
  });

  it('sends a payout, which completes', async () => {
    const form = merchant.page.locator('#payout-form');
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Account number').fill('12345678');
    await form.getByLabel('Amount').fill('50.00');
    await form.getByLabel('Currency').fill('EUR');
    await form.getByRole('button', { name: 'Send payout' }).click();
    assert.match(await merchant.message('Payout'), /Payout \w+: [0-9a-f-]{36}/);
    const payout = merchant.page.locator('#payouts li').first();
    for (let i = 0; i < 50 && !/completed/.test((await payout.textContent()) ?? ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await merchant.refresh();
    }
    assert.match((await payout.textContent()) ?? '', /50\.00 EUR — completed/);
  });

  it('a payout with a malformed amount is refused, naming the field', async () => {
    const form = merchant.page.locator('#payout-form');
    await form.getByLabel('Amount').fill('fifty');
    await form.getByRole('button', { name: 'Send payout' }).click();
    assert.match(await merchant.message('Payout refused'), /payment_amount/);
  });

  it('the console, pictured with the orders above', async () => {
    await merchant.refresh();
    assert.ok((await merchant.page.locator('#orders tbody tr').count()) >= 6);
    await picture(merchant.page, 'console');
  });
});
