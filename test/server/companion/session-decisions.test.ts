/**
 * What a session request decides (attempt-machine/decide.ts) in the cases attempt-machine.test.ts's
 * table leaves out: a payment of another kind waiting for its shopper, a checkout from before
 * request hashes were kept, an outcome the order and its attempt disagree about, and a ready
 * attempt on an order that has not moved yet or has already ended. Each is a way to charge twice,
 * or to strand a shopper, if decided wrongly.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderStatus } from 'acquiring-checkout/contract';
import {
  decide,
  type AttemptView,
  type SessionAsk,
  type SessionStep,
} from '../../../server/companion/attempt-machine/decide.ts';

const NOW = 1_000_000;
const checkout: SessionAsk = { mode: 'checkout', hash: 'h1', now: NOW, recoverAfterMs: 120_000 };
const attempt = (patch: Partial<AttemptView>): AttemptView => ({
  state: 'ready', mode: 'checkout', seq: 1, created_at: NOW - 1_000, opened_at: null, request_hash: 'h1', ...patch,
}); // prettier-ignore

describe('decide: a payment of another kind waiting for its shopper', () => {
  // opened_at says when a checkout's page was first served: an APM or card payment without one
  // may be waiting for its shopper at the method's page or the issuer's, and must not be taken
  // for an unopened checkout and replaced.
  for (const mode of ['apm', 'card'] as const)
    it(`a checkout request over a pending ${mode} payment is refused, not replacing it`, () => {
      const latest = attempt({ mode, request_hash: null });
      assert.deepEqual(decide('pending', latest, checkout), { step: 'busy' });
    });
});

describe('decide: a checkout from before request hashes were kept', () => {
  it('is reused, unopened, whatever the new request hashes to', () => {
    const latest = attempt({ request_hash: null });
    assert.deepEqual(decide('pending', latest, checkout), { step: 'reuse' });
  });
});

describe('decide: the order and its attempt', () => {
  const cases: [string, OrderStatus, AttemptView, SessionStep][] = [
    // The service may have taken the money: a new attempt could charge the shopper twice.
    ['an order whose outcome is unknown, though its attempt failed: ask the service', 'unknown', attempt({ state: 'failed' }), { step: 'recover' }],
    ['an attempt whose outcome is unknown, on an order still pending: ask the service', 'pending', attempt({ state: 'unknown' }), { step: 'recover' }],
    // The attempt is recorded ready a moment before its order takes the service's status.
    ['a ready checkout whose order is still created: reuse it', 'created', attempt({}), { step: 'reuse' }],
    ['a ready card payment whose order is still created, asked for a checkout: busy', 'created', attempt({ mode: 'card', request_hash: null }), { step: 'busy' }],
    // A ready attempt left behind an order that ended: the shopper may pay again.
    ['a ready attempt on a declined order: claim the next', 'declined', attempt({}), { step: 'claim', seq: 2 }],
    ['a ready attempt on an expired order: claim the next', 'expired', attempt({ seq: 4 }), { step: 'claim', seq: 5 }],
  ]; // prettier-ignore
  for (const [name, status, latest, step] of cases)
    it(name, () => assert.deepEqual(decide(status, latest, checkout), step));
});
