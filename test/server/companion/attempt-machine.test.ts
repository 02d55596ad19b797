/**
 * The attempt's lifecycle as one table (attempt-machine/): what a session request decides for
 * each order and attempt, the order statuses' moves, the README's table generated from it, and a
 * request about an order whose attempt is being created answered at once with when to ask again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { OrderStatus } from 'acquiring-checkout/contract';
import {
  decide,
  type AttemptView,
  type SessionStep,
} from '../../../server/companion/attempt-machine/decide.ts';
import { mayMove } from '../../../server/companion/attempt-machine/order-status.ts';
import { lifecycleMarkdown } from '../../../server/companion/attempt-machine/transitions.ts';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

const NOW = 1_000_000;
const ask = { mode: 'checkout', hash: 'h1', now: NOW, recoverAfterMs: 120_000 } as const;
const attempt = (patch: Partial<AttemptView>): AttemptView => ({
  state: 'ready', mode: 'checkout', seq: 1, created_at: NOW - 1_000, opened_at: null, request_hash: 'h1', ...patch,
}); // prettier-ignore

describe('decide: the next step of a session request', () => {
  const cases: [string, OrderStatus, AttemptView | undefined, SessionStep][] = [
    ['no attempt yet: claim the first', 'created', undefined, { step: 'claim', seq: 1 }],
    ['a paid order: refuse', 'authorised', attempt({}), { step: 'paid' }],
    ['the same checkout, unopened: reuse it', 'pending', attempt({}), { step: 'reuse' }],
    ['a checkout with other fields, unopened: replace it', 'pending', attempt({ request_hash: 'h0' }), { step: 'supersede' }],
    ['a checkout with other fields, opened: reuse it', 'pending', attempt({ request_hash: 'h0', opened_at: NOW - 10 }), { step: 'reuse' }],
    ['another flow over an opened checkout: busy', 'pending', attempt({ opened_at: NOW - 10, mode: 'card' }), { step: 'busy' }],
    ['being created by another request: wait, and say how long', 'created', attempt({ state: 'creating' }), { step: 'wait', retryAfterMs: 119_000 }],
    ['creating past recoverAfterMs: ask the service', 'created', attempt({ state: 'creating', created_at: NOW - 120_000 }), { step: 'recover' }],
    ['outcome unknown: ask the service', 'unknown', attempt({ state: 'unknown' }), { step: 'recover' }],
    ['a failed attempt: claim the next', 'failed', attempt({ state: 'failed', seq: 2 }), { step: 'claim', seq: 3 }],
    ['an abandoned attempt: claim the next', 'created', attempt({ state: 'abandoned' }), { step: 'claim', seq: 2 }],
    ['an expired order: start again', 'expired', attempt({ state: 'expired' }), { step: 'claim', seq: 2 }],
  ]; // prettier-ignore
  for (const [name, status, latest, step] of cases)
    it(name, () => assert.deepEqual(decide(status, latest, ask), step));

  it('another flow over an unopened checkout: replace it', () => {
    assert.deepEqual(decide('pending', attempt({}), { ...ask, mode: 'apm', hash: null }), {
      step: 'supersede',
    });
  });
});

describe('order statuses move only forward', () => {
  const moves: [string, OrderStatus, boolean][] = [
    ['created', 'authorised', true], ['unknown', 'pending', true], ['expired', 'authorised', true],
    ['pending', 'authorised', true], ['authorised', 'pending', false], ['authorised', 'failed', true],
    ['captured', 'failed', false], ['captured', 'refunded', true], ['declined', 'authorised', false],
    ['failed', 'declined', false], ['partially_refunded', 'partially_refunded', true], ['refunded', 'captured', false],
  ]; // prettier-ignore
  for (const [from, to, may] of moves)
    it(`${from} → ${to}: ${may ? 'moves' : 'stays'}`, () => assert.equal(mayMove(from, to), may));
});

describe("the server README's lifecycle table", () => {
  it('is the table the code runs on', () => {
    const readme = readFileSync(new URL('../../../server/README.md', import.meta.url), 'utf8');
    const section = /<!-- lifecycle:start[^>]*-->\n([\s\S]*?)\n<!-- lifecycle:end -->/.exec(readme);
    assert.ok(section, 'the README has a lifecycle table between its markers');
    assert.equal(section[1], lifecycleMarkdown());
  });
});

describe('a session request while another is creating the attempt', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  it('is answered at once with a 503 and when to try again, not held', async () => {
    const store = stack.companion.companion.context.store;
    await stack.widget('/checkout-sessions', sessionBody('mug.busy'));
    await store.orders.update('mug.busy', { status: 'created' });
    // Attempt 2 claimed by a process that stopped before it reached the service.
    await store.attempts.claim({
      order_no: 'mug.busy-2', order_ref: 'mug.busy', seq: 2, attempt_key: 'attempt-stopped',
      mode: 'checkout', page_html: null, issuer_url: null, error: null, created_at: Date.now(),
    }); // prettier-ignore
    const answer = await stack.widget(
      '/checkout-sessions',
      sessionBody('mug.busy', { attempt_key: 'attempt-new-key' }),
    );
    assert.equal(answer.status, 503);
    assert.equal(answer.body.title, 'Payment is being created');
    assert.equal(answer.body.retryable, true);
    assert.equal(answer.headers.get('retry-after'), '5');
    assert.equal(answer.body.retry_after, 5);
  });
});
