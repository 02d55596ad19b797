/**
 * What the fuzzer found (issue 26), each held by a test of its own on both stores: NUL in an
 * order reference, JSON nested deep, a path that is not UTF-8, a signed notification with text
 * PostgreSQL cannot keep, reconciliation on PostgreSQL, a merchant's resolver that fails, a
 * refused operation that left its idempotency key behind, a body the service would not read; and
 * from the fuzzer made from the schemas: a search date, a token and a currency that the service
 * refused (each a 502 before), raw bytes in a path (Node's bare 400 before).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signed } from '../../../server/gateway/signing.ts';
import {
  NOTIFICATION_SIGNATURE_HEADER,
  signNotification,
} from '../../../server/gateway/notification-signature.ts';
import { PAYOUT, sessionBody, stackOn, startStack, type Answer } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { MERCHANT } from '../helpers/sandbox.ts';
import { send } from '../fuzz/send.ts';

/** The field a 400 names: its first issue's path. */
const field = (answer: Answer) => (answer.body.issues as { path: string }[] | undefined)?.[0]?.path;

/** An array nested `depth` deep, as text: JSON.stringify would have to build it first. */
const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

for (const database of TEST_DATABASES) {
  describe(`hostile input the fuzzer found, on ${database.name}`, () => {
    const world = stackOn(database, { directCardPayments: true });

    it('refuses NUL in an order reference, in a path or a body, naming where', async () => {
      const inPath = await world.stack.ops('/orders/%00');
      assert.equal(inPath.status, 400);
      assert.equal(field(inPath), '(path)');
      const inBody = await world.stack.ops('/cancel-subscription', { order_ref: 'mug\u0000.1' });
      assert.equal(inBody.status, 400);
      assert.equal(field(inBody), 'order_ref');
      assert.match(String(inBody.body.detail), /^order_ref: contains a NUL character/);
    });

    it('refuses half a surrogate pair in a body or a query', async () => {
      const body = await world.stack.ops('/query', { orders: [{ order_ref: 'x\udc00' }] });
      assert.equal(body.status, 400);
      assert.equal(field(body), 'orders.0.order_ref');
      const query = await world.stack.ops('/orders?ref_prefix=%ED%A0%80');
      assert.equal(query.status, 400);
    });

    it('refuses JSON nested deeper than 16 levels before parsing it, on every batch operation', async () => {
      for (const path of ['/cancel', '/payouts', '/direct-payments']) {
        const body = `{"orders":[{"order_ref":"mug.1","amount":"1.00","x":${deep(14_000)}}]}`;
        const answer = await world.stack.ops(path, body, {
          'idempotency-key': `deep-${path.slice(1)}`,
        });
        assert.equal(answer.status, 400, path);
        assert.equal(field(answer), '(body)', path);
        assert.match(String(answer.body.detail), /nested deeper than 16 levels/);
      }
    });

    it('refuses a path that is not valid UTF-8 with 400, not 500', async () => {
      const answer = await fetch(`${world.stack.companion.url}/return/checkout/%0E%F4%8F%BF%B9%00`);
      assert.equal(answer.status, 400);
      const body = (await answer.json()) as { issues: { path: string }[] };
      assert.equal(body.issues[0]?.path, '(path)');
    });

    it('refuses a correctly signed notification whose text cannot be stored, and stores nothing', async () => {
      const fields = signed(
        { notification_id: 'N-nul', event: 'payment.\u0000', sequence: 1, merchant_id: MERCHANT.merchant_id, order_no: 'mug.n-1' },
        MERCHANT.secret_key,
      ); // prettier-ignore
      const text = JSON.stringify(fields);
      const answer = await fetch(`${world.stack.companion.url}/api/notifications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [NOTIFICATION_SIGNATURE_HEADER]: signNotification(text, MERCHANT.secret_key),
        },
        body: text,
      });
      assert.equal(answer.status, 400);
      assert.equal(
        ((await answer.json()) as { issues: { path: string }[] }).issues[0]?.path,
        'event',
      );
      const { db } = world.stack.companion.companion.context.store;
      assert.deepEqual(await db.selectFrom('notifications').selectAll().execute(), []);
    });

    it('reconciles by hand: POST /api/ops/reconcile answers its counts', async () => {
      const session = await world.stack.widget('/checkout-sessions', sessionBody('mug.recon1'));
      assert.equal(session.status, 201);
      const answer = await world.stack.ops('/reconcile', {});
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      // The one order was looked at (whatever the service said of it).
      const counts = Object.values(answer.body as Record<string, number>);
      assert.equal(
        counts.reduce((sum, n) => sum + n, 0),
        1,
        JSON.stringify(answer.body),
      );
    });

    it('answers 413, not retryable, for a payout whose body the service will not read', async () => {
      // The longer fuzz run's find: 100 kB in one field, past the service's body limit, was a
      // 503 inviting the same request again.
      const bank_details = { account_number: 'x'.repeat(100_000) };
      const huge = { ...PAYOUT, beneficiary: { ...PAYOUT.beneficiary, bank_details } };
      const answer = await world.stack.ops('/payouts', huge, {
        'idempotency-key': 'payout-huge-1',
      });
      assert.equal(answer.status, 413, JSON.stringify(answer.body));
      assert.equal(answer.body.retryable, false);
      assert.equal(field(answer), '(body)');
    });

    it('refuses a search date the service would refuse with 400 naming date_from (it was a 502)', async () => {
      // The schema-made fuzz run's find: 14 digits that are no date passed the companion's check.
      for (const path of ['/query', '/refund-search']) {
        const answer = await world.stack.ops(path, { date_from: '37772369447844' });
        assert.equal(answer.status, 400, `${path}: ${JSON.stringify(answer.body)}`);
        assert.equal(field(answer), 'date_from', path);
      }
    });

    it('answers a direct payment with a token the service does not know with 404 naming token_id (it was a 502)', async () => {
      const body = { order_ref: 'mug.token1', token_id: 'tok-nobody-has' };
      const answer = await world.stack.ops('/direct-payments', body, {
        'idempotency-key': 'direct-unknown-token-1',
      });
      assert.equal(answer.status, 404, JSON.stringify(answer.body));
      assert.equal(field(answer), 'token_id');
      assert.equal(answer.body.detail, 'token_id: the payment service has no card stored under this token'); // prettier-ignore
    });

    it('refuses a payout in a currency that does not exist with 400 naming it (it was a 502), keeping nothing', async () => {
      // The longer run's find: `AAA` has a currency code's shape; the service knows no such currency.
      const key = 'payout-no-currency-1';
      const answer = await world.stack.ops('/payouts', { ...PAYOUT, source_currency: 'AAA' }, { 'idempotency-key': key }); // prettier-ignore
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(field(answer), 'source_currency');
      const { db } = world.stack.companion.companion.context.store;
      const kept = await db.selectFrom('payouts').selectAll().where('idempotency_key', '=', key).execute(); // prettier-ignore
      assert.deepEqual(kept, []);
    });

    it('answers a payout currency the service does not convert with 422 naming it (it was a 502)', async () => {
      const answer = await world.stack.ops('/payouts', { ...PAYOUT, source_currency: 'BTN' }, { 'idempotency-key': 'payout-btn-1' }); // prettier-ignore
      assert.equal(answer.status, 422, JSON.stringify(answer.body));
      assert.equal(field(answer), 'source_currency');
      assert.equal(answer.body.retryable, false);
    });

    it('forgets the idempotency key of a refused request, so the corrected one can use it', async () => {
      const key = { 'idempotency-key': 'payout-corrected-1' };
      const refused = await world.stack.ops('/payouts', { ...PAYOUT, payment_amount: '-1' }, key);
      assert.equal(refused.status, 400);
      const corrected = await world.stack.ops('/payouts', PAYOUT, key);
      assert.equal(corrected.status, 201, JSON.stringify(corrected.body));
    });
  });
}

for (const database of TEST_DATABASES) {
  describe(`a merchant's resolveOrder that throws, on ${database.name}`, () => {
    const failing = stackOn(database, {
      resolveOrder: () => Promise.reject(new Error('the shop database is down')),
    });

    it('answers 502, retryable, and records no order', async () => {
      const answer = await failing.stack.widget('/checkout-sessions', sessionBody('mug.r502'));
      assert.equal(answer.status, 502);
      assert.equal(answer.body.retryable, true);
      assert.equal(answer.body.detail, 'the shop could not look this order up');
      const { db } = failing.stack.companion.companion.context.store;
      assert.deepEqual(await db.selectFrom('orders').selectAll().execute(), []);
    });
  });
}

describe('a path with raw bytes that are not ASCII', () => {
  it('is answered as a problem naming (path), not as Node’s bare 400', async () => {
    const stack = await startStack();
    try {
      // Sent as bytes 0xFE 0xFF: fetch would percent-encode them, node:http (send) does not.
      const reply = await send(stack.companion.url, 'GET', '/api/ops/orders/\u00fe\u00ff', {}, undefined); // prettier-ignore
      assert.equal(reply.status, 400);
      assert.match(String(reply.headers['content-type']), /^application\/problem\+json/);
      assert.equal((JSON.parse(reply.text) as { issues: { path: string }[] }).issues[0]?.path, '(path)'); // prettier-ignore
      assert.equal((await fetch(`${stack.companion.url}/healthz`)).status, 200);
    } finally {
      await stack.close();
    }
  });
});

describe('the sandbox', () => {
  it('the sandbox answers JSON nested deep in a correctly signed request with 400 naming the body', async () => {
    const stack = await startStack();
    try {
      const fields = signed(
        { merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id, order_no: 'deep-1' },
        MERCHANT.secret_key,
      );
      const text = JSON.stringify(fields).replace(/}$/, `,"card":${deep(20_000)}}`);
      const answer = await fetch(`${stack.sandbox.url}/v1/authorise`, {
        method: 'POST',
        body: text,
      });
      assert.equal(answer.status, 400);
      const body = (await answer.json()) as { field: string; message: string };
      assert.equal(body.field, '(body)');
      assert.match(body.message, /nested deeper than 16 levels/);
    } finally {
      await stack.close();
    }
  });
});
