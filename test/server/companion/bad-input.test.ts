/**
 * Bad input is a 4xx naming what is wrong, never a 500 or a 502: unsupported charsets and
 * content encodings, out-of-range query parameters, amounts with too many decimals (F6, F7).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sessionBody, startStack, SHOP, OPS_TOKEN, type Stack } from '../helpers/companion.ts';

describe('the companion, given bad input', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  const raw = (path: string, headers: Record<string, string>, body: string) =>
    fetch(stack.companion.url + path, {
      method: 'POST',
      headers: { origin: SHOP, ...headers },
      body,
    });

  it('refuses a body in another charset than UTF-8 with 415, UTF-7 and UTF-16 too', async () => {
    const body = JSON.stringify(sessionBody('mug.bad1'));
    for (const charset of ['latin1', 'utf-7', 'UTF-16LE', '"utf-16"']) {
      const response = await raw(
        '/api/checkout-sessions',
        { 'content-type': `application/json; charset=${charset}` },
        body,
      );
      assert.equal(response.status, 415, charset);
      const problem = (await response.json()) as { title: string; detail: string };
      assert.equal(problem.title, 'Unsupported charset', charset);
      assert.match(problem.detail, /^content-type: /, charset);
    }
  });

  it('refuses bytes that are not UTF-8, rather than keep them replaced, naming the body', async () => {
    const text = JSON.stringify(sessionBody('mug.bad1', { shopper: { first_name: 'AB' } }));
    const [before, after] = text.split('AB') as [string, string];
    const bytes = Buffer.concat([
      Buffer.from(before),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(after),
    ]);
    const response = await fetch(`${stack.companion.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { origin: SHOP, 'content-type': 'application/json; charset=utf-8' },
      body: bytes,
    });
    assert.equal(response.status, 400);
    assert.equal(
      ((await response.json()) as { detail: string }).detail,
      '(body): is not valid UTF-8',
    );
  });

  it('refuses an unknown content encoding with 415, on the widget and notification routes', async () => {
    for (const path of ['/api/checkout-sessions', '/api/notifications']) {
      const response = await raw(
        path,
        { 'content-type': 'application/json', 'content-encoding': 'x-evil' },
        '{}',
      );
      assert.equal(response.status, 415, path);
      assert.match(((await response.json()) as { detail: string }).detail, /identity, gzip/);
    }
  });

  it('refuses a body that is not JSON with 415, and a missing one with 400, each saying what to send', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await raw('/api/checkout-sessions', { 'content-type': type }, 'order_ref=x');
      assert.equal(response.status, 415, type);
      assert.match(((await response.json()) as { detail: string }).detail, /application\/json/);
    }
    const empty = await fetch(`${stack.companion.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { origin: SHOP },
    });
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as { detail: string }).detail, /the body is missing/);
  });

  it('says that a JSON value which is not an object is not a JSON object', async () => {
    for (const body of ['null', '"hi"', '42', '[1,2]', '[]']) {
      const response = await raw(
        '/api/checkout-sessions',
        { 'content-type': 'application/json' },
        body,
      );
      assert.equal(response.status, 400, body);
      assert.equal(
        ((await response.json()) as { detail: string }).detail,
        '(body): not a JSON object',
      );
    }
  });

  it('takes a list limit from 1 to 500 and refuses anything else with the parameter named', async () => {
    for (const limit of ['-1', '0', '501', 'abc', '1.5', '0x10', '1e2', '5.0', '%205', '']) {
      const answer = await stack.ops(`/orders?limit=${limit}`);
      assert.equal(answer.status, 400, `limit=${limit}`);
      assert.equal((answer.body.issues as { path: string }[])[0]?.path, 'limit');
    }
    const repeated = await stack.ops('/orders?limit=5&limit=6');
    assert.equal((repeated.body.issues as { path: string }[])[0]?.path, 'limit');
    assert.equal((await stack.ops('/orders?limit=500')).status, 200);
    assert.equal((await stack.ops('/payouts?limit=-1')).status, 400);
  });

  it('refuses a filter a list or a search does not have, naming it, rather than list everything', async () => {
    for (const [path, field] of [
      ['/orders?status=paid', 'status'],
      ['/payouts?foo=1', 'foo'],
      ['/audit?ordr_ref=x', 'ordr_ref'],
    ] as const) {
      const answer = await stack.ops(path);
      assert.equal(answer.status, 400, path);
      assert.equal((answer.body.issues as { path: string }[])[0]?.path, field, path);
    }
    for (const path of ['/query', '/refund-search']) {
      const answer = await stack.ops(path, { ordr_no: 'mug.1' });
      assert.equal(answer.status, 400, path);
      assert.equal((answer.body.issues as { path: string }[])[0]?.path, 'ordr_no', path);
    }
  });

  it('refuses a search window that ends before it starts, naming date_to', async () => {
    const answer = await stack.ops('/refund-search', {
      date_from: '20261128000000',
      date_to: '20261127000000',
    });
    assert.equal(answer.status, 400);
    assert.equal((answer.body.issues as { path: string }[])[0]?.path, 'date_to');
  });

  it('refuses a refund with more decimals than the currency has, naming the field', async () => {
    const created = await stack.widget('/checkout-sessions', sessionBody('mug.bad2'));
    await stack.payHosted(String(created.body.frame_url));
    await stack.waitForStatus('mug.bad2', 'authorised');
    await stack.ops('/capture', { orders: [{ order_ref: 'mug.bad2' }] });
    const answer = await stack.ops('/refund', {
      orders: [{ order_ref: 'mug.bad2', amount: '1.234' }],
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(
      (answer.body.issues as { path: string }[]).map((i) => i.path),
      ['orders.0.amount'],
    );
    const capture = await stack.ops('/capture', {
      orders: [{ order_ref: 'mug.bad2', amount: '1.5.0' }],
    });
    assert.equal(capture.status, 400);
  });

  it('refuses a payout amount the currency cannot have, naming the field', async () => {
    const answer = await stack.ops(
      '/payouts',
      {
        beneficiary: {
          name: 'Ada Lovelace',
          account_number: 'GB33BUKB20201555555555',
          country: 'GB',
        },
        payment_amount: '10.001',
        payment_currency: 'USD',
      },
      { 'idempotency-key': 'payout-bad-amount-1', authorization: `Bearer ${OPS_TOKEN}` },
    );
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
  });
});
