import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RecordNotFoundError, signed, verify } from '../../../server/gateway/index.ts';
import { cardPayment, MERCHANT, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const ids = { merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id };
const captureItem = (i: number) => ({
  transaction_id: `TX${i}`,
  order_no: `O${i}`,
  currency: 'USD',
  amount: '1.00',
});

describe('what the sandbox refuses', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ queryIps: ['10.9.9.9'] })));
  after(() => sandbox.close());

  describe('bad signatures', () => {
    it('a payment with a bad signature gets HTTP 400 naming encryption_data', async () => {
      const body = {
        ...signed({ ...ids, ...cardPayment('sig-1') }, MERCHANT.secret_key),
        amount: '99.00',
      };
      const response = await sandbox.post('/v1/authorise', JSON.stringify(body));
      assert.equal(response.status, 400);
      assert.deepEqual(response.json(), {
        error: 'invalid_input',
        message: 'encryption_data: the signature does not verify',
        field: 'encryption_data',
      });
    });

    it('a payment without a signature gets HTTP 400', async () => {
      const response = await sandbox.post(
        '/v1/checkout',
        JSON.stringify({ ...ids, order_no: 'sig-2', currency: 'USD', amount: '1.00' }),
      );
      assert.equal(response.status, 400);
    });

    it('a batch with a bad signature gets a failing, signed return_status', async () => {
      const body = { ...signed({ ...ids, capture_orders: [captureItem(1)] }, 'wrong-key') };
      const response = await sandbox.post('/v1/capture', JSON.stringify(body));
      assert.equal(response.status, 200);
      const result = response.json();
      assert.equal(result.return_status, '0');
      assert.match(String(result.return_message), /signature does not verify/);
      assert.ok(verify(result, [MERCHANT.secret_key]));
    });
  });

  describe('bad bodies', () => {
    for (const [name, body, contentType, message] of [
      ['malformed JSON', '{"merchant_id": ', 'application/json', /not valid JSON/],
      [
        'malformed XML',
        '<request><merchant_id>x</request>',
        'application/xml',
        /not well-formed XML/,
      ],
      [
        'XML with an entity declaration',
        '<!DOCTYPE r [<!ENTITY x "y">]><request/>',
        'application/xml',
        /refused/,
      ],
    ] as const) {
      it(`${name} gets HTTP 400`, async () => {
        const response = await sandbox.post('/v1/authorise', body, contentType);
        assert.equal(response.status, 400);
        assert.match(String(response.json().message), message);
      });
    }

    it('a wrong type gets HTTP 400 naming the field', async () => {
      const response = await sandbox.postSigned('/v1/authorise', {
        ...cardPayment('type-1'),
        amount: 10.5,
      });
      assert.equal(response.status, 400);
      assert.equal(response.json().field, 'amount');
    });

    it('a missing field gets HTTP 400 naming it', async () => {
      const { order_no: _omit, ...rest } = cardPayment('missing-1');
      const response = await sandbox.postSigned('/v1/authorise', rest);
      assert.equal(response.status, 400);
      assert.equal(response.json().field, 'order_no');
    });

    it('an amount with too many decimals for its currency gets HTTP 400', async () => {
      const response = await sandbox.postSigned(
        '/v1/authorise',
        cardPayment('jpy-1', '4111111111111111', '10.50', 'JPY'),
      );
      assert.equal(response.status, 400);
      assert.deepEqual(
        [response.json().field, response.json().message],
        ['amount', 'amount: not a valid JPY amount'],
      );
    });

    it('a body over the size limit gets HTTP 413', async () => {
      const response = await sandbox.postSigned('/v1/authorise', {
        ...cardPayment('big-1'),
        note: 'x'.repeat(200_000),
      });
      assert.equal(response.status, 413);
    });

    it('an order_no already used gets HTTP 400', async () => {
      await sandbox.client().directPayment(cardPayment('dup-1'));
      const response = await sandbox.postSigned('/v1/authorise', cardPayment('dup-1'));
      assert.equal(response.status, 400);
      assert.equal(response.json().field, 'order_no');
    });
  });

  describe('unknown records', () => {
    it('an unknown merchant gets HTTP 404', async () => {
      const body = signed(
        { merchant_id: 'nobody', account_id: 'none', ...cardPayment('m-1') },
        'k',
      );
      const response = await sandbox.post('/v1/authorise', JSON.stringify(body));
      assert.equal(response.status, 404);
      assert.match(String(response.json().message), /record not found/);
    });

    it('an unknown token_id gets HTTP 404, in a direct payment or a checkout', async () => {
      await assert.rejects(
        sandbox.client().directPayment({
          order_no: 'tok-1',
          currency: 'USD',
          amount: '1.00',
          token_id: 'TKNOPE',
        }),
        RecordNotFoundError,
      );
      // A checkout names a stored card the same way (its page runs that card's challenge).
      await assert.rejects(
        sandbox.client().checkout({
          order_no: 'tok-2',
          currency: 'USD',
          amount: '1.00',
          token_id: 'TKNOPE',
        }),
        RecordNotFoundError,
      );
    });

    it('an unknown recurring_id fails the cancel', async () => {
      const result = await sandbox
        .client()
        .cancelSubscription({ recurring_id: 'RCNOPE', contract_name: 'x' });
      assert.equal(result.cancel_status, 'failed');
      assert.match(result.error_message ?? '', /record not found/);
    });
  });

  describe('limits', () => {
    for (const [path, field, limit] of [
      ['/v1/capture', 'capture_orders', 50],
      ['/v1/cancel', 'cancel_orders', 50],
      ['/v1/refund', 'refund_orders', 50],
      ['/v1/review', 'review_orders', 100],
    ] as const) {
      it(`${path} refuses ${limit + 1} orders as a whole, and takes ${limit}`, async () => {
        const item = (i: number) => ({
          ...captureItem(i),
          refund_amount: '1.00',
          review_flag: 'approve',
        });
        const over = await sandbox.postSigned(path, {
          [field]: Array.from({ length: limit + 1 }, (_, i) => item(i)),
        });
        assert.equal(over.json().return_status, '0');
        assert.match(
          String(over.json().return_message),
          new RegExp(`at most ${limit} orders per request`),
        );
        const at = await sandbox.postSigned(path, {
          [field]: Array.from({ length: limit }, (_, i) => item(i)),
        });
        assert.equal(at.json().return_status, '1');
        assert.equal((at.json()[field] as unknown[]).length, limit);
      });
    }

    it('/v1/retrievalTrans refuses more than 100 order numbers as a whole', async () => {
      const response = await sandbox.postSigned('/v1/retrievalTrans', {
        order_no: Array.from({ length: 101 }, (_, i) => `O${i}`).join(','),
      });
      assert.equal(response.json().return_status, '0');
      assert.match(String(response.json().return_message), /at most 100 order numbers/);
    });

    it('refuses a query from an address that is not registered', async () => {
      const result = await sandbox.client().query();
      assert.equal(result.ok, false);
      assert.match(
        result.failures[0]?.error.message ?? '',
        /IP address .* is not registered for queries/,
      );
    });
  });
});
