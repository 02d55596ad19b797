/** A public demo's sandbox forgets orders older than its retention (retentionMs). */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cardPayment, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const HOUR = 3_600_000;

describe('the sandbox with a retention', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ retentionMs: 24 * HOUR })));
  after(() => sandbox.close());

  it('deletes an order once it is older than the retention, and keeps a fresh one', async () => {
    await sandbox.client().directPayment(cardPayment('old-1'));
    await sandbox.admin('/clock', { advance_ms: 25 * HOUR });
    await sandbox.client().directPayment(cardPayment('new-1'));
    await sandbox.admin('/tick', {});
    const found = await sandbox.client().query({ order_no: ['old-1', 'new-1'] });
    assert.deepEqual(
      found.orders.map((o) => o.order_no),
      ['new-1'],
    );
  });
});
