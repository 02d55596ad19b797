import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TimeoutError } from '../../../server/gateway/index.ts';
import { TEST_CARDS } from '../../../server/sandbox/test-inputs.ts';
import { cardPayment, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

/** What a direct payment with each test card must answer: order_status, payment_status, risk_action. */
const EXPECTED: Record<string, [string, string, string]> = {
  '4111111111111111': ['1', 'authorised', 'accept'],
  '5555555555554444': ['1', 'authorised', 'accept'],
  '378282246310005': ['1', 'authorised', 'accept'],
  '4000000000000002': ['0', 'declined', 'accept'],
  '4000000000009995': ['0', 'declined', 'accept'],
  '4000000000000069': ['0', 'declined', 'accept'],
  '4000000000000127': ['0', 'declined', 'accept'],
  '4000000000003220': ['0', 'failed', 'accept'],
  '4000000000009235': ['3', 'review', 'review'],
  '4100000000000019': ['0', 'declined', 'reject'],
};

describe('the documented test inputs', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  it('has an expectation for every test card', () => {
    assert.deepEqual(Object.keys(EXPECTED).sort(), Object.keys(TEST_CARDS).sort());
  });

  for (const [card, test] of Object.entries(TEST_CARDS)) {
    it(`${card}: ${test.description}`, async () => {
      const [orderStatus, paymentStatus, riskAction] = EXPECTED[card] as [string, string, string];
      const client = sandbox.client();
      const result = await client.directPayment(cardPayment(`card-${card}`, card));
      assert.equal(result.order_status, orderStatus);
      assert.equal(result.result_info, test.result_info);
      assert.equal(result.risk_action, riskAction);
      const [order] = (await client.query({ order_no: `card-${card}` })).orders;
      assert.equal(order?.payment_status, paymentStatus);
    });
  }

  it('declines a number that fails the Luhn check, with a decline code', async () => {
    const result = await sandbox
      .client()
      .directPayment(cardPayment('luhn-bad', '4111111111111112'));
    assert.equal(result.order_status, '0');
    assert.equal(result.result_info, '2014:Invalid card number');
  });

  it('amount 91.01 fails with a processing error', async () => {
    const result = await sandbox
      .client()
      .directPayment(cardPayment('amount-error', '4111111111111111', '91.01'));
    assert.equal(result.order_status, '0');
    assert.equal(result.result_info, '9101:Processing error, try again');
  });

  it('amount 9102 JPY answers slowly, then succeeds', async () => {
    const client = sandbox.client();
    await assert.rejects(
      client.directPayment(cardPayment('slow-1', '4111111111111111', '9102', 'JPY'), {
        timeoutMs: 50,
      }),
      TimeoutError,
    );
    const result = await client.directPayment(
      cardPayment('slow-2', '4111111111111111', '9102', 'JPY'),
    );
    assert.equal(result.order_status, '1');
  });
});
