/**
 * A correctly signed notification that does not match what was asked (amount, currency, merchant,
 * account) is stored and flagged for the merchant, and changes nothing (F5).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  NOTIFICATION_SIGNATURE_HEADER,
  signed,
  signNotification,
} from 'acquiring-checkout-server/gateway';
import { MERCHANT } from '../helpers/sandbox.ts';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';
import { until } from '../helpers/until.ts';

describe('notifications checked against their order', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  /** Sends a signed payment.authorised for `order_no` (a 12.00 USD mug), with `changes`. */
  async function send(order_no: string, id: string, changes: Record<string, unknown>) {
    const fields = {
      notification_id: id, event: 'payment.authorised', sequence: 1, merchant_id: MERCHANT.merchant_id,
      account_id: MERCHANT.account_id, order_no, transaction_id: 'TXCHECK', amount: '12.00', currency: 'USD',
      payment_status: 'authorised', ...changes,
    }; // prettier-ignore
    const body = JSON.stringify(signed(fields, MERCHANT.secret_key));
    const response = await fetch(`${stack.companion.url}/api/notifications`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [NOTIFICATION_SIGNATURE_HEADER]: signNotification(body, MERCHANT.secret_key),
      },
      body,
    });
    assert.equal(response.status, 200, 'a genuine notification is acknowledged, whatever it says');
  }

  /** The order's history as the operations API shows it, once the notification is processed. */
  async function flags(ref: string, count: number): Promise<(string | null)[]> {
    const processed = await until(
      async () => {
        // Asked first: once nothing is left to apply, the history read next is the final one.
        const unapplied = (await stack.companion.companion.context.store.notifications.unapplied())
          .length;
        const { orders } = (await stack.ops('/orders')).body as {
          orders: { order_ref: string; history: { flag: string | null }[] }[];
        };
        return { order: orders.find((o) => o.order_ref === ref), unapplied };
      },
      ({ order, unapplied }) => !!order && order.history.length >= count && unapplied === 0,
      { what: `the processed history of ${ref}` },
    );
    return processed.order?.history.map((h) => h.flag) ?? [];
  }

  for (const [name, changes, reason] of [
    ['an amount of 0.01', { amount: '0.01' }, /amount 0\.01 USD is not the order's amount/],
    ['currency JPY', { currency: 'JPY', amount: '12' }, /currency JPY is not the order's USD/],
    ['another merchant', { merchant_id: 'someone-else' }, /merchant_id someone-else/],
    ['another account', { account_id: 'other-account' }, /account_id other-account/],
  ] as const) {
    it(`does not authorise a 12.00 USD order on a notification with ${name}`, async () => {
      const ref = `mug.f5-${name.replace(/\W+/g, '-')}`;
      const created = await stack.widget('/checkout-sessions', sessionBody(ref));
      await send(String(created.body.order_no), `N-${ref}`, changes);
      const [flag] = await flags(ref, 1);
      assert.match(flag ?? '', reason);
      const order = await stack.companion.companion.context.store.orders.get(ref);
      assert.equal(order?.status, 'pending');
    });
  }

  it('applies the matching one, unflagged', async () => {
    const created = await stack.widget('/checkout-sessions', sessionBody('mug.f5-ok'));
    await send(String(created.body.order_no), 'N-mug.f5-ok', {});
    await stack.waitForStatus('mug.f5-ok', 'authorised');
    assert.deepEqual(await flags('mug.f5-ok', 1), [null]);
  });
});
