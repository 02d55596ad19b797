import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OPS_TOKEN, PAYOUT, sessionBody, type Stack, startStack } from '../helpers/companion.ts';

describe('the operations API', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  /** An order paid on the hosted page and authorised, as a shopper would leave it. */
  async function paidOrder(
    ref: string,
    card = '4111111111111111',
  ): Promise<{ status_token: string }> {
    const created = await stack.widget('/checkout-sessions', sessionBody(ref));
    await stack.payHosted(String(created.body.frame_url), card);
    await stack.waitForStatus(ref, card === '4000000000009235' ? 'review' : 'authorised');
    return { status_token: String(created.body.status_token) };
  }

  const atService = async (ref: string) =>
    (await stack.sandbox.client().query({ order_no: `${ref}-1` })).orders[0]?.payment_status;
  const inStore = async (ref: string) =>
    (await stack.companion.companion.context.store.orders.get(ref))?.status;

  it('needs its bearer token; a widget status token never opens it', async () => {
    const { status_token } = await paidOrder('mug.o1');
    assert.equal((await stack.ops('/orders', undefined, { authorization: '' })).status, 401);
    assert.equal(
      (await stack.ops('/orders', undefined, { authorization: `Bearer ${status_token}` })).status,
      401,
    );
    assert.equal(
      (await stack.ops('/orders', undefined, { authorization: `Bearer ${OPS_TOKEN}` })).status,
      200,
    );
  });

  it('capture, a partial refund, a second up to the full amount, and one above the rest refused', async () => {
    await paidOrder('tee.o2');
    const captured = await stack.ops('/capture', { orders: [{ order_ref: 'tee.o2' }] });
    assert.deepEqual([captured.status, captured.body.ok], [200, true]);
    assert.equal(
      (captured.body.orders as { capture_status: string }[])[0]?.capture_status,
      'success',
    );
    assert.deepEqual(
      [await inStore('tee.o2'), await atService('tee.o2')],
      ['captured', 'captured'],
    );

    const refund = (amount: string) =>
      stack.ops('/refund', { orders: [{ order_ref: 'tee.o2', amount, reason: 'damaged' }] });
    assert.equal(
      ((await refund('10.00')).body.orders as { refund_status: string }[])[0]?.refund_status,
      'success',
    );
    assert.deepEqual(
      [await inStore('tee.o2'), await atService('tee.o2')],
      ['partially_refunded', 'partially_refunded'],
    );
    const refused = await refund('15.01');
    const above = refused.body.orders as { refund_status: string; error_message: string }[];
    assert.equal(above[0]?.refund_status, 'failed');
    assert.equal(refused.body.ok, false, 'every order refused: not ok, though the call succeeded');
    assert.match(above[0]?.error_message ?? '', /above what is left to refund, 15\.00 USD/);
    assert.equal(
      ((await refund('15.00')).body.orders as { refund_status: string }[])[0]?.refund_status,
      'success',
    );
    assert.deepEqual(
      [await inStore('tee.o2'), await atService('tee.o2')],
      ['refunded', 'refunded'],
    );

    const search = await stack.ops('/refund-search', { order_no: 'tee.o2-1' });
    assert.deepEqual(
      (search.body.orders as { refund_amount: string }[]).map((r) => r.refund_amount).sort(),
      ['10.00', '15.00'],
    );
  });

  it('cancel of an authorised order', async () => {
    await paidOrder('mug.o3');
    const cancelled = await stack.ops('/cancel', { orders: [{ order_ref: 'mug.o3' }] });
    assert.equal(
      (cancelled.body.orders as { cancel_status: string }[])[0]?.cancel_status,
      'success',
    );
    assert.deepEqual(
      [await inStore('mug.o3'), await atService('mug.o3')],
      ['cancelled', 'cancelled'],
    );
  });

  it('review approve', async () => {
    await paidOrder('mug.o4', '4000000000009235');
    const reviewed = await stack.ops('/review', {
      orders: [{ order_ref: 'mug.o4', decision: 'approve' }],
    });
    assert.equal(
      (reviewed.body.orders as { review_status: string }[])[0]?.review_status,
      'approved',
    );
    assert.deepEqual(
      [await inStore('mug.o4'), await atService('mug.o4')],
      ['authorised', 'authorised'],
    );
  });

  it('subscription cancel', async () => {
    await paidOrder('coffee.o5');
    await stack.companion.companion.reconcile();
    const order = await stack.companion.companion.context.store.orders.get('coffee.o5');
    assert.match(order?.recurring_id ?? '', /^RC/);
    const cancelled = await stack.ops('/cancel-subscription', { order_ref: 'coffee.o5' });
    assert.equal(cancelled.body.cancel_status, 'success');
    const store = stack.companion.companion.context.store;
    assert.equal((await store.orders.get('coffee.o5'))?.subscription_status, 'cancelled');
  });

  it('a subscription.cancelled notification (no order_no, a recurring_id) marks the order', async () => {
    await paidOrder('coffee.o7');
    await stack.companion.companion.reconcile();
    const store = stack.companion.companion.context.store;
    const order = await store.orders.get('coffee.o7');
    assert.equal(order?.subscription_status, null);
    // Cancelled at the service behind the companion's back: the notification tells it.
    const client = stack.sandbox.client();
    await client.cancelSubscription({
      recurring_id: order?.recurring_id ?? '',
      contract_name: order?.contract_name ?? '',
    });
    for (let i = 0; i < 100 && !(await store.orders.get('coffee.o7'))?.subscription_status; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await store.orders.get('coffee.o7'))?.subscription_status, 'cancelled');
  });

  it('query through the service', async () => {
    await paidOrder('poster.o6');
    const result = await stack.ops('/query', { order_no: 'poster.o6-1' });
    assert.equal(
      (result.body.orders as { payment_status: string }[])[0]?.payment_status,
      'authorised',
    );
  });

  it('lists orders with their history', async () => {
    const listed = await stack.ops('/orders');
    const order = (
      listed.body.orders as {
        order_ref: string;
        amount: string;
        history: unknown[];
        status_token_hash?: string;
      }[]
    ).find((o) => o.order_ref === 'mug.o1');
    assert.equal(order?.amount, '12.00');
    assert.ok((order?.history.length ?? 0) >= 1);
    assert.equal(order?.status_token_hash, undefined);
  });

  describe('Idempotency-Key', () => {
    it('replays the stored answer for the same key and body, and refuses another body', async () => {
      await paidOrder('mug.i1');
      const body = { orders: [{ order_ref: 'mug.i1' }] };
      const first = await stack.ops('/capture', body, { 'idempotency-key': 'capture-mug-i1' });
      const again = await stack.ops('/capture', body, { 'idempotency-key': 'capture-mug-i1' });
      assert.deepEqual(again.body, first.body);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      const other = await stack.ops(
        '/capture',
        { orders: [{ order_ref: 'mug.i1', amount: '1.00' }] },
        { 'idempotency-key': 'capture-mug-i1' },
      );
      assert.equal(other.status, 422);
    });

    it('answers a concurrent duplicate with 409', async () => {
      await paidOrder('mug.i2');
      await stack.sandbox.admin('/faults', { merchant_id: 'sandbox-merchant', delay_ms: 300 });
      try {
        const body = { orders: [{ order_ref: 'mug.i2' }] };
        const [a, b] = await Promise.all([
          stack.ops('/capture', body, { 'idempotency-key': 'capture-mug-i2' }),
          new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
            stack.ops('/capture', body, { 'idempotency-key': 'capture-mug-i2' }),
          ),
        ]);
        assert.deepEqual([a.status, b.status], [200, 409]);
      } finally {
        await stack.sandbox.admin('/faults', { merchant_id: 'sandbox-merchant' });
      }
    });
  });

  describe('payouts', () => {
    const payout = PAYOUT;

    it('need an Idempotency-Key', async () => {
      assert.equal((await stack.ops('/payouts', payout)).status, 400);
    });

    it('create one payout; a retry after a lost answer reuses its request_id', async () => {
      await stack.sandbox.admin('/faults', {
        merchant_id: 'sandbox-merchant',
        drop_after_acting: 3,
      });
      const lost = await stack.ops('/payouts', payout, { 'idempotency-key': 'payout-ada-1' });
      assert.equal(lost.status, 503);
      await stack.sandbox.admin('/faults', { merchant_id: 'sandbox-merchant' });
      const retried = await stack.ops('/payouts', payout, { 'idempotency-key': 'payout-ada-1' });
      assert.equal(retried.status, 201);
      const count = stack.sandbox.sandbox.engine.store.db
        .prepare('SELECT count(*) AS n FROM payouts')
        .get() as { n: number };
      assert.equal(count.n, 1);
      const stored = await stack.companion.companion.context.store.payouts.recent(10);
      assert.deepEqual(
        stored.map((p) => p.request_id),
        [retried.body.request_id],
      );
    });

    it('in another currency: the answer and the list carry the quote as decimal strings', async () => {
      const body = { ...PAYOUT, source_currency: 'GBP', fee_paid_by: 'PAYER', reference: 'fx-1' };
      const sent = await stack.ops('/payouts', body, { 'idempotency-key': 'payout-fx-1' });
      assert.equal(sent.status, 201);
      const quote = {
        source_amount: '42.93',
        source_currency: 'GBP',
        payment_amount: '50.00',
        payment_currency: 'EUR',
        fee_amount: '1.21',
        fee_currency: 'GBP',
        amount_payer_pays: '44.14',
        amount_beneficiary_receives: '50.00',
      };
      assert.deepEqual(sent.body.amounts, quote);
      const listed = await stack.ops('/payouts?reference=fx-1');
      assert.deepEqual((listed.body.payouts as { amounts: unknown }[])[0]?.amounts, quote);
    });

    it('a source amount instead: the service quotes what the beneficiary receives', async () => {
      // 100.00 USD is 92.00 EUR; the fee of 1.50 USD is 1.38 EUR, which the beneficiary bears.
      const { payment_amount: _, ...rest } = PAYOUT;
      const body = { ...rest, source_amount: '100.00', source_currency: 'USD' };
      const sent = await stack.ops('/payouts', body, { 'idempotency-key': 'payout-fx-2' });
      assert.equal(sent.status, 201);
      const amounts = sent.body.amounts as Record<string, string>;
      assert.deepEqual(
        [amounts.payment_amount, amounts.amount_beneficiary_receives],
        ['92.00', '90.62'],
      );
    });

    for (const [what, change, field] of [
      ['both amounts', { source_amount: '10.00' }, 'payment_amount'],
      ['neither amount', { payment_amount: undefined }, 'payment_amount'],
      ['a malformed source currency', { source_currency: 'gbp' }, 'source_currency'],
      [
        'a source amount with too many decimals',
        { payment_amount: undefined, source_amount: '1.001', source_currency: 'USD' },
        'source_amount',
      ],
    ] as const) {
      it(`${what} is refused with 400 naming ${field}`, async () => {
        const answer = await stack.ops(
          '/payouts',
          { ...PAYOUT, ...change },
          { 'idempotency-key': `payout-bad-${field}-${what.length}` },
        );
        assert.equal(answer.status, 400);
        assert.match(String(answer.body.detail), new RegExp(`^${field}:|; ${field}:`));
      });
    }

    it('a currency the service has no rate for is its refusal: 422 naming the field, not retryable', async () => {
      const answer = await stack.ops(
        '/payouts',
        { ...PAYOUT, source_currency: 'CHF' },
        { 'idempotency-key': 'payout-fx-chf' },
      );
      assert.equal(answer.status, 422);
      assert.match(String(answer.body.detail), /^source_currency: /);
      assert.equal(answer.body.retryable, false);
    });
  });
});
