import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import {
  ConnectionError,
  MalformedResponseError,
  ServiceError,
  SignatureError,
  TimeoutError,
  encodeXml,
  signed,
  type GatewayClientConfig,
} from '../../../server/gateway/index.ts';
import { clientFor as baseClient, json, KEY, withService, xml } from '../helpers/service.ts';

const ids = { merchant_id: 'M1', account_id: 'A1' };
const payment = { order_no: 'O1', currency: 'USD', amount: '10.50', token_id: 'TOK' };
const payout = {
  beneficiary: { first_name: 'Ada' },
  payment_amount: '1.00',
  payment_currency: 'EUR',
};
const captureOrder = { transaction_id: 'T1', order_no: 'O1', currency: 'USD', amount: '10.50' };

/** Fault tests wait 300 ms at most, and allow the default two retries where they are safe. */
const clientFor = (baseUrl: string, config: Partial<GatewayClientConfig> = {}) =>
  baseClient(baseUrl, { timeoutMs: 300, maxRetries: 2, ...config });

/** A port on 127.0.0.1 with nothing listening: the connection is refused before anything is sent. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('faults between the client and the service', () => {
  describe('a time-out', () => {
    it('is TimeoutError for a payment, with its outcome unknown, and is not retried', () =>
      withService(
        () => ({ fault: 'hang' }),
        async (service) => {
          await assert.rejects(clientFor(service.url).directPayment(payment), (error: unknown) => {
            assert.ok(error instanceof TimeoutError);
            assert.equal(error.outcomeUnknown, true);
            return true;
          });
          assert.equal(service.requests.length, 1);
        },
      ));

    it('is retried for a query, which is safe to repeat', () =>
      withService(
        () => ({ fault: 'hang' }),
        async (service) => {
          await clientFor(service.url)
            .query()
            .then((result) => {
              assert.equal(result.ok, false);
              assert.ok(result.failures[0]?.error instanceof TimeoutError);
            });
          assert.equal(service.requests.length, 3);
        },
      ));

    it('honours a per-call time-out and retry count', () =>
      withService(
        () => ({ fault: 'hang' }),
        async (service) => {
          await clientFor(service.url, { timeoutMs: 10_000 }).query(
            {},
            { timeoutMs: 50, maxRetries: 0 },
          );
          assert.equal(service.requests.length, 1);
        },
      ));
  });

  describe('a connection reset', () => {
    it('is ConnectionError with its outcome unknown for a capture, not retried', () =>
      withService(
        () => ({ fault: 'reset' }),
        async (service) => {
          const result = await clientFor(service.url).capture([captureOrder]);
          const error = result.failures[0]?.error;
          assert.ok(error instanceof ConnectionError);
          assert.equal(error.sent, true);
          assert.equal(error.outcomeUnknown, true);
          assert.equal(service.requests.length, 1);
        },
      ));

    it('is retried for a payout, with the same request_id every time', () =>
      withService(
        () => ({ fault: 'reset' }),
        async (service) => {
          await assert.rejects(clientFor(service.url).payout(payout), ConnectionError);
          assert.equal(service.requests.length, 3);
          const requestIds = new Set(service.requests.map((r) => r.fields.request_id));
          assert.equal(requestIds.size, 1);
        },
      ));
  });

  describe('HTTP 5xx', () => {
    it('is ServiceError for a payment, not retried', () =>
      withService(
        () => ({ status: 503, body: 'unavailable' }),
        async (service) => {
          await assert.rejects(
            clientFor(service.url).directPayment(payment),
            (error: unknown) => error instanceof ServiceError && error.status === 503,
          );
          assert.equal(service.requests.length, 1);
        },
      ));

    it('is retried for a payout until the service answers', () => {
      let calls = 0;
      return withService(
        ({ fields }) =>
          ++calls < 3
            ? { status: 502, body: '' }
            : json({ ...fields, encryption_data: undefined, status: 'pending' }),
        async (service) => {
          const record = await clientFor(service.url).payout(payout);
          assert.equal(record.status, 'pending');
          assert.equal(service.requests.length, 3);
        },
      );
    });
  });

  describe('a response with a bad signature', () => {
    it('is SignatureError, neither a success nor a failure of the payment, and not retried', () =>
      withService(
        () =>
          xml(
            { ...ids, ...payment, order_status: '1', result_info: '0000:Success' },
            'someone-else',
          ),
        async (service) => {
          await assert.rejects(clientFor(service.url).directPayment(payment), (error: unknown) => {
            assert.ok(error instanceof SignatureError);
            assert.equal(error.code, 'signature_invalid');
            assert.equal(error.outcomeUnknown, true);
            return true;
          });
          assert.equal(service.requests.length, 1);
        },
      ));

    it('is SignatureError when the signature is missing', () =>
      withService(
        () => ({
          body: JSON.stringify({
            ...ids,
            return_status: '1',
            return_message: 'OK',
            capture_orders: [],
          }),
        }),
        async (service) => {
          const result = await clientFor(service.url).capture([captureOrder]);
          assert.ok(result.failures[0]?.error instanceof SignatureError);
        },
      ));

    it('verifies with a rotated key', () =>
      withService(
        () =>
          json(
            { ...ids, return_status: '1', return_message: 'OK', capture_orders: [] },
            'next-key',
          ),
        async (service) => {
          const result = await clientFor(service.url, {
            verificationKeys: [KEY, 'next-key'],
          }).capture([captureOrder]);
          assert.equal(result.ok, true);
        },
      ));
  });

  it('an XML body cut off mid-transfer is ConnectionError with its outcome unknown', () =>
    withService(
      () => ({
        fault: 'truncate',
        body: encodeXml(signed({ ...ids, ...payment, order_status: '1' }, KEY), 'respon').slice(
          0,
          80,
        ),
      }),
      async (service) => {
        await assert.rejects(clientFor(service.url).directPayment(payment), (error: unknown) => {
          assert.ok(error instanceof ConnectionError, String(error));
          assert.equal(error.sent, true);
          assert.equal(error.outcomeUnknown, true);
          return true;
        });
        assert.equal(service.requests.length, 1);
      },
    ));

  it('a truncated XML document is MalformedResponseError', () =>
    withService(
      () => ({
        contentType: 'application/xml',
        body: encodeXml(signed({ ...ids, ...payment, order_status: '1' }, KEY), 'respon').slice(
          0,
          80,
        ),
      }),
      async (service) => {
        await assert.rejects(clientFor(service.url).directPayment(payment), MalformedResponseError);
      },
    ));

  it('a refused connection is retried even for a payment, since nothing was sent', async () => {
    const port = await closedPort();
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    await assert.rejects(
      clientFor(`http://127.0.0.1:${port}`, { fetch: counting }).directPayment(payment),
      (error: unknown) => {
        assert.ok(error instanceof ConnectionError);
        assert.equal(error.sent, false);
        assert.equal(error.outcomeUnknown, false);
        return true;
      },
    );
    assert.equal(attempts, 3);
  });
});
