import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAYMENT_STATUS, valuesOf, type GatewayClient } from '../../../server/gateway/index.ts';
import { PAYMENT_TRANSITIONS } from '../../../server/sandbox/state-machine.ts';
import { cardPayment, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

let counter = 0;

/** An order in the given state, made through the API as a merchant would. */
async function orderIn(
  client: GatewayClient,
  state: 'authorised' | 'review' | 'declined',
  amount = '10.00',
) {
  const order_no = `T-${++counter}`;
  const card =
    state === 'review'
      ? '4000000000009235'
      : state === 'declined'
        ? '4000000000000002'
        : '4111111111111111';
  const paid = await client.directPayment(cardPayment(order_no, card, amount));
  return { transaction_id: paid.transaction_id as string, order_no, currency: 'USD', amount };
}

describe('statuses and transitions', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  before(async () => {
    sandbox = await startSandbox();
    client = sandbox.client();
  });
  after(() => sandbox.close());

  it('lists every payment_status with its transitions', () => {
    assert.deepEqual(Object.keys(PAYMENT_TRANSITIONS).sort(), valuesOf(PAYMENT_STATUS).sort());
    for (const targets of Object.values(PAYMENT_TRANSITIONS)) {
      for (const target of targets) assert.ok(target in PAYMENT_STATUS);
    }
  });

  describe('legal', () => {
    it('authorised → captured (partial capture allowed) → partially refunded → refunded', async () => {
      const order = await orderIn(client, 'authorised');
      assert.equal(
        (await client.capture([{ ...order, amount: '8.00' }])).orders[0]?.capture_status,
        'success',
      );
      const refund = (refund_amount: string) => client.refund([{ ...order, refund_amount }]);
      assert.equal((await refund('3.00')).orders[0]?.refund_status, 'success');
      assert.equal(
        (await client.query({ order_no: order.order_no })).orders[0]?.payment_status,
        'partially_refunded',
      );
      assert.equal((await refund('5.00')).orders[0]?.refund_status, 'success');
      assert.equal(
        (await client.query({ order_no: order.order_no })).orders[0]?.payment_status,
        'refunded',
      );
    });

    it('authorised → cancelled', async () => {
      const order = await orderIn(client, 'authorised');
      assert.equal((await client.cancel([order])).orders[0]?.cancel_status, 'success');
      assert.equal(
        (await client.query({ order_no: order.order_no })).orders[0]?.payment_status,
        'cancelled',
      );
    });

    it('review → approved → authorised, and review → rejected → cancelled', async () => {
      const approve = await orderIn(client, 'review');
      const reject = await orderIn(client, 'review');
      const result = await client.review([
        { ...approve, review_flag: 'approve' },
        { ...reject, review_flag: 'reject' },
      ]);
      assert.deepEqual(
        result.orders.map((o) => o.review_status),
        ['approved', 'rejected'],
      );
      const statuses = (
        await client.query({ order_no: [approve.order_no, reject.order_no] })
      ).orders.map((o) => [o.order_no, o.payment_status]);
      assert.deepEqual(
        new Map(statuses as [string, string][]),
        new Map([
          [approve.order_no, 'authorised'],
          [reject.order_no, 'cancelled'],
        ]),
      );
    });
  });

  describe('illegal, refused per order with a clear error_message', () => {
    const cases: [string, (c: GatewayClient) => Promise<string | undefined>, RegExp][] = [
      ['capture after cancel', async (c) => {
        const order = await orderIn(c, 'authorised');
        await c.cancel([order]);
        return (await c.capture([order])).orders[0]?.error_message;
      }, /order is cancelled; it cannot be captured/],
      ['a second capture', async (c) => {
        const order = await orderIn(c, 'authorised');
        await c.capture([order]);
        return (await c.capture([order])).orders[0]?.error_message;
      }, /already captured/],
      ['capture above the authorised amount', async (c) => {
        const order = await orderIn(c, 'authorised');
        return (await c.capture([{ ...order, amount: '10.01' }])).orders[0]?.error_message;
      }, /capture of 10\.01 USD is above the authorised 10\.00 USD/],
      ['refund above what was captured minus refunded', async (c) => {
        const order = await orderIn(c, 'authorised');
        await c.capture([order]);
        await c.refund([{ ...order, refund_amount: '6.00' }]);
        return (await c.refund([{ ...order, refund_amount: '4.01' }])).orders[0]?.error_message;
      }, /refund of 4\.01 USD is above what is left to refund, 4\.00 USD/],
      ['refund before capture', async (c) => {
        const order = await orderIn(c, 'authorised');
        return (await c.refund([{ ...order, refund_amount: '1.00' }])).orders[0]?.error_message;
      }, /order is authorised; only a captured order can be refunded/],
      ['cancel after capture', async (c) => {
        const order = await orderIn(c, 'authorised');
        await c.capture([order]);
        return (await c.cancel([order])).orders[0]?.error_message;
      }, /order is captured; refund it instead of cancelling/],
      ['review of an order that is not under review', async (c) => {
        const order = await orderIn(c, 'authorised');
        return (await c.review([{ ...order, review_flag: 'approve' }])).orders[0]?.error_message;
      }, /order is authorised; only an order under review can be reviewed/],
      ['capture of a declined order', async (c) => {
        const order = await orderIn(c, 'declined');
        return (await c.capture([order])).orders[0]?.error_message;
      }, /order is declined; only an authorised order can be captured/],
      ['capture of an unknown order', async (c) => {
        return (await c.capture([{ transaction_id: 'TXNOPE', order_no: 'nope', currency: 'USD', amount: '1.00' }])).orders[0]?.error_message;
      }, /record not found/],
      ['cancel with the wrong amount', async (c) => {
        const order = await orderIn(c, 'authorised');
        return (await c.cancel([{ ...order, amount: '9.00' }])).orders[0]?.error_message;
      }, /amount 9\.00 does not match the order's 10\.00/],
    ]; // prettier-ignore
    for (const [name, run, message] of cases) {
      it(name, async () => {
        assert.match((await run(client)) ?? '', message);
      });
    }

    it('one failing order does not hide the others in its batch', async () => {
      const good = await orderIn(client, 'authorised');
      const result = await client.capture([
        { transaction_id: 'TXNOPE', order_no: 'x', currency: 'USD', amount: '1.00' },
        good,
      ]);
      assert.deepEqual(
        result.orders.map((o) => o.capture_status),
        ['failed', 'success'],
      );
    });
  });
});
