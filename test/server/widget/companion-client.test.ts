/**
 * The widget's calls wait as the companion advises: a 503 with `retry_after` (an attempt being
 * created or recovered) is sent again after that delay, at most three times, and then shown. Run
 * in Node against a real HTTP server that answers as the companion does.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPayment } from '../../../widget/src/companion-client.ts';
import { CheckoutError } from '../../../widget/src/checkout-error.ts';

const SESSION = { order_ref: 'mug.1', order_no: 'mug.1-1', frame_url: 'http://x/pay/1' };

describe("the widget's calls, told to wait", () => {
  let server: Server;
  let url = '';
  /** How many 503s the server gives before the session, and when each request came. */
  let busy = 0;
  let seen: number[] = [];
  before(async () => {
    server = createServer((request, response) => {
      seen.push(Date.now());
      request.resume();
      if (busy-- > 0) {
        response.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1' });
        response.end(JSON.stringify({ title: 'Payment is being created', status: 503, detail: 'try again in a moment', retryable: true, retry_after: 0.2 }));
        return;
      }
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify(SESSION));
    }); // prettier-ignore
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const start = () =>
    startPayment(url, '/checkout-sessions', {
      order_ref: 'mug.1',
      attempt_key: 'attempt-1',
    } as never);

  it('sends the same request again after the advised delay, and gets the session', async () => {
    [busy, seen] = [2, []];
    assert.deepEqual(await start(), SESSION);
    assert.equal(seen.length, 3);
    for (let i = 1; i < seen.length; i++)
      assert.ok((seen[i] as number) - (seen[i - 1] as number) >= 190, `waited before try ${i + 1}`);
  });

  it('gives up after three waits, with the companion’s words, retryable', async () => {
    [busy, seen] = [10, []];
    await assert.rejects(start(), (error: CheckoutError) => {
      assert.equal(error.code, 'unavailable');
      assert.equal(error.message, 'try again in a moment');
      assert.equal(error.retryable, true);
      return true;
    });
    assert.equal(seen.length, 4);
  });
});
