/**
 * What the companion's counters count, on each store, read from its registry as a scrape reads
 * it: notifications refused for their signature apart from stale ones; payments settled under
 * the flow and method they started with, each status once; reconciliation runs by trigger, and
 * the orders it recovered apart from those it expired; and no order reference in any label. The
 * real Prometheus over them is metrics.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signNotification } from '../../../server/gateway/index.ts';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { MERCHANT } from '../helpers/sandbox.ts';
import { until } from '../helpers/until.ts';

/** The value of metric `name` for exactly `labels`; 0 when it has no such series. */
async function valueOf(stack: Stack, name: string, labels: Record<string, string>) {
  const metric = stack.companion.companion.context.metrics.registry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  const same = (given: object) =>
    Object.keys(given).length === Object.keys(labels).length &&
    Object.entries(labels).every(([key, value]) => Reflect.get(given, key) === value);
  return values.find((v) => same(v.labels))?.value ?? 0;
}

const settled = (status: string, source: string, flow: string, method: string) =>
  ['acquiring_companion_payments_settled_total', { status, source, flow, method }] as const;

for (const database of TEST_DATABASES) {
  describe(`the metrics' counts, on ${database.name}`, () => {
    let stack: Stack;
    let drop = async () => undefined as void;
    before(async () => {
      const created = await database.create();
      drop = created.drop;
      stack = await startStack({
        // A dropped notification comes back only after the tests: reconciliation must find it.
        sandbox: { notificationRetryMs: [600_000] },
        companion: { database: created.location, directCardPayments: true, reconcileEveryMs: 100 },
      });
    });
    after(async () => {
      await stack?.close();
      await drop();
    });
    const count = (metric: readonly [string, Record<string, string>]) => valueOf(stack, ...metric);
    const notifications = (outcome: string) =>
      count(['acquiring_companion_notifications_total', { outcome }]);

    it('counts a notification signed too long ago as stale, and a forged one as signature', async () => {
      const send = (signature: string) =>
        fetch(`${stack.companion.url}/api/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'acquiring-signature': signature },
          body: '{}',
        });
      const hourAgo = Math.floor(Date.now() / 1000) - 3_600;
      assert.equal((await send(signNotification('{}', MERCHANT.secret_key, hourAgo))).status, 401);
      assert.equal((await send(signNotification('{}', 'not-the-key', hourAgo))).status, 401);
      assert.deepEqual([await notifications('stale'), await notifications('signature')], [1, 1]);
    });

    it('counts payments settled under the flow and method they started with', async () => {
      const hosted = await stack.widget('/checkout-sessions', sessionBody('mug.m1'));
      await stack.payHosted(String(hosted.body.frame_url));
      const pix = { payment_method: 'PIX', payer: { document_number: '529.982.247-25' } };
      const apm = await stack.widget('/apm-payments', sessionBody('mug.m2', pix));
      assert.equal(apm.status, 201, JSON.stringify(apm.body));
      await fetch(`${String(apm.body.issuer_url)}/pay`, { method: 'POST', redirect: 'manual' });
      const card = { number: '4111111111111111', expiry_month: '12', expiry_year: '2030', security_code: '123' }; // prettier-ignore
      const direct = await stack.widget('/card-payments', sessionBody('mug.m3', { card }));
      assert.equal(direct.status, 201, JSON.stringify(direct.body));
      // Each one's notification applied.
      await until(() => notifications('applied'), (n) => n === 3, { what: 'three notifications applied' }); // prettier-ignore
      const started = (flow: string, method: string) =>
        count(['acquiring_companion_payments_started_total', { flow, method }]);
      assert.deepEqual(
        [await started('checkout', 'hosted'), await started('apm', 'pix'), await started('card', 'card')],
        [1, 1, 1],
      ); // prettier-ignore
      const pixStatus = (await stack.companion.companion.context.store.orders.get('mug.m2'))
        ?.status;
      // A notification is counted applied as it is acknowledged, and settles its order a moment
      // after (notifications.ts): wait for the three to be counted.
      const settledCounts = async () => [
        await count(settled('authorised', 'notification', 'checkout', 'hosted')),
        await count(settled(String(pixStatus), 'notification', 'apm', 'pix')),
        // A direct payment's answer settles its order, unless its notification came first.
        (await count(settled('authorised', 'answer', 'card', 'card'))) +
          (await count(settled('authorised', 'notification', 'card', 'card'))),
      ];
      await until(settledCounts, (counts) => counts.join() === '1,1,1', {
        what: 'each payment counted settled under its flow and method',
      });
    });

    it('counts a capture once, whether its answer or its notification moved the order', async () => {
      const applied = await notifications('applied');
      const capture = await stack.ops('/capture', { orders: [{ order_ref: 'mug.m1' }] });
      assert.equal(capture.status, 200, JSON.stringify(capture.body));
      // The capture's notification applied too: it finds the order captured, or captures it.
      await until(() => notifications('applied'), (n) => n > applied, { what: 'its notification' }); // prettier-ignore
      const captured = async () =>
        (await count(settled('captured', 'operation', 'checkout', 'hosted'))) +
        (await count(settled('captured', 'notification', 'checkout', 'hosted')));
      await until(captured, (n) => n >= 1, { what: 'the capture counted' });
      assert.equal(await captured(), 1, 'counted once');
    });

    it('counts runs by trigger, and the orders reconciliation recovered apart from those it expired', async () => {
      // Paid at the service, its notification lost: reconciliation learns it was authorised.
      const lost = await stack.widget('/checkout-sessions', sessionBody('mug.m4'));
      await stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, drop_notifications: 1 }); // prettier-ignore
      await stack.payHosted(String(lost.body.frame_url));
      // Pending past the attempt lifetime (24 h): its attempt made long ago.
      await stack.widget('/checkout-sessions', sessionBody('mug.m5'));
      const { db } = stack.companion.companion.context.store;
      await db.updateTable('attempts').set({ created_at: 0 }).where('order_ref', '=', 'mug.m5').execute(); // prettier-ignore
      const runs = (trigger: string) =>
        count(['acquiring_companion_reconciliation_runs_total', { trigger, outcome: 'ok' }]);
      const byHand = await runs('by_hand');
      const answer = await stack.ops('/reconcile', {});
      assert.deepEqual([answer.body.settled, answer.body.expired], [1, 1]);
      assert.equal(await runs('by_hand'), byHand + 1);
      const orders = (outcome: string) =>
        count(['acquiring_companion_reconciliation_orders_total', { outcome }]);
      assert.deepEqual([await orders('recovered'), await orders('expired')], [1, 1]);
      assert.deepEqual(
        [
          await count(settled('authorised', 'reconciliation', 'checkout', 'hosted')),
          await count(settled('expired', 'reconciliation', 'checkout', 'hosted')),
        ],
        [1, 1],
      );
      // The periodic job (every 100 ms here) is counted as scheduled.
      await until(
        () => runs('scheduled'),
        (n) => n >= 1,
        { what: 'a scheduled run' },
      );
    });

    it('names no order in any label', async () => {
      const scrape = await stack.companion.companion.context.metrics.registry.metrics();
      assert.match(scrape, /acquiring_companion_payments_settled_total\{/);
      assert.doesNotMatch(scrape, /mug\.m\d/);
    });
  });
}
