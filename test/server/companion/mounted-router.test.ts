/**
 * `createCompanion(config).router` mounted in a merchant's own Express app at /payments, against a
 * sandbox from `startSandbox()`: what the widget, the shopper's browser and the service reach. On
 * both stores.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Companion } from 'acquiring-checkout-server/companion';
import type { RunningSandbox } from 'acquiring-checkout-server/sandbox';
import { SHOP } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { startHost, type Host } from '../helpers/mounted.ts';
import { until } from '../helpers/until.ts';

/** Pays on the service's hosted page behind a frame address, as the shopper's browser would. */
async function payHosted(sandbox: RunningSandbox, frameUrl: string): Promise<void> {
  const page = await (await fetch(frameUrl)).text();
  const token = /name="session_token" value="([^"]+)"/.exec(page)?.[1];
  assert.ok(token, 'the frame serves the service’s checkout page');
  const paid = await fetch(`${sandbox.url}/hosted/${token}/pay`, {
    method: 'POST',
    body: new URLSearchParams({
      card: '4111111111111111',
      expiry: '12/30',
      security_code: '123',
      name: 'Ada',
    }),
    redirect: 'manual',
  });
  assert.equal(paid.status, 303);
}

/** Waits, up to a deadline, until the sandbox has tried once to deliver the order's notification. */
async function firstDelivery(sandbox: RunningSandbox, orderNo: string) {
  const row = await until(
    () =>
      sandbox.sandbox.engine.store
        .notifications()
        .find((n) => n.attempts > 0 && n.body.includes(`"order_no":"${orderNo}"`)),
    (row) => row !== undefined,
    { what: `a notification of ${orderNo}` },
  );
  if (!row) throw new Error(`no notification of ${orderNo}`);
  return row;
}

/** Waits, up to a deadline, until the companion has the order in `status`. */
async function waitForStatus(companion: Companion, orderRef: string, status: string) {
  await until(
    () => companion.context.store.orders.get(orderRef),
    (order) => order?.status === status,
    { what: `${orderRef} ${status}` },
  );
}

for (const database of TEST_DATABASES) {
  for (const publicPath of ['/payments', '/payments/']) {
    describe(`the companion’s router mounted at /payments, publicUrl ending in ${publicPath}, on ${database.name}`, () => {
      let host: Host;
      before(async () => (host = await startHost(database, publicPath)));
      after(() => host.close());

      describe('POST /payments/api/checkout-sessions', () => {
        it('answers a one-time frame address under the mount, which serves the payment page', async () => {
          const created = await host.createSession('mug.m1');
          assert.equal(created.status, 201);
          const frameUrl = String(created.body.frame_url);
          assert.ok(frameUrl.startsWith(`${host.origin}/payments/pay/`), frameUrl);
          assert.doesNotMatch(new URL(frameUrl).pathname, /\/\//);

          const page = await fetch(frameUrl);
          assert.equal(page.status, 200);
          assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
          assert.match(await page.text(), /name="order_no" value="mug\.m1-1"/);
        });
      });

      it('answers GET /payments/healthz', async () => {
        const health = await fetch(`${host.origin}/payments/healthz`);
        assert.deepEqual([health.status, await health.json()], [200, { ok: true }]);
      });

      it('leaves the host app’s routes, and what it does not know, to the host app', async () => {
        const other = await fetch(`${host.origin}/other`);
        assert.deepEqual([other.status, await other.text()], [200, 'the host’s page']);
        assert.equal(other.headers.get('content-security-policy'), null, 'no companion headers');
        for (const path of ['/nowhere', '/healthz', '/pay/x', '/payments/nowhere']) {
          const answer = await fetch(host.origin + path);
          assert.deepEqual([answer.status, await answer.text()], [404, 'host 404'], path);
        }
      });

      it('serves the return page with its script by a path under the mount', async () => {
        assert.equal((await host.createSession('mug.m2')).status, 201);
        const page = await fetch(`${host.origin}/payments/return/checkout/mug.m2`);
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.match(html, /<script src="\/payments\/assets\/return\.js" defer><\/script>/);
        assert.match(html, new RegExp(`data-target-origin="${SHOP}"`));

        const script = await fetch(`${host.origin}/payments/assets/return.js`);
        assert.equal(script.status, 200);
        assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
        assert.match(await script.text(), /postMessage/);
      });

      it('takes the service’s notifications at the notify_url under the mount', async () => {
        const created = await host.createSession('mug.m3');
        await payHosted(host.sandbox, String(created.body.frame_url));
        const delivery = await firstDelivery(host.sandbox, 'mug.m3-1');
        assert.equal(delivery.url, `${host.origin}/payments/api/notifications`);
        assert.equal(delivery.state, 'delivered');
        await waitForStatus(host.companion, 'mug.m3', 'authorised');
      });
    });
  }

  describe(`the companion’s router mounted behind the host app’s own express.json(), on ${database.name}`, () => {
    let host: Host;
    before(async () => (host = await startHost(database, '/payments', { jsonEverywhere: true })));
    after(() => host.close());

    it('still creates checkout sessions', async () => {
      assert.equal((await host.createSession('mug.j1')).status, 201);
    });

    it('refuses the service’s notifications with a 500 that names the misplaced mount', async () => {
      // Their signature is over the raw body, which the host's express.json() has consumed.
      const response = await fetch(`${host.origin}/payments/api/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ notification_id: 'N-1', event: 'payment.authorised' }),
      });
      assert.equal(response.status, 500);
      assert.match(
        ((await response.json()) as { detail: string }).detail,
        /mount the companion router before express\.json\(\)/,
      );
    });
  });
}
