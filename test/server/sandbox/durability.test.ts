import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardPayment, startReceiver, startSandbox } from '../helpers/sandbox.ts';

describe('durability', () => {
  it('a restart in the middle of a flow loses nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    const database = join(dir, 'sandbox.sqlite');
    try {
      const first = await startSandbox({ database });
      const paid = await first.client().directPayment(cardPayment('restart-1'));
      const order = {
        transaction_id: paid.transaction_id as string,
        order_no: 'restart-1',
        currency: 'USD',
        amount: '10.50',
      };
      await first.client().capture([order]);
      await first.close();

      const second = await startSandbox({ database });
      try {
        const refunded = await second.client().refund([{ ...order, refund_amount: '10.50' }]);
        assert.equal(refunded.orders[0]?.refund_status, 'success');
        const [queried] = (await second.client().query({ order_no: 'restart-1' })).orders;
        assert.equal(queried?.payment_status, 'refunded');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a notification queued before a restart is delivered after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    const database = join(dir, 'sandbox.sqlite');
    const receiver = await startReceiver();
    try {
      const first = await startSandbox({ database, notificationRetryMs: [60_000] });
      await first.admin('/faults', { merchant_id: 'sandbox-merchant', drop_notifications: 1 });
      await first.client().directPayment({ ...cardPayment('restart-2'), notify_url: receiver.url });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.close();
      assert.equal(receiver.received.length, 0);

      // The retry is due in a minute; a restarted sandbox that knows the queue delivers it then.
      const second = await startSandbox({ database });
      try {
        second.sandbox.engine.store.db.prepare('UPDATE notifications SET due_at = 0').run();
        const [notification] = await receiver.waitFor(1);
        assert.equal(notification?.order_no, 'restart-2');
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two captures racing on one order: exactly one succeeds', async () => {
    const sandbox = await startSandbox();
    try {
      const paid = await sandbox.client().directPayment(cardPayment('race-1'));
      const order = {
        transaction_id: paid.transaction_id as string,
        order_no: 'race-1',
        currency: 'USD',
        amount: '10.50',
      };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => sandbox.client().capture([order])),
      );
      const statuses = results.map((r) => r.orders[0]?.capture_status);
      assert.equal(statuses.filter((s) => s === 'success').length, 1);
      assert.equal(statuses.filter((s) => s === 'failed').length, 9);
    } finally {
      await sandbox.close();
    }
  });
});
