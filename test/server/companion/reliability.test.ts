import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionBody, startCompanion, startStack, SHOP, type Stack } from '../helpers/companion.ts';
import { until } from '../helpers/until.ts';

const faults = (stack: Stack, knobs: Record<string, unknown>) =>
  stack.sandbox.admin('/faults', { merchant_id: 'sandbox-merchant', ...knobs });

describe('faults between the companion and the service', () => {
  it('the service down: a clear, retryable error, and a new attempt once it is back', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const companion = await startCompanion(`http://127.0.0.1:${port}`, {
      gateway: {
        baseUrl: `http://127.0.0.1:${port}`,
        merchantId: 'm',
        accountId: 'a',
        secretKey: 'sandbox-secret-key',
        maxRetries: 0,
      },
    });
    try {
      const response = await fetch(`${companion.url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SHOP },
        body: JSON.stringify(sessionBody('mug.f1')),
      });
      const problem = (await response.json()) as { retryable: boolean };
      assert.equal(response.status, 503);
      assert.equal(problem.retryable, true);
      assert.equal(
        (await companion.companion.context.store.orders.get('mug.f1'))?.status,
        'failed',
      );
    } finally {
      await companion.close();
    }
  });

  for (const [name, knobs, route, extra] of [
    ['slower than the time-out', { delay_ms: 2_500 }, '/checkout-sessions', {}],
    [
      'a dropped connection after the service acted',
      { drop_after_acting: 1 },
      '/checkout-sessions',
      {},
    ],
    // A checkout answers an HTML page, which carries no signature; an APM answer is signed.
    [
      'a bad response signature',
      { bad_signature: 1 },
      '/apm-payments',
      {
        payment_method: 'PIX',
        payer: { document_number: '529.982.247-25' },
        return_url: `${SHOP}/back`,
      },
    ],
  ] as const) {
    it(`${name}: the order is unknown, the widget may retry, and reconciliation settles it`, async () => {
      const stack = await startStack();
      try {
        await faults(stack, knobs);
        const first = await stack.widget(route, sessionBody('mug.f2', extra));
        assert.deepEqual([first.status, first.body.retryable], [503, true]);
        assert.equal(
          (await stack.companion.companion.context.store.orders.get('mug.f2'))?.status,
          'unknown',
        );
        await faults(stack, {});
        await new Promise((resolve) => setTimeout(resolve, 'delay_ms' in knobs ? 800 : 0));
        // The service has the payment, pending, but its page (or issuer address) never reached
        // anyone: nobody can pay it, so it is abandoned (F3) and the retry starts a new one.
        const settled = await stack.companion.companion.reconcile();
        assert.equal(settled.abandoned, 1);
        assert.equal(
          (await stack.companion.companion.context.store.orders.get('mug.f2'))?.status,
          'created',
        );
        const retry = await stack.widget(route, sessionBody('mug.f2', extra));
        assert.deepEqual([retry.status, retry.body.order_no], [201, 'mug.f2-2']);
        assert.ok(retry.body.frame_url ?? retry.body.issuer_url, 'the shopper can go on paying');
      } finally {
        await stack.close();
      }
    });
  }

  it('a 5xx: the order is unknown until a query shows the service never made it; then a retry is a new attempt', async () => {
    const stack = await startStack();
    try {
      await faults(stack, { status_5xx: 1 });
      const first = await stack.widget('/checkout-sessions', sessionBody('mug.f3'));
      assert.deepEqual([first.status, first.body.retryable], [503, true]);
      assert.equal(
        (await stack.companion.companion.context.store.orders.get('mug.f3'))?.status,
        'unknown',
      );
      const retry = await stack.widget('/checkout-sessions', sessionBody('mug.f3'));
      assert.deepEqual([retry.status, retry.body.order_no], [201, 'mug.f3-2']);
    } finally {
      await stack.close();
    }
  });

  it('the companion restarted in the middle of a payment loses nothing, and the notification still lands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-'));
    const database = join(dir, 'companion.sqlite');
    const stack = await startStack({
      companion: { database },
      sandbox: { notificationRetryMs: [100, 100, 100, 100, 100] },
    });
    try {
      const created = await stack.widget('/checkout-sessions', sessionBody('mug.f4'));
      const notifyUrl = `${stack.companion.url}/api/notifications`;
      const session = await stack.openHosted(String(created.body.frame_url));
      await stack.companion.close();
      await stack.payOpened(session);
      // The sandbox's notification now fails (nobody listens) and is retried.
      const again = await startCompanion(stack.sandbox.url, { database });
      try {
        // Point the queued notification at the restarted companion's new port.
        stack.sandbox.sandbox.engine.store.db
          .prepare('UPDATE notifications SET url = ? WHERE url = ?')
          .run([`${again.url}/api/notifications`, notifyUrl]);
        await until(
          () => again.companion.context.store.orders.get('mug.f4'),
          (order) => order?.status === 'authorised',
          { what: 'the notification landing after the restart' },
        );
      } finally {
        await again.close();
      }
    } finally {
      await stack.sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
