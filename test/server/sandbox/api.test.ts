import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeBody,
  readCheckoutForm,
  signed,
  verify,
  type Encoding,
} from '../../../server/gateway/index.ts';
import { cardPayment, MERCHANT, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

describe('sandbox endpoints', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  for (const encodings of ['sample', 'declared'] as const) {
    describe(`with the ${encodings} encodings`, () => {
      const n = encodings === 'sample' ? 'S' : 'D';

      it('authorise (direct) → capture → refund → query → refund search', async () => {
        const client = sandbox.client({ encodings });
        const paid = await client.directPayment({
          ...cardPayment(`${n}-direct-1`),
          token_flag: 'YES',
          shopper_email: 'a@example.com',
        });
        assert.equal(paid.order_status, '1');
        assert.equal(paid.result_info, '0000:Success');
        assert.equal(paid.card, '411111******1111');
        assert.match(paid.token_id ?? '', /^TK/);
        const txn = paid.transaction_id as string;
        const order = {
          transaction_id: txn,
          order_no: `${n}-direct-1`,
          currency: 'USD',
          amount: '10.50',
        };

        const captured = await client.capture([order]);
        assert.equal(captured.orders[0]?.capture_status, 'success');
        const refunded = await client.refund([
          { ...order, refund_amount: '0.50', refund_reason: 'scratch' },
        ]);
        assert.equal(refunded.orders[0]?.refund_status, 'success');
        assert.equal(refunded.orders[0]?.refund_message, 'V0000:OK');

        const queried = await client.query({ order_no: `${n}-direct-1` });
        assert.equal(queried.orders.length, 1);
        assert.equal(queried.orders[0]?.payment_status, 'partially_refunded');
        assert.equal(queried.orders[0]?.shopper_email, 'a@example.com');
        const refunds = await client.refundSearch({ transaction_id: txn });
        assert.equal(refunds.orders[0]?.refund_amount, '0.50');
      });

      it('authorise with a stored token_id', async () => {
        const client = sandbox.client({ encodings });
        const first = await client.directPayment({
          ...cardPayment(`${n}-token-1`),
          token_flag: 'YES',
        });
        const again = await client.directPayment({
          order_no: `${n}-token-2`,
          currency: 'USD',
          amount: '3.00',
          token_id: first.token_id as string,
        });
        assert.equal(again.order_status, '1');
        assert.equal(again.card, '411111******1111');
      });

      it('authorise (APM) answers an issuer_url on the sandbox', async () => {
        const result = await sandbox.client({ encodings }).apmPayment({
          order_no: `${n}-apm-1`,
          currency: 'BRL',
          amount: '50.00',
          payment_method: 'PIX',
          person: { document_number: '52998224725', document_type: 'CPF' },
        });
        assert.ok(result.issuer_url.startsWith(`${sandbox.url}/issuer/`));
      });

      it('checkout answers a page that posts to the hosted page with the request fields', async () => {
        const page = await sandbox.client({ encodings }).checkout({
          order_no: `${n}-checkout-1`,
          currency: 'EUR',
          amount: '9.90',
          return_url: 'https://shop.example/back',
        });
        assert.equal(page.action, `${sandbox.url}/hosted/checkout`);
        assert.equal(page.inputs.order_no, `${n}-checkout-1`);
        assert.equal(page.inputs.orderNo, `${n}-checkout-1`);
        assert.equal(page.inputs.signInfo, page.inputs.encryption_data);
        assert.equal(page.inputs.return_url, 'https://shop.example/back');
        assert.equal(page.inputs.cancel_url, 'https://shop.example/back');
        assert.match(page.inputs.session_token ?? '', /^SS/);
        assert.match(page.html, /<script>document\.getElementById\('pay'\)\.submit\(\);<\/script>/);
      });

      it('cancel and review', async () => {
        const client = sandbox.client({ encodings });
        const paid = await client.directPayment(cardPayment(`${n}-cancel-1`));
        const cancelled = await client.cancel([
          {
            transaction_id: paid.transaction_id as string,
            order_no: `${n}-cancel-1`,
            currency: 'USD',
            amount: '10.50',
          },
        ]);
        assert.equal(cancelled.orders[0]?.cancel_status, 'success');
        const held = await client.directPayment(cardPayment(`${n}-review-1`, '4000000000009235'));
        assert.equal(held.order_status, '3');
        const reviewed = await client.review([
          {
            transaction_id: held.transaction_id as string,
            order_no: `${n}-review-1`,
            currency: 'USD',
            amount: '10.50',
            review_flag: 'approve',
          },
        ]);
        assert.equal(reviewed.orders[0]?.review_status, 'approved');
      });

      it('cancel subscription and payout', async () => {
        const client = sandbox.client({ encodings });
        const paid = await client.directPayment({
          ...cardPayment(`${n}-sub-1`),
          subscription: {
            contract: 'C',
            contract_name: 'Monthly',
            contract_amount: '10.50',
            interval: 'month',
            interval_count: '1',
          },
        });
        const cancelled = await client.cancelSubscription({
          recurring_id: paid.recurring_id as string,
          contract_name: 'Monthly',
        });
        assert.equal(cancelled.cancel_status, 'success');
        const payout = await client.payout({
          beneficiary: { first_name: 'Ada' },
          payment_amount: '20.00',
          payment_currency: 'EUR',
        });
        assert.equal(payout.status, 'pending');
      });
    });
  }

  for (const encoding of ['json', 'form', 'xml', 'json-as-form', 'json-as-xml'] as Encoding[]) {
    it(`reads a ${encoding} body whatever its Content-Type says, and signs the answer`, async () => {
      const fields = signed(
        {
          merchant_id: MERCHANT.merchant_id,
          account_id: MERCHANT.account_id,
          ...cardPayment(`raw-${encoding}`),
        },
        MERCHANT.secret_key,
      );
      const { body, contentType } = encodeBody(fields, encoding);
      const response = await sandbox.post('/v1/authorise', body, contentType);
      assert.equal(response.status, 200);
      assert.match(response.text, /<respon>.*<order_status>1<\/order_status>/s);
    });
  }

  it('signs every answer with the merchant key', async () => {
    const response = await sandbox.postSigned('/v1/retrievalTrans', {});
    assert.ok(verify(response.json(), [MERCHANT.secret_key]));
  });

  it('the checkout page has a form readable by the client', async () => {
    const response = await sandbox.postSigned('/v1/checkout', {
      order_no: 'raw-checkout',
      currency: 'USD',
      amount: '1.00',
    });
    assert.equal(readCheckoutForm(response.text)?.method, 'post');
  });
});
