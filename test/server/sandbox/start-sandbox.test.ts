/**
 * `startSandbox()` as a merchant's own test suite uses it, from the package entry
 * `acquiring-checkout-server/sandbox`, with `GatewayClient` from `acquiring-checkout-server/gateway`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { listenBeforeReady } from 'acquiring-checkout-server/companion';
import { GatewayClient } from 'acquiring-checkout-server/gateway';
import { DEFAULT_MERCHANT, startSandbox } from 'acquiring-checkout-server/sandbox';
import { freePort } from '../helpers/bins.ts';
import { until } from '../helpers/until.ts';

/** True when `port` on 127.0.0.1 can be listened on again. */
async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('startSandbox()', () => {
  it('listens on a free port of 127.0.0.1, a different one each time', async () => {
    const [first, second] = [await startSandbox(), await startSandbox()];
    try {
      for (const running of [first, second]) {
        const { port } = running.server.address() as { port: number };
        assert.ok(port > 0);
        assert.equal(running.url, `http://127.0.0.1:${port}`);
      }
      assert.notEqual(first.url, second.url);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('gives a gateway config that GatewayClient signs with, for the default merchant', async () => {
    const running = await startSandbox();
    try {
      assert.deepEqual(running.merchant, DEFAULT_MERCHANT);
      assert.deepEqual(running.gateway, {
        baseUrl: running.url,
        merchantId: DEFAULT_MERCHANT.merchant_id,
        accountId: DEFAULT_MERCHANT.account_id,
        secretKey: DEFAULT_MERCHANT.secret_key,
      });
      const client = new GatewayClient(running.gateway);
      const none = await client.query({ order_no: 'never-created-1' });
      assert.deepEqual([none.ok, none.orders, none.failures], [true, [], []]);

      const page = await client.checkout({
        order_no: 'entry-checkout-1',
        currency: 'USD',
        amount: '12.00',
        return_url: 'https://shop.example/back',
      });
      assert.equal(page.action, `${running.url}/hosted/checkout`, 'pages are on the real port');
      const [order] = (await client.query({ order_no: 'entry-checkout-1' })).orders;
      assert.equal(order?.amount, '12.00');
    } finally {
      await running.close();
    }
  });

  it('signs as the first of the merchants it is given', async () => {
    const merchant = {
      merchant_id: 'own-merchant',
      account_id: 'own-account',
      secret_key: 'own-secret-key-0123',
    };
    const running = await startSandbox({ merchants: [merchant] });
    try {
      assert.deepEqual(running.merchant, merchant);
      assert.equal(running.gateway.secretKey, merchant.secret_key);
      assert.equal((await new GatewayClient(running.gateway).query()).ok, true);
    } finally {
      await running.close();
    }
  });

  it('frees its port on close()', async () => {
    const running = await startSandbox();
    const { port } = running.server.address() as { port: number };
    assert.equal(await canListen(port), false, 'taken while it runs');
    await running.close();
    assert.equal(running.server.listening, false);
    assert.equal(await canListen(port), true);
    await assert.rejects(fetch(`${running.url}/v1/retrievalTrans`), TypeError);
  });

  it('answers the first request its port accepts: 503 with Retry-After while it starts, or the sandbox', async () => {
    const port = await freePort();
    const starting = startSandbox({ port });
    // Asked again until the port takes the connection; whatever it answers first is an answer.
    const first = await until(
      () => fetch(`http://127.0.0.1:${port}/hosted/done`).catch(() => undefined),
      (answer) => answer !== undefined,
      { what: 'a first answer', everyMs: 1 },
    );
    const running = await starting;
    try {
      if (first?.status === 503) assert.equal(first.headers.get('retry-after'), '1');
      else assert.equal(first?.status, 200);
      assert.equal((await fetch(`${running.url}/hosted/done`)).status, 200);
    } finally {
      await running.close();
    }
  });

  describe('the /admin routes', () => {
    it('are not there by default', async () => {
      const running = await startSandbox();
      try {
        const faults = await fetch(`${running.url}/admin/faults/${running.merchant.merchant_id}`);
        assert.equal(faults.status, 404);
        const tick = await fetch(`${running.url}/admin/tick`, { method: 'POST' });
        assert.equal(tick.status, 404);
      } finally {
        await running.close();
      }
    });

    it('are there with admin: true', async () => {
      const running = await startSandbox({ admin: true });
      try {
        const faults = await fetch(`${running.url}/admin/faults/${running.merchant.merchant_id}`);
        assert.equal(faults.status, 200);
        const tick = await fetch(`${running.url}/admin/tick`, { method: 'POST' });
        assert.equal(tick.status, 200);
        assert.match(((await tick.json()) as { now: string }).now, /^\d{4}-\d\d-\d\dT/);
      } finally {
        await running.close();
      }
    });
  });
});

describe('listenBeforeReady(), which startSandbox() and the bins listen with', () => {
  it('answers 503 Starting with Retry-After until it is given its app, then the app', async () => {
    const { server, port, serve } = await listenBeforeReady(0, '127.0.0.1');
    try {
      const early = await fetch(`http://127.0.0.1:${port}/anything`);
      assert.deepEqual(
        [early.status, early.headers.get('retry-after'), early.headers.get('content-type')],
        [503, '1', 'application/problem+json'],
      );
      assert.equal(((await early.json()) as { title: string }).title, 'Starting');
      serve((_request, response) => response.end('served'));
      assert.equal(await (await fetch(`http://127.0.0.1:${port}/anything`)).text(), 'served');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
