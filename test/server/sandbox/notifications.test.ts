import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { verify, verifyNotification } from '../../../server/gateway/index.ts';
import { cardPayment, MERCHANT, startReceiver, startSandbox } from '../helpers/sandbox.ts';

describe('notifications', () => {
  it('are signed, numbered per order, and sent for every outcome and operation', async () => {
    const sandbox = await startSandbox();
    const receiver = await startReceiver();
    try {
      const client = sandbox.client();
      const paid = await client.directPayment({ ...cardPayment('n-1'), notify_url: receiver.url });
      const order = {
        transaction_id: paid.transaction_id as string,
        order_no: 'n-1',
        currency: 'USD',
        amount: '10.50',
      };
      await client.capture([order]);
      await client.refund([{ ...order, refund_amount: '10.50' }]);
      const received = await receiver.waitFor(3);
      assert.deepEqual(
        received.map((n) => [n.event, n.sequence, n.payment_status]),
        [
          ['payment.authorised', 1, 'authorised'],
          ['payment.captured', 2, 'captured'],
          ['refund.succeeded', 3, 'refunded'],
        ],
      );
      for (const notification of received) assert.ok(verify(notification, [MERCHANT.secret_key]));
      for (const { body, signature } of receiver.raw) {
        assert.deepEqual(verifyNotification(body, signature, [MERCHANT.secret_key]), { ok: true });
      }
      assert.equal(received[2]?.refunded_amount, '10.50');
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('are retried with backoff until acknowledged', async () => {
    const sandbox = await startSandbox({ notificationRetryMs: [20, 20, 20, 20] });
    const receiver = await startReceiver(2);
    try {
      await sandbox.client().directPayment({ ...cardPayment('n-2'), notify_url: receiver.url });
      const [notification] = await receiver.waitFor(1);
      assert.equal(notification?.order_no, 'n-2');
      assert.equal(receiver.attempts, 3);
      const rows = (await sandbox.admin('/notifications')) as { attempts: number; state: string }[];
      assert.deepEqual(
        rows.map((r) => [r.attempts, r.state]),
        [[3, 'delivered']],
      );
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('are given up after the last retry of the schedule', async () => {
    const sandbox = await startSandbox({ notificationRetryMs: [10, 10] });
    const receiver = await startReceiver(100);
    try {
      await sandbox.client().directPayment({ ...cardPayment('n-3'), notify_url: receiver.url });
      const deadline = Date.now() + 5_000;
      let rows: { attempts: number; state: string }[] = [];
      while (Date.now() < deadline) {
        rows = (await sandbox.admin('/notifications')) as typeof rows;
        if (rows[0]?.state === 'abandoned') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(
        rows.map((r) => [r.attempts, r.state]),
        [[3, 'abandoned']],
      );
      assert.equal(receiver.attempts, 3);
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('a dropped notification (fault knob) is sent on a later attempt', async () => {
    const sandbox = await startSandbox({ notificationRetryMs: [20, 20] });
    const receiver = await startReceiver();
    try {
      await sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, drop_notifications: 1 });
      await sandbox.client().directPayment({ ...cardPayment('n-4'), notify_url: receiver.url });
      await receiver.waitFor(1);
      assert.equal(receiver.attempts, 1);
      const rows = (await sandbox.admin('/notifications')) as { attempts: number }[];
      assert.equal(rows[0]?.attempts, 2);
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });
});
