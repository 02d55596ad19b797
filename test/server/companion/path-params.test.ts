/**
 * Path parameters are read as body fields are (server/companion/http/params.ts): a value that does not
 * fit its schema is a 400 naming the parameter, in the same shape as a body's field errors; and
 * every other refusal names the field, header or part of the request it refused. On both stores.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OPS_TOKEN, SHOP, stackOn, type Answer } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';

/** What a refusal names: its one issue's path, and its detail's `field: ` prefix. */
function named(answer: Answer): [string | undefined, string | undefined] {
  const issues = answer.body.issues as { path: string }[] | undefined;
  return [issues?.[0]?.path, /^([^:]+): /.exec(String(answer.body.detail))?.[1]];
}

async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  const response = await fetch(url, { headers, method });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }; // prettier-ignore
}

/** Each route with a parameter, called with a value its schema refuses. */
const BAD_PARAMETERS: { path: string; param: string; headers: Record<string, string>; method?: string }[] = [
  { path: '/api/orders/mug%20one', param: 'order_ref', headers: { origin: SHOP } },
  { path: `/api/order-summaries/${'x'.repeat(49)}`, param: 'order_ref', headers: { origin: SHOP } },
  { path: '/api/saved-cards/card-1', param: 'card_id', headers: { origin: SHOP }, method: 'DELETE' },
  { path: '/api/ops/orders/mug$1', param: 'order_ref', headers: { authorization: `Bearer ${OPS_TOKEN}` } },
  { path: '/pay/not-a-page-address', param: 'token', headers: {} },
  { path: '/return/checkout/a%2Fb', param: 'order_ref', headers: {} },
  { path: '/return/apm/%F0%9F%99%82', param: 'order_ref', headers: {} },
  { path: '/api/orders/...', param: 'order_ref', headers: { origin: SHOP } },
  { path: '/api/ops/orders/....', param: 'order_ref', headers: { authorization: `Bearer ${OPS_TOKEN}` } },
]; // prettier-ignore

for (const database of TEST_DATABASES) {
  describe(`path parameters, on ${database.name}`, () => {
    const world = stackOn(database);

    for (const { path, param, headers, method = 'GET' } of BAD_PARAMETERS) {
      it(`${method} ${path}: 400 naming ${param}`, async () => {
        const answer = await get(world.stack.companion.url + path, headers, method);
        assert.equal(answer.status, 400, JSON.stringify(answer.body));
        assert.deepEqual(named(answer), [param, param]);
      });
    }

    it('a well-formed reference the store does not know: 404 naming order_ref', async () => {
      const answer = await world.stack.ops('/orders/mug.unknown-1');
      assert.equal(answer.status, 404);
      assert.deepEqual(named(answer), ['order_ref', 'order_ref']);
    });
  });

  describe(`every refusal names what it refused, on ${database.name}`, () => {
    const world = stackOn(database);

    it('names the header of a missing bearer token, a content type, an idempotency key', async () => {
      const { stack } = world;
      const noToken = await get(`${stack.companion.url}/api/ops/orders`);
      assert.deepEqual(
        [noToken.status, ...named(noToken)],
        [401, 'authorization', 'authorization'],
      );
      const form = await stack.ops('/capture', 'orders=1', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      assert.deepEqual([form.status, ...named(form)], [415, 'content-type', 'content-type']);
      const key = await stack.ops('/payouts', {}, { 'idempotency-key': 'short' });
      assert.deepEqual([key.status, ...named(key)], [400, 'idempotency-key', 'idempotency-key']);
    });

    it('names the path of a route that does not exist, and the order a batch does not know', async () => {
      const { stack } = world;
      const nowhere = await get(`${stack.companion.url}/api/nowhere`);
      assert.deepEqual([nowhere.status, ...named(nowhere)], [404, '(path)', '(path)']);
      const batch = await stack.ops(
        '/cancel',
        { orders: [{ order_ref: 'mug.nothing' }] },
        { 'idempotency-key': 'cancel-unknown-1' },
      );
      assert.deepEqual(
        [batch.status, ...named(batch)],
        [404, 'orders.0.order_ref', 'orders.0.order_ref'],
      );
    });
  });
}
