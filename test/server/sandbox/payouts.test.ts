import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  InvalidRequestError,
  payoutAmounts,
  PayoutFailedError,
  type PayoutRequest,
} from '../../../server/gateway/index.ts';
import { HttpError } from '../../../server/sandbox/http-error.ts';
import { TEST_RATES_PER_USD } from '../../../server/sandbox/test-inputs.ts';
import { convertMinor, payoutFee, quotePayout } from '../../../server/sandbox/payout-quote.ts';
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

  describe('in another currency', () => {
    it('converts at the test rates, charges the fee in the source currency, and answers consistent amounts', async () => {
      // 100.00 EUR at 0.79 / 0.92 GBP per EUR is 85.869… GBP: 85.87; the fee is 1.00 + 0.43 GBP.
      const record = await sandbox
        .client()
        .payout({ ...payout(), payment_currency: 'EUR', source_currency: 'GBP' });
      assert.deepEqual(
        [
          record.payment_amount,
          record.payment_currency,
          record.source_amount,
          record.source_currency,
        ],
        ['100.00', 'EUR', '85.87', 'GBP'],
      );
      assert.deepEqual(
        [record.amount_payer_pays, record.fee_amount, record.fee_currency],
        [87.3, 1.43, 'GBP'],
      );
      assert.equal(record.amount_beneficiary_receives, 100);
      assert.deepEqual(payoutAmounts(record), {
        source_amount: '85.87',
        source_currency: 'GBP',
        payment_amount: '100.00',
        payment_currency: 'EUR',
        fee_amount: '1.43',
        fee_currency: 'GBP',
        amount_payer_pays: '87.30',
        amount_beneficiary_receives: '100.00',
      });
    });

    it('the beneficiary bears the fee at the same rate when the payer does not', async () => {
      // The fee of 1.43 GBP is 1.665… EUR: 1.67; 100.00 − 1.67 = 98.33 EUR.
      const record = await sandbox.client().payout({
        ...payout(),
        fee_paid_by: 'BENEFICIARY',
        payment_currency: 'EUR',
        source_currency: 'GBP',
      });
      assert.deepEqual(
        [record.amount_payer_pays, record.amount_beneficiary_receives],
        [85.87, 98.33],
      );
    });

    it('quotes the payment from a source amount, across minor units (USD → JPY, KWD)', async () => {
      const rest = { ...payout(), payment_amount: undefined };
      const yen = await sandbox.client().payout({
        ...rest,
        payment_currency: 'JPY',
        source_amount: '10.00',
        source_currency: 'USD',
      });
      assert.deepEqual([yen.payment_amount, yen.amount_beneficiary_receives], ['1500', 1500]);
      assert.deepEqual([yen.amount_payer_pays, yen.fee_amount], [11.05, 1.05]);
      const dinar = await sandbox.client().payout({
        ...rest,
        payment_currency: 'KWD',
        source_amount: '10.00',
        source_currency: 'USD',
      });
      assert.equal(dinar.payment_amount, '3.070');
    });

    it('refuses a currency without a test rate, naming the field', async () => {
      const refused = await sandbox.postSigned('/v1/payout', {
        ...payout(),
        request_id: randomUUID(),
        source_currency: 'CHF',
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.json().field, 'source_currency');
      assert.match(String(refused.json().message), /no test rate for CHF/);
    });

    // prettier-ignore
    it('takes both amounts, as the interface’s payout record carries them, when they agree at the rate', async () => {
      // Every request field of the interface's payout record (gateway-interface.md), both amounts
      // included: 100.00 EUR is 85.87 GBP at the test rates.
      const record = await sandbox.client().payout({
        beneficiary: {
          first_name: 'Ada', last_name: 'Lovelace', entity_type: 'INDIVIDUAL', date_of_birth: '1815-12-10',
          address: { city: 'London', country_code: 'GB', postcode: 'SW1Y 4JH', street_address: '12 St James Sq' },
          bank_details: { account_number: '12345678', account_name: 'A Lovelace', bank_country_code: 'GB', account_currency: 'EUR', iban: 'GB33BUKB20201555555555', swift_code: 'BUKBGB22' },
        },
        beneficiary_id: 'ben-1', client_data: 'order 1001', fee_paid_by: 'PAYER',
        payer: { entity_type: 'COMPANY', company_name: 'Shop Ltd', address: { city: 'London', country_code: 'GB' } },
        payment_amount: '100.00', payment_currency: 'EUR', payment_date: '2026-11-25', payment_method: 'SWIFT',
        reason: 'refund of order 1001', reference: 'PO-1001', request_id: randomUUID(),
        source_amount: '85.87', source_currency: 'GBP', swift_charge_option: 'SHARED', fund_source: 'DepositAccount',
      });
      assert.deepEqual(
        [record.payment_amount, record.source_amount, record.amount_payer_pays, record.amount_beneficiary_receives],
        ['100.00', '85.87', 87.3, 100],
      );
    });

    it('refuses both amounts that do not agree at the rate, naming the quote it would give', async () => {
      const stale = await sandbox.postSigned('/v1/payout', {
        ...payout(),
        request_id: randomUUID(),
        source_amount: '80.00',
        source_currency: 'GBP',
        payment_currency: 'EUR',
      });
      assert.equal(stale.status, 400);
      assert.equal(stale.json().field, 'source_amount');
      assert.equal(
        stale.json().message,
        'source_amount: 80.00 GBP is not payment_amount 100.00 EUR at the test rate, which quotes 85.87 GBP: the quote is stale; give one amount, or both as quoted',
      );
    });

    it('every quote adds up in minor units, whatever the currencies and amount', () => {
      const currencies = Object.keys(TEST_RATES_PER_USD);
      fc.assert(
        fc.property(
          fc.constantFrom(...currencies),
          fc.constantFrom(...currencies),
          fc.integer({ min: 1, max: 10_000_000 }),
          fc.boolean(),
          (from, to, units, payerPays) => {
            // Whole units are an amount in every currency.
            const fields = {
              payment_currency: to,
              source_currency: from,
              source_amount: String(units),
              fee_paid_by: payerPays ? 'PAYER' : 'BENEFICIARY',
            } as PayoutRequest;
            let quote;
            try {
              quote = quotePayout(fields);
            } catch (error) {
              // A payment the fee would swallow is refused, naming payment_amount; nothing else is.
              if (error instanceof HttpError && error.field === 'payment_amount') return;
              throw error;
            }
            assert.equal(quote.payment, convertMinor(quote.source, from, to));
            assert.equal(quote.payerPays, payerPays ? quote.source + quote.fee : quote.source);
            assert.equal(
              quote.beneficiaryReceives,
              payerPays ? quote.payment : quote.payment - convertMinor(quote.fee, from, to),
            );
            assert.ok(quote.beneficiaryReceives > 0);
          },
        ),
      );
    });

    it('converts exactly: the same currency is the identity, a whole rate multiplies in integers', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (minor) => {
          assert.equal(convertMinor(minor, 'EUR', 'EUR'), minor);
          // 1 USD = 150 JPY exactly: cents to yen multiplies by 1.5, half up.
          assert.equal(convertMinor(minor, 'USD', 'JPY'), Math.floor((minor * 3 + 1) / 2));
        }),
      );
    });
  });
});
