import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { InvalidRequestError, PayoutFailedError } from '../../../server/gateway/index.ts';
import { payoutFee } from '../../../server/sandbox/payouts.ts';
import {
  startReceiver,
  startSandbox,
  type Receiver,
  type RunningSandbox,
} from '../helpers/sandbox.ts';

const payout = (account_number = '12345678') => ({
  beneficiary: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    entity_type: 'INDIVIDUAL',
    bank_details: { account_number, bank_country_code: 'GB' },
  },
  payment_amount: '100.00',
  payment_currency: 'GBP',
  payment_method: 'SWIFT',
  fee_paid_by: 'PAYER',
});

describe('payouts', () => {
  let sandbox: RunningSandbox;
  let receiver: Receiver;
  before(async () => {
    sandbox = await startSandbox({ payoutSettleMs: 60_000 });
    receiver = await startReceiver();
  });
  after(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('computes fees in whole minor units: 1.00 plus 0.5 %, rounded half up', () => {
    assert.equal(payoutFee(10_000, 'GBP'), 150);
    assert.equal(payoutFee(101, 'GBP'), 101);
    assert.equal(payoutFee(1_000, 'JPY'), 6);
    assert.equal(payoutFee(99, 'USD'), 100);
  });

  it('the payer pays the fee when fee_paid_by is PAYER; otherwise the beneficiary receives less', async () => {
    const payerPays = await sandbox.client().payout(payout());
    assert.deepEqual(
      [payerPays.amount_payer_pays, payerPays.amount_beneficiary_receives, payerPays.fee_amount],
      [101.5, 100, 1.5],
    );
    const shared = await sandbox.client().payout({ ...payout(), fee_paid_by: 'BENEFICIARY' });
    assert.deepEqual([shared.amount_payer_pays, shared.amount_beneficiary_receives], [100, 98.5]);
  });

  it('the same request_id and body returns the same record; another body is refused', async () => {
    const request_id = randomUUID();
    const client = sandbox.client();
    const first = await client.payout({ ...payout(), request_id });
    const again = await client.payout({ ...payout(), request_id });
    assert.equal(again.transaction_id, first.transaction_id);
    await assert.rejects(
      client.payout({ ...payout(), payment_amount: '100.01', request_id }),
      (error: unknown) => {
        assert.ok(error instanceof InvalidRequestError);
        assert.match(error.message, /already used with a different body/);
        return true;
      },
    );
  });

  it('moves from pending to completed when its time comes, and notifies each change', async () => {
    const request_id = randomUUID();
    const created = await sandbox
      .client()
      .payout({ ...payout(), request_id, notify_url: receiver.url });
    assert.equal(created.status, 'pending');
    await sandbox.admin('/clock', { advance_ms: 61_000 });
    const again = await sandbox
      .client()
      .payout({ ...payout(), request_id, notify_url: receiver.url });
    assert.equal(again.status, 'completed');
    const events = (await receiver.waitFor(2))
      .filter((n) => n.request_id === request_id)
      .map((n) => n.event);
    assert.deepEqual(events, ['payout.pending', 'payout.completed']);
  });

  for (const [account, reason, type] of [
    ['11111111', 'beneficiary account closed', 'ACCOUNT_CLOSED'],
    ['22222222', 'beneficiary name does not match the account', 'NAME_MISMATCH'],
    ['33333333', 'refused by compliance review', 'COMPLIANCE'],
  ]) {
    it(`beneficiary account ${account} fails with ${type}`, async () => {
      const request_id = randomUUID();
      await sandbox.client().payout({ ...payout(account), request_id });
      await sandbox.admin('/clock', { advance_ms: 61_000 });
      await assert.rejects(
        sandbox.client().payout({ ...payout(account), request_id }),
        (error: unknown) => {
          assert.ok(error instanceof PayoutFailedError);
          assert.equal(error.failureReason, reason);
          assert.equal(error.failureType, type);
          return true;
        },
      );
    });
  }
});
