import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  NOTIFICATION_SIGNATURE_HEADER,
  signed,
  signNotification,
} from '../../../server/gateway/index.ts';
import { MERCHANT } from '../helpers/sandbox.ts';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

/** A notification of order `order_no` as the service would send it, signed with `key`. */
function notification(
  order_no: string,
  sequence: number,
  payment_status: string,
  extra: Record<string, unknown> = {},
  key = MERCHANT.secret_key,
) {
  const body = JSON.stringify(
    signed(
      {
        notification_id: `N-${order_no}-${sequence}-${payment_status}`, event: `payment.${payment_status}`, sequence,
        merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id, order_no, transaction_id: 'TXTEST',
        amount: '12.00', currency: 'USD', payment_status, captured_amount: payment_status === 'captured' ? '12.00' : '0.00', refunded_amount: '0.00',
        ...extra,
      }, // prettier-ignore
      key,
    ),
  );
  return { body, signature: signNotification(body, key) };
}

describe('POST /api/notifications', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  const send = (n: { body: string; signature: string }) =>
    fetch(`${stack.companion.url}/api/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [NOTIFICATION_SIGNATURE_HEADER]: n.signature },
      body: n.body,
    });

  async function pendingOrder(ref: string): Promise<string> {
    const created = await stack.widget('/checkout-sessions', sessionBody(ref));
    return String(created.body.order_no);
  }

  it('applies a genuine notification and acknowledges it', async () => {
    const orderNo = await pendingOrder('mug.n1');
    const response = await send(notification(orderNo, 1, 'authorised'));
    assert.equal(response.status, 200);
    await stack.waitForStatus('mug.n1', 'authorised');
  });

  it('treats a replay as a no-op', async () => {
    const orderNo = await pendingOrder('mug.n2');
    const first = notification(orderNo, 1, 'authorised');
    await send(first);
    await stack.waitForStatus('mug.n2', 'authorised');
    const replay = await send({
      ...first,
      signature: signNotification(first.body, MERCHANT.secret_key),
    });
    assert.deepEqual(await replay.json(), { received: true, duplicate: true });
  });

  it('refuses a forged one and changes nothing', async () => {
    const orderNo = await pendingOrder('mug.n3');
    const forged = notification(orderNo, 1, 'captured', {}, 'not-the-key');
    assert.equal((await send(forged)).status, 401);
    const tampered = notification(orderNo, 1, 'authorised');
    assert.equal(
      (
        await send({
          body: tampered.body.replace('"authorised"', '"captured"'),
          signature: tampered.signature,
        })
      ).status,
      401,
    );
    assert.equal(
      (await stack.companion.companion.context.store.orders.get('mug.n3'))?.status,
      'pending',
    );
  });

  it('refuses a stale one and changes nothing', async () => {
    const orderNo = await pendingOrder('mug.n4');
    const fresh = notification(orderNo, 1, 'authorised');
    const stale = {
      body: fresh.body,
      signature: signNotification(
        fresh.body,
        MERCHANT.secret_key,
        Math.floor(Date.now() / 1000) - 3600,
      ),
    };
    const response = await send(stale);
    assert.equal(response.status, 401);
    assert.match(JSON.stringify(await response.json()), /stale signature/);
    assert.equal(
      (await stack.companion.companion.context.store.orders.get('mug.n4'))?.status,
      'pending',
    );
  });

  it('ends in the right state when notifications arrive out of order', async () => {
    const orderNo = await pendingOrder('mug.n5');
    await send(notification(orderNo, 2, 'captured'));
    await stack.waitForStatus('mug.n5', 'captured');
    await send(notification(orderNo, 1, 'authorised'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      (await stack.companion.companion.context.store.orders.get('mug.n5'))?.status,
      'captured',
    );
  });

  it('records every notification for the order’s history', async () => {
    const orderNo = await pendingOrder('mug.n6');
    await send(notification(orderNo, 1, 'authorised'));
    await stack.waitForStatus('mug.n6', 'authorised');
    const history = await stack.companion.companion.context.store.notifications.forOrders([
      orderNo,
    ]);
    assert.deepEqual(
      history.map((h) => [h.event, h.sequence]),
      [['payment.authorised', 1]],
    );
  });
});
