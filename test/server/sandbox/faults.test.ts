import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConnectionError,
  ServiceError,
  SignatureError,
  TimeoutError,
} from '../../../server/gateway/index.ts';
import { cardPayment, MERCHANT, startSandbox } from '../helpers/sandbox.ts';
import { until } from '../helpers/until.ts';

describe('fault knobs', () => {
  it('are off unless the admin routes are enabled', async () => {
    const sandbox = await startSandbox({ admin: false });
    try {
      const response = await fetch(`${sandbox.url}/admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(response.status, 404);
    } finally {
      await sandbox.close();
    }
  });

  it('delay, drop, 5xx, bad signature and drop-after-acting each give the client its typed error', async () => {
    const sandbox = await startSandbox();
    const set = (faults: Record<string, unknown>) =>
      sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, ...faults });
    try {
      const client = sandbox.client({ maxRetries: 0 });
      await set({ delay_ms: 200 });
      await assert.rejects(
        client.directPayment(cardPayment('f-1'), { timeoutMs: 50 }),
        TimeoutError,
      );
      // The sandbox goes on with the timed-out request after its delay, and takes the faults of
      // that moment: it must be done before the next fault is set, or it may take that one.
      await until(
        async () => (await client.query({ order_no: ['f-1'] })).orders.length,
        (found) => found === 1,
        { what: 'the delayed payment f-1 recorded' },
      );
      await set({ drop_connection: 1 });
      await assert.rejects(client.directPayment(cardPayment('f-2')), ConnectionError);
      await set({ status_5xx: 1 });
      await assert.rejects(client.directPayment(cardPayment('f-3')), ServiceError);
      await set({ bad_signature: 1 });
      await assert.rejects(client.directPayment(cardPayment('f-4')), SignatureError);
      await set({ drop_after_acting: 1 });
      await assert.rejects(client.directPayment(cardPayment('f-5')), ConnectionError);
      await set({});

      // Dropped before acting: nothing recorded. Dropped after acting: the payment exists.
      const found = (await client.query({ order_no: ['f-2', 'f-3', 'f-4', 'f-5'] })).orders
        .map((o) => o.order_no)
        .sort();
      assert.deepEqual(found, ['f-4', 'f-5']);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses an unknown knob', async () => {
    const sandbox = await startSandbox();
    try {
      const answer = (await sandbox.admin('/faults', { merchant_id: 'm', explode: true })) as {
        error: string;
      };
      assert.equal(answer.error, 'invalid_input');
    } finally {
      await sandbox.close();
    }
  });
});
