/**
 * The attempt's lifecycle as one machine (attempt-machine/): what a session request decides for
 * each order and attempt, what the service's word does to them, the order statuses' moves, the
 * docs' tables generated from it, and a request about an order whose attempt is being created
 * answered at once with when to ask again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PAID_STATUSES, type OrderStatus } from 'acquiring-checkout/contract';
import { PAYMENT_STATUS } from '../../../server/gateway/index.ts';
import {
  decide,
  type AttemptView,
  type SessionStep,
} from '../../../server/companion/attempt-machine/decide.ts';
import {
  isReported,
  mayMove,
  orderStatusMarkdown,
  PAID,
} from '../../../server/companion/attempt-machine/order-status.ts';
import {
  onExpiry,
  onReport,
  onServiceAnswer,
  type AttemptFacts,
  type ReportStep,
  type Word,
} from '../../../server/companion/attempt-machine/reports.ts';
import {
  lifecycleMarkdown,
  moveOf,
} from '../../../server/companion/attempt-machine/transitions.ts';
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
    ['a card that needs 3-D Secure: claim the next (the checkout)', 'created', attempt({ state: 'failed', mode: 'card' }), { step: 'claim', seq: 2 }],
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

describe("the service's word about an order's current attempt", () => {
  const clock = { now: NOW, recoverAfterMs: 120_000 };
  const facts = (patch: Partial<AttemptFacts>): AttemptFacts => ({
    state: 'ready', mode: 'checkout', created_at: NOW - 1_000, error: null, page_html: '<form>', issuer_url: null, ...patch,
  }); // prettier-ignore
  const said = (status: string): Word => ({ found: true, status });
  const settle = (event: Parameters<typeof moveOf>[0], status?: OrderStatus): ReportStep => ({ step: 'settle', move: moveOf(event, status) }); // prettier-ignore
  const cases: [string, OrderStatus, AttemptFacts | undefined, Word, ReportStep][] = [
    ['paid at the page: the order takes it', 'pending', facts({}), said('authorised'), { step: 'record', status: 'authorised' }],
    ['declined at the page: the attempt ends with it', 'pending', facts({}), said('declined'), settle('ended', 'declined')],
    ['an older status after a newer one: no news', 'authorised', facts({}), said('pending'), { step: 'ignore' }],
    ['the same status again: news of its fields', 'captured', facts({}), said('captured'), { step: 'record', status: 'captured' }],
    ['a status the service never gives: ignored', 'pending', facts({}), said('unknown'), { step: 'ignore' }],
    ['a lost attempt the service has, payable: adopted', 'unknown', facts({ state: 'unknown', mode: 'card', page_html: null }), said('pending'), settle('adopted', 'pending')],
    ['a lost checkout the service holds pending: its page is gone', 'unknown', facts({ state: 'unknown', page_html: null }), said('pending'), settle('unpayable')],
    ['a lost attempt the service declined: over', 'unknown', facts({ state: 'unknown' }), said('declined'), settle('adopted-over', 'declined')],
    ['pending while its own request may still record the page: left to it', 'created', facts({ state: 'creating', page_html: null }), said('pending'), { step: 'ignore' }],
    ['paid while its request is still on its way: adopted', 'created', facts({ state: 'creating', page_html: null }), said('authorised'), settle('adopted', 'authorised')],
    ['pending past the recovery window: nobody can pay it', 'created', facts({ state: 'creating', page_html: null, created_at: NOW - 120_001 }), said('pending'), settle('unpayable')],
    ['no record, and its request may still arrive: wait', 'created', facts({ state: 'creating' }), { found: false }, { step: 'ignore' }],
    ['no record past the window: never arrived', 'created', facts({ state: 'creating', created_at: NOW - 120_001 }), { found: false }, settle('never-arrived')],
    ['no record of a request the service answered (5xx): never arrived', 'unknown', facts({ state: 'unknown', error: 'service_error' }), { found: false }, settle('never-arrived')],
    ['an abandoned attempt still pending at the service: no news', 'created', facts({ state: 'abandoned' }), said('pending'), { step: 'ignore' }],
    ['an abandoned attempt paid after all: the order takes it', 'created', facts({ state: 'abandoned' }), said('authorised'), { step: 'record', status: 'authorised' }],
    ['a late payment of an expired order counts', 'expired', facts({ state: 'expired' }), said('authorised'), { step: 'record', status: 'authorised' }],
    ['a failed order takes nothing more', 'failed', facts({ state: 'failed' }), said('authorised'), { step: 'ignore' }],
  ]; // prettier-ignore
  for (const [name, status, attempt, word, step] of cases)
    it(name, () => assert.deepEqual(onReport(status, attempt, word, clock), step));

  it("answers a session's request with the event its answer is", () => {
    assert.deepEqual(onServiceAnswer({ kind: 'page' }), moveOf('answered', 'pending'));
    assert.deepEqual(onServiceAnswer({ kind: 'card', order_status: '1', result_info: '0000:Approved' }), moveOf('answered', 'authorised')); // prettier-ignore
    assert.deepEqual(onServiceAnswer({ kind: 'card', order_status: '0', result_info: '2001:Declined' }), moveOf('refused', 'declined')); // prettier-ignore
    assert.deepEqual(onServiceAnswer({ kind: 'card', order_status: '0', result_info: '3001:3-D Secure challenge required' }), moveOf('needs-authentication')); // prettier-ignore
    assert.deepEqual(onServiceAnswer({ kind: 'card', order_status: '0', result_info: '9999:Other', threeds_result: 'challenge_required' }), moveOf('needs-authentication')); // prettier-ignore
    assert.deepEqual(onServiceAnswer({ kind: 'card', order_status: '0', result_info: '3002:3-D Secure authentication failed', threeds_result: 'failed' }), moveOf('refused', 'failed')); // prettier-ignore
    assert.deepEqual(onServiceAnswer({ kind: 'outcome unknown' }), moveOf('lost'));
    assert.deepEqual(onServiceAnswer({ kind: 'not sent' }), moveOf('refused', 'failed'));
  });

  it('expires after the last look only what the service may still decide', () => {
    assert.deepEqual(onExpiry('pending'), moveOf('expired'));
    assert.deepEqual(onExpiry('unknown'), moveOf('expired'));
    for (const status of ['created', 'authorised', 'failed'] as const)
      assert.equal(onExpiry(status), undefined, status);
  });
});

describe('the order table', () => {
  it("moves on exactly the service's payment statuses", () => {
    assert.deepEqual(Object.keys(PAYMENT_STATUS).filter(isReported), Object.keys(PAYMENT_STATUS));
    for (const status of ['created', 'unknown', 'expired']) assert.equal(isReported(status), false);
  });

  it("counts paid exactly the contract's PAID_STATUSES, which the widget reads", () => {
    assert.deepEqual([...PAID].sort(), [...PAID_STATUSES].sort());
  });
});

describe("the docs' lifecycle page", () => {
  const page = readFileSync(new URL('../../../docs/site/companion/lifecycle.md', import.meta.url), 'utf8'); // prettier-ignore
  const section = (name: string) =>
    new RegExp(`<!-- ${name}:start[^>]*-->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(page)?.[1];

  it("has the attempt's table the code runs on", () => {
    assert.equal(section('lifecycle'), lifecycleMarkdown());
  });

  it("has the order's table the code runs on", () => {
    assert.equal(section('order-statuses'), orderStatusMarkdown());
  });
});

describe('a session request while another is creating the attempt', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  /** Order `ref` with attempt 2 claimed `ageMs` ago, and not at the service yet. */
  async function creating(ref: string, ageMs: number) {
    const store = stack.companion.companion.context.store;
    await stack.widget('/checkout-sessions', sessionBody(ref));
    await store.orders.update(ref, { status: 'created' });
    await store.attempts.claim({
      order_no: `${ref}-2`, order_ref: ref, seq: 2, attempt_key: 'attempt-stopped',
      mode: 'checkout', page_html: null, issuer_url: null, error: null, created_at: Date.now() - ageMs,
    }); // prettier-ignore
    return stack.widget('/checkout-sessions', sessionBody(ref, { attempt_key: 'attempt-new-key' }));
  }

  it('is answered at once with a 503 and when to try again, not held', async () => {
    // Claimed a moment ago: the request creating it answers within the gateway's time-out.
    const answer = await creating('mug.busy', 0);
    assert.equal(answer.status, 503);
    assert.equal(answer.body.title, 'Payment is being created');
    assert.equal(answer.body.retryable, true);
    assert.equal(answer.headers.get('retry-after'), '1');
    assert.equal(answer.body.retry_after, 1);
  });

  it('says to wait longer once the process creating it has surely stopped', async () => {
    // Older than the gateway's time-out (30 s) and younger than the recovery window (120 s).
    const answer = await creating('mug.busy-stopped', 40_000);
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get('retry-after'), '5');
    assert.equal(answer.body.retry_after, 5);
  });
});
