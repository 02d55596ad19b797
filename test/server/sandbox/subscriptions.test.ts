import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addInterval } from '../../../server/sandbox/subscriptions.ts';
import {
  cardPayment,
  startReceiver,
  startSandbox,
  type Receiver,
  type RunningSandbox,
} from '../helpers/sandbox.ts';

const DAY = 86_400_000;
const monthly = {
  contract: 'C-1',
  contract_name: 'Coffee monthly',
  contract_amount: '12.00',
  interval: 'month',
  interval_count: '1',
};

describe('subscriptions', () => {
  let sandbox: RunningSandbox;
  let receiver: Receiver;
  before(async () => {
    sandbox = await startSandbox();
    receiver = await startReceiver();
  });
  after(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('adds calendar intervals in UTC', () => {
    const jan31 = Date.UTC(2026, 0, 31);
    assert.equal(new Date(addInterval(jan31, 'month', 1)).toISOString().slice(0, 10), '2026-03-03');
    assert.equal(new Date(addInterval(jan31, 'week', 2)).toISOString().slice(0, 10), '2026-02-14');
    assert.equal(new Date(addInterval(jan31, 'year', 1)).toISOString().slice(0, 10), '2027-01-31');
  });

  it('a payment with a subscription creates a contract that is charged every period, then cancelled at once', async () => {
    const client = sandbox.client();
    const paid = await client.directPayment({
      ...cardPayment('sub-1', '4111111111111111', '12.00'),
      notify_url: receiver.url,
      subscription: monthly,
    });
    assert.match(paid.recurring_id ?? '', /^RC/);
    assert.equal(paid.contract_name, 'Coffee monthly');
    assert.equal(paid.recurring_deduction_period, '1 month');

    await sandbox.admin('/clock', { advance_ms: 65 * DAY });
    const [order] = (await client.query({ order_no: 'sub-1' })).orders;
    assert.equal(order?.subscription_result?.recurring_status, 'active');
    assert.equal(order?.subscription_result?.recurring_deduction_period, '3');
    const charges = (await client.query({ order_no: ['sub-1-R2', 'sub-1-R3'] })).orders;
    assert.deepEqual(
      charges.map((c) => [c.amount, c.payment_status]),
      [
        ['12.00', 'captured'],
        ['12.00', 'captured'],
      ],
    );

    const cancelled = await client.cancelSubscription({
      recurring_id: paid.recurring_id as string,
      contract_name: 'Coffee monthly',
    });
    assert.equal(cancelled.cancel_status, 'success');
    await sandbox.admin('/clock', { advance_ms: 120 * DAY });
    const [after] = (await client.query({ order_no: 'sub-1' })).orders;
    assert.equal(after?.subscription_result?.recurring_status, 'cancelled');
    assert.equal(after?.subscription_result?.recurring_deduction_period, '3');
    assert.equal((await client.query({ order_no: 'sub-1-R4' })).orders.length, 0);

    const events = (await receiver.waitFor(4)).map((n) => n.event);
    assert.deepEqual(events.slice(0, 4), [
      'payment.authorised',
      'subscription.charged',
      'subscription.charged',
      'subscription.cancelled',
    ]);
  });

  it('a subscription ends after its billing_cycle', async () => {
    const client = sandbox.client();
    await client.directPayment({
      ...cardPayment('sub-2', '4111111111111111', '5.00'),
      subscription: { ...monthly, contract_amount: '5.00', interval: 'week', billing_cycle: 2 },
    });
    await sandbox.admin('/clock', { advance_ms: 30 * DAY });
    const [order] = (await client.query({ order_no: 'sub-2' })).orders;
    assert.equal(order?.subscription_result?.recurring_status, 'completed');
    assert.equal(order?.subscription_result?.recurring_deduction_period, '2');
  });

  it('a cancelled subscription cannot be cancelled twice', async () => {
    const client = sandbox.client();
    const paid = await client.directPayment({
      ...cardPayment('sub-3'),
      subscription: { ...monthly, contract_amount: '10.50' },
    });
    const cancel = () =>
      client.cancelSubscription({
        recurring_id: paid.recurring_id as string,
        contract_name: 'Coffee monthly',
      });
    assert.equal((await cancel()).cancel_status, 'success');
    const again = await cancel();
    assert.equal(again.cancel_status, 'failed');
    assert.match(again.error_message ?? '', /subscription is cancelled; it cannot be cancelled/);
  });

  it('refuses a subscription with an unknown interval, naming the field', async () => {
    const response = await sandbox.postSigned('/v1/authorise', {
      ...cardPayment('sub-4'),
      subscription: { ...monthly, interval: 'fortnight' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.json().field, 'subscription.interval');
  });
});
