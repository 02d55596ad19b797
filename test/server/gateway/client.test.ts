import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchRejectedError,
  InvalidRequestError,
  PayoutFailedError,
  RecordNotFoundError,
  verify,
  type CaptureOrder,
} from '../../../server/gateway/index.ts';
import { clientFor, json, KEY, withService, xml, type Recorded } from '../helpers/service.ts';

const ids = { merchant_id: 'M1', account_id: 'A1' };

function assertSigned(request: Recorded): void {
  assert.ok(
    verify(request.fields, [KEY]),
    `the request to ${request.path} carries a valid signature`,
  );
  assert.equal(request.fields.merchant_id, 'M1');
  assert.equal(request.fields.account_id, 'A1');
}

const order = { order_no: 'ORDER-1', currency: 'USD', amount: '10.50' };
const capture = (n: number): CaptureOrder => ({
  transaction_id: `T${n}`,
  order_no: `O${n}`,
  currency: 'USD',
  amount: '10.00',
});

describe('GatewayClient', () => {
  describe('every operation round-trips', () => {
    it('directPayment: JSON text under a form type to /v1/authorise, the XML respon back', () =>
      withService(
        ({ fields }) =>
          xml({
            ...ids, order_no: fields.order_no, amount: '10.50', currency: 'USD', transaction_id: 'T1',
            card: '411111******1111', order_status: '1', result_info: '0000:Success', token_id: 'TOK1',
            risk_action: 'accept', risk_score: '12', risk_reasons: { name: 'velocity', status: 'pass' },
            recurring_deduction_time: '2026-12-01 00:00:00',
          }), // prettier-ignore
        async (service) => {
          const result = await clientFor(service.url).directPayment({
            ...order, card: '4111111111111111', expiration_month: '12', expiration_year: '2030',
            security_code: '123', token_flag: 'YES', checkout_time: 1700000000,
            cart_items: [{ basic_item_data: { name: 'Mug', quantity: '1', price: { amount_local_currency: 10.5, currency: 'USD' } } }],
          }); // prettier-ignore
          const [request] = service.requests;
          assert.ok(request);
          assert.equal(request.path, '/v1/authorise');
          assert.equal(request.contentType, 'application/x-www-form-urlencoded');
          assert.ok(request.text.startsWith('{'));
          assertSigned(request);
          assert.equal(request.fields.card, '4111111111111111');
          assert.equal(result.amount, '10.50');
          assert.equal(result.order_status, '1');
          assert.equal(result.card, '411111******1111');
          assert.deepEqual(result.risk_reasons, { name: 'velocity', status: 'pass' });
        },
      ));

    it('apmPayment: the issuer_url back', () =>
      withService(
        () => xml({ ...ids, ...order, issuer_url: 'https://issuer.example/pay/1' }),
        async (service) => {
          const result = await clientFor(service.url).apmPayment({
            ...order,
            payment_method: 'PIX',
            person: { document_number: '123' },
          });
          assert.equal(service.requests[0]?.path, '/v1/authorise');
          assert.equal(service.requests[0]?.fields.payment_method, 'PIX');
          assertSigned(service.requests[0] as Recorded);
          assert.equal(result.issuer_url, 'https://issuer.example/pay/1');
        },
      ));

    it('checkout: declared XML to /v1/checkout, the auto-submitting page back', () =>
      withService(
        () => ({
          contentType: 'text/html',
          body: '<html><body><form method="POST" action="https://pay.example/hosted?a=1&amp;b=2"><input type="hidden" name="order_no" value="ORDER-1"><input type="hidden" name="signInfo" value="abc"></form></body></html>',
        }),
        async (service) => {
          const page = await clientFor(service.url, { encodings: 'declared' }).checkout({
            ...order,
            return_url: 'https://shop.example/back',
          });
          const [request] = service.requests;
          assert.equal(request?.path, '/v1/checkout');
          assert.equal(request?.contentType, 'application/xml');
          assert.ok(request?.text.includes('<request>'));
          assertSigned(request as Recorded);
          assert.equal(page.action, 'https://pay.example/hosted?a=1&b=2');
          assert.deepEqual(page.inputs, { order_no: 'ORDER-1', signInfo: 'abc' });
        },
      ));

    it('query: declared form to /v1/retrievalTrans, orders_list back', () =>
      withService(
        () =>
          json({
            ...ids, return_status: '1', return_message: 'OK',
            orders_list: [{ order_no: 'O1', amount: '10.50', currency: 'USD', payment_status: 'captured', is3ds: '1', transaction_date: '20261122101010', fraud_check_result: [{ check_items: 'ip', status: 'pass' }] }],
          }), // prettier-ignore
        async (service) => {
          const result = await clientFor(service.url, { encodings: { query: 'form' } }).query({
            order_no: 'O1',
          });
          const [request] = service.requests;
          assert.equal(request?.path, '/v1/retrievalTrans');
          assert.equal(request?.text.startsWith('merchant_id=M1'), true);
          assertSigned(request as Recorded);
          assert.equal(result.ok, true);
          assert.equal(result.orders[0]?.payment_status, 'captured');
          assert.equal(result.orders[0]?.amount, '10.50');
        },
      ));

    const batches = [
      ['capture', '/v1/capture', 'capture_orders', { capture_status: 'success' }, capture(1)],
      ['cancel', '/v1/cancel', 'cancel_orders', { cancel_status: 'success' }, capture(1)],
      [
        'review',
        '/v1/review',
        'review_orders',
        { review_status: 'approved', review_flag: 'approve' },
        { ...capture(1), review_flag: 'approve' },
      ],
      [
        'refund',
        '/v1/refund',
        'refund_orders',
        { refund_status: 'success', refund_amount: '5.00', refund_message: 'V0000:OK' },
        { ...capture(1), refund_amount: '5.00', refund_reason: 'damaged' },
      ],
    ] as const;
    for (const [method, path, field, status, item] of batches) {
      it(`${method}: JSON to ${path}, ${field} back`, () =>
        withService(
          ({ fields }) => {
            const items = fields[field] as Record<string, string>[];
            return json({
              ...ids,
              return_status: '1',
              return_message: 'OK',
              [field]: items.map((i) => ({
                order_no: i.order_no,
                transaction_id: i.transaction_id,
                amount: i.amount,
                currency: i.currency,
                ...status,
              })),
            });
          },
          async (service) => {
            const client = clientFor(service.url);
            type Send = (
              orders: unknown[],
            ) => Promise<{ ok: boolean; orders: Record<string, string>[] }>;
            const result = await (client[method] as Send).call(client, [item]);
            const [request] = service.requests;
            assert.equal(request?.path, path);
            assertSigned(request as Recorded);
            assert.deepEqual(request?.fields[field], [item]);
            assert.equal(result.ok, true);
            assert.equal(result.orders.length, 1);
            assert.equal(result.orders[0]?.order_no, 'O1');
          },
        ));
    }

    it('cancelSubscription: declared XML to /v1/cancelsubscription', () =>
      withService(
        ({ fields }) =>
          json({
            ...ids,
            recurring_id: fields.recurring_id,
            contract_name: fields.contract_name,
            cancel_status: 'success',
          }),
        async (service) => {
          const result = await clientFor(service.url, { encodings: 'declared' }).cancelSubscription(
            {
              recurring_id: 'R1',
              contract_name: 'Monthly box',
            },
          );
          const [request] = service.requests;
          assert.equal(request?.path, '/v1/cancelsubscription');
          assert.equal(request?.contentType, 'application/xml');
          assertSigned(request as Recorded);
          assert.equal(result.cancel_status, 'success');
        },
      ));

    it('cancelSubscription: JSON text under application/xml by default, as the sample sends', () =>
      withService(
        ({ fields }) =>
          json({
            ...ids,
            recurring_id: fields.recurring_id,
            contract_name: fields.contract_name,
            cancel_status: 'success',
          }),
        async (service) => {
          await clientFor(service.url).cancelSubscription({
            recurring_id: 'R1',
            contract_name: 'Monthly box',
          });
          assert.equal(service.requests[0]?.contentType, 'application/xml');
          assert.ok(service.requests[0]?.text.startsWith('{'));
        },
      ));

    it('refundSearch: to /v1/retrievalRefund, refund records back', () =>
      withService(
        () =>
          json({
            ...ids,
            return_status: '1',
            return_message: 'OK',
            refund_orders: [
              {
                order_no: 'O1',
                amount: '10.00',
                currency: 'USD',
                refund_amount: '4.00',
                refund_status: 'success',
                refund_date: '20261122101010',
              },
            ],
          }),
        async (service) => {
          const result = await clientFor(service.url).refundSearch({ date_from: '20261101000000' });
          assert.equal(service.requests[0]?.path, '/v1/retrievalRefund');
          assert.equal(service.requests[0]?.fields.date_from, '20261101000000');
          assert.equal(result.orders[0]?.refund_amount, '4.00');
        },
      ));

    it('payout: the record back with its response-only fields', () =>
      withService(
        ({ fields }) =>
          json({
            ...fields,
            encryption_data: undefined,
            status: 'pending',
            transaction_id: 'P1',
            fee_amount: 1.5,
            created_at: '2026-11-22T10:00:00+00:00',
          }),
        async (service) => {
          const record = await clientFor(service.url).payout({
            beneficiary: { first_name: 'Ada', last_name: 'Lovelace', entity_type: 'INDIVIDUAL', bank_details: { iban: 'DE89370400440532013000', bank_country_code: 'DE' } },
            payment_amount: '100.00', payment_currency: 'EUR', payment_method: 'SWIFT', fee_paid_by: 'PAYER',
          }); // prettier-ignore
          const [request] = service.requests;
          assert.equal(request?.path, '/v1/payout');
          assertSigned(request as Recorded);
          assert.match(String(request?.fields.request_id), /^[0-9a-f-]{36}$/);
          assert.equal(record.status, 'pending');
          assert.equal(record.request_id, request?.fields.request_id);
        },
      ));
  });

  describe('validation before sending', () => {
    it('refuses an invalid amount for the currency, naming the field, and sends nothing', () =>
      withService(
        () => ({ body: '' }),
        async (service) => {
          await assert.rejects(
            clientFor(service.url).directPayment({
              order_no: 'O1',
              currency: 'JPY',
              amount: '10.50',
              token_id: 'T',
            }),
            (error: unknown) => {
              assert.ok(error instanceof InvalidRequestError);
              assert.deepEqual(
                error.issues.map((i) => i.path),
                ['amount'],
              );
              return true;
            },
          );
          assert.equal(service.requests.length, 0);
        },
      ));

    it('refuses a breakdown that does not add up', () =>
      withService(
        () => ({ body: '' }),
        async (service) => {
          await assert.rejects(
            clientFor(service.url).checkout({ ...order, item_total: '10.00' }),
            /amount: amount 10\.50 does not match its breakdown/,
          );
          assert.equal(service.requests.length, 0);
        },
      ));

    it('refuses a batch with one invalid item before sending any of it', () =>
      withService(
        () => ({ body: '' }),
        async (service) => {
          const orders = Array.from({ length: 120 }, (_, i) => capture(i));
          orders[77] = { ...capture(77), amount: '1.234' };
          await assert.rejects(clientFor(service.url).capture(orders), (error: unknown) => {
            assert.ok(error instanceof InvalidRequestError);
            assert.equal(error.issues[0]?.path, 'capture_orders.77.amount');
            return true;
          });
          assert.equal(service.requests.length, 0);
        },
      ));
  });

  describe('batches', () => {
    it('sends 120 capture orders as 50, 50 and 20, and merges 120 results', () =>
      withService(
        ({ fields }) => {
          const items = fields.capture_orders as Record<string, string>[];
          return json({
            ...ids, return_status: '1', return_message: 'OK',
            capture_orders: items.map((i) => ({
              ...i,
              capture_status: i.order_no === 'O42' ? 'failed' : 'success',
              error_message: i.order_no === 'O42' ? 'order was cancelled' : '',
            })),
          }); // prettier-ignore
        },
        async (service) => {
          const result = await clientFor(service.url).capture(
            Array.from({ length: 120 }, (_, i) => capture(i)),
          );
          assert.deepEqual(
            service.requests.map((r) => (r.fields.capture_orders as unknown[]).length),
            [50, 50, 20],
          );
          assert.equal(result.orders.length, 120);
          assert.deepEqual(
            result.orders.map((o) => o.order_no),
            Array.from({ length: 120 }, (_, i) => `O${i}`),
          );
          const failed = result.orders.filter((o) => o.capture_status === 'failed');
          assert.deepEqual(
            failed.map((o) => [o.order_no, o.error_message]),
            [['O42', 'order was cancelled']],
          );
          assert.equal(result.ok, true);
        },
      ));

    it('keeps the other requests’ results when the service refuses one request as a whole', () =>
      withService(
        ({ fields }, index) =>
          index === 1
            ? json({ ...ids, return_status: '0', return_message: 'merchant suspended' })
            : json({
                ...ids,
                return_status: '1',
                return_message: 'OK',
                cancel_orders: (fields.cancel_orders as Record<string, string>[]).map((i) => ({
                  ...i,
                  cancel_status: 'success',
                })),
              }),
        async (service) => {
          const result = await clientFor(service.url).cancel(
            Array.from({ length: 110 }, (_, i) => capture(i)),
          );
          assert.equal(result.ok, false);
          assert.equal(result.orders.length, 60);
          assert.equal(result.failures.length, 1);
          assert.ok(result.failures[0]?.error instanceof BatchRejectedError);
          assert.equal(result.failures[0]?.orders[0]?.order_no, 'O50');
          assert.match(result.failures[0]?.error.message ?? '', /merchant suspended/);
        },
      ));

    it('splits a query for 250 order numbers into 100, 100 and 50', () =>
      withService(
        () => json({ ...ids, return_status: '1', return_message: 'OK', orders_list: [] }),
        async (service) => {
          await clientFor(service.url).query({
            order_no: Array.from({ length: 250 }, (_, i) => `O${i}`),
          });
          assert.deepEqual(
            service.requests.map((r) => String(r.fields.order_no).split(',').length),
            [100, 100, 50],
          );
        },
      ));
  });

  describe('answers of the service', () => {
    it('HTTP 404 is RecordNotFoundError', () =>
      withService(
        () => ({ status: 404, body: '{"message":"record not found"}' }),
        async (service) => {
          await assert.rejects(
            clientFor(service.url).directPayment({ ...order, token_id: 'nope' }),
            RecordNotFoundError,
          );
        },
      ));

    it('HTTP 400 is InvalidRequestError with the status', () =>
      withService(
        () => ({ status: 400, body: '{"message":"invalid input: card"}' }),
        async (service) => {
          await assert.rejects(
            clientFor(service.url).apmPayment({ ...order, payment_method: 'X' }),
            (error: unknown) => {
              assert.ok(error instanceof InvalidRequestError);
              assert.equal(error.status, 400);
              assert.match(error.message, /invalid input: card/);
              return true;
            },
          );
        },
      ));

    it('a failed payout is PayoutFailedError carrying the record', () =>
      withService(
        ({ fields }) =>
          json({
            ...fields,
            encryption_data: undefined,
            status: 'failed',
            failure_reason: 'beneficiary account closed',
            failure_type: 'BENEFICIARY',
          }),
        async (service) => {
          await assert.rejects(
            clientFor(service.url).payout({
              beneficiary: { first_name: 'A' },
              payment_amount: '1.00',
              payment_currency: 'EUR',
            }),
            (error: unknown) =>
              error instanceof PayoutFailedError && error.failureType === 'BENEFICIARY',
          );
        },
      ));
  });
});
