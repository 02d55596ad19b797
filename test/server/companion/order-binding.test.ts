/**
 * Who may pay an order (F1): the first request binds the order to its client secret; a second
 * caller who knows only the order reference gets no session, no status token and no page
 * carrying the first shopper's data.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

describe('an order bound to the client that started it', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  const stranger = (ref: string, extra: Record<string, unknown> = {}) =>
    sessionBody(ref, {
      attempt_key: 'attempt-of-a-stranger-1',
      client_secret: 'a-stranger-s-own-client-secret-000',
      shopper: { email: 'mallory@example.com' },
      ...extra,
    });

  it('refuses a second caller with the same order reference and another secret (the F1 attack)', async () => {
    const first = await stack.widget('/checkout-sessions', sessionBody('mug.f1'));
    assert.equal(first.status, 201);
    const page = await (await fetch(String(first.body.frame_url))).text();
    assert.match(page, /ada@example\.com/, "the first shopper's page carries their data");

    const second = await stack.widget('/checkout-sessions', stranger('mug.f1'));
    assert.equal(second.status, 403);
    assert.equal(second.body.title, 'Order belongs to another checkout');
    assert.equal(second.body.status_token, undefined);
    assert.equal(second.body.frame_url, undefined);
    assert.doesNotMatch(JSON.stringify(second.body), /ada@example|Lovelace|mug\.f1-1/);

    const apm = await stack.widget(
      '/apm-payments',
      stranger('mug.f1', { payment_method: 'PIX', payer: { document_number: '529.982.247-25' } }),
    );
    assert.equal(apm.status, 403);
  });

  it('refuses a caller with no secret at all, naming the field', async () => {
    const { client_secret: _none, ...body } = sessionBody('mug.f1b');
    const answer = await stack.widget('/checkout-sessions', body);
    assert.equal(answer.status, 400);
    assert.match(JSON.stringify(answer.body.issues), /client_secret/);
  });

  it('lets the bound client go on: the same attempt, with a fresh one-time page', async () => {
    const first = await stack.widget('/checkout-sessions', sessionBody('mug.f1c'));
    const again = await stack.widget('/checkout-sessions', sessionBody('mug.f1c'));
    assert.equal(again.status, 201);
    assert.equal(again.body.order_no, first.body.order_no);
    assert.notEqual(again.body.frame_url, first.body.frame_url);
    assert.equal(again.body.status_token, first.body.status_token);
  });

  it('does not let a stranger read the order without its status token', async () => {
    await stack.widget('/checkout-sessions', sessionBody('mug.f1d'));
    const read = await stack.widget('/orders/mug.f1d');
    assert.ok(read.status === 401 || read.status === 403, String(read.status));
    assert.equal(read.body.order_no, undefined);
  });
});
