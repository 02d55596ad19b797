/**
 * State that does not grow without end (F10): unpaid attempts expire and are no longer asked
 * about, reconciliation backs off as an order ages, and records of no more use are pruned.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { prune } from '../../../server/companion/settlement/maintenance.ts';
import { reconcileAll } from '../../../server/companion/settlement/reconcile.ts';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

const HOUR = 3_600_000;

describe('expiry, back-off and retention', () => {
  let stack: Stack;
  before(async () => (stack = await startStack({ companion: { attemptTtlMs: 6 * HOUR } })));
  after(() => stack.close());

  const ctx = () => stack.companion.companion.context;
  /** Makes an order (and its attempts) look `ms` old, untouched since. */
  async function age(ref: string, ms: number): Promise<void> {
    const then = Date.now() - ms;
    await ctx()
      .store.db.updateTable('orders')
      .set({ created_at: then, updated_at: then })
      .where('order_ref', '=', ref)
      .execute();
    await ctx()
      .store.db.updateTable('attempts')
      .set({ created_at: then })
      .where('order_ref', '=', ref)
      .execute();
  }
  const total = (counts: Record<string, number>) =>
    Object.values(counts).reduce((a, b) => a + b, 0);

  it('asks about an abandoned pending order less often as it ages', async () => {
    await stack.widget('/checkout-sessions', sessionBody('mug.old1'));
    await age('mug.old1', 4 * HOUR);
    assert.equal(total(await reconcileAll(ctx(), 60_000)), 1, 'asked once');
    assert.equal((await ctx().store.orders.get('mug.old1'))?.status, 'pending');
    const order = await ctx().store.orders.get('mug.old1');
    assert.ok((order?.next_check_at ?? 0) >= Date.now() + HOUR - 5_000, 'next asked in an hour');
    assert.equal(total(await reconcileAll(ctx(), 60_000)), 0, 'not asked again meanwhile');
  });

  it('expires an attempt left unpaid past its lifetime, and asks no more', async () => {
    await stack.widget('/checkout-sessions', sessionBody('mug.old2'));
    await age('mug.old2', 7 * HOUR);
    const counts = await reconcileAll(ctx(), 60_000);
    assert.equal(counts.expired, 1);
    assert.equal((await ctx().store.orders.get('mug.old2'))?.status, 'expired');
    assert.equal((await ctx().store.attempts.get('mug.old2-1'))?.state, 'expired');
    const due = await ctx().store.orders.due(['pending', 'unknown'], Date.now() + 1, null);
    assert.ok(!due.some((o) => o.order_ref === 'mug.old2'), 'an expired order is not asked about');
    // The shopper coming back later starts afresh.
    const again = await stack.widget('/checkout-sessions', sessionBody('mug.old2'));
    assert.deepEqual([again.status, again.body.order_no], [201, 'mug.old2-2']);
  });

  it('prunes expired page tokens, finished idempotency records and processed notifications', async () => {
    const store = ctx().store;
    const now = Date.now();
    await store.pageTokens.add('old-token', 'mug.old1-1', now - 2 * 24 * HOUR);
    await store.pageTokens.add('live-token', 'mug.old1-1', now + HOUR);
    await store.idempotency.begin('old-key-123', 'capture', 'h', '{}', HOUR);
    await store.idempotency.finish('old-key-123', 200, '{}');
    await store.db
      .updateTable('operations')
      .set({ created_at: now - 8 * 24 * HOUR })
      .where('idempotency_key', '=', 'old-key-123')
      .execute();
    await store.idempotency.begin('new-key-123', 'capture', 'h', '{}', HOUR);
    await store.idempotency.finish('new-key-123', 200, '{}');
    await store.notifications.record({
      notification_id: 'N-old',
      order_no: null,
      event: 'payment.authorised',
      sequence: 1,
      body: '{}',
    });
    await store.notifications.markApplied('N-old');
    await store.db
      .updateTable('notifications')
      .set({ applied_at: now - 31 * 24 * HOUR })
      .where('notification_id', '=', 'N-old')
      .execute();
    await store.notifications.record({
      notification_id: 'N-unapplied',
      order_no: null,
      event: 'payment.authorised',
      sequence: 1,
      body: '{}',
    });

    const pruned = await prune(ctx(), now);
    assert.deepEqual(pruned, { page_tokens: 1, idempotency_keys: 1, notifications: 1, audit: 0 });
    const left = async (table: 'page_tokens' | 'operations' | 'notifications') =>
      (await store.db.selectFrom(table).selectAll().execute()).length;
    assert.ok((await left('page_tokens')) >= 1, 'a live token stays');
    assert.ok((await left('operations')) >= 1, 'a recent key stays');
    const unapplied = await store.notifications.unapplied();
    assert.ok(
      unapplied.some((n) => n.notification_id === 'N-unapplied'),
      'an unapplied notification stays',
    );
  });

  it('recovers an attempt a crash left creating, without the shopper coming back', async () => {
    const store = ctx().store;
    await stack.widget('/checkout-sessions', sessionBody('mug.old3'));
    // A second attempt claimed by a process that died before it reached the service.
    await store.attempts.claim({
      order_no: 'mug.old3-2', order_ref: 'mug.old3', seq: 2, attempt_key: 'attempt-crashed-2',
      mode: 'checkout', page_html: null, issuer_url: null, error: null, created_at: Date.now(),
    }); // prettier-ignore
    await store.orders.update('mug.old3', { status: 'created' });
    await age('mug.old3', 10 * 60_000);
    const counts = await reconcileAll(ctx(), 60_000);
    assert.equal(counts['never-arrived'], 1);
    assert.equal((await store.attempts.get('mug.old3-2'))?.state, 'failed');
  });
});
