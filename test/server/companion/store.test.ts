import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Insertable } from 'kysely';
import { onServiceAnswer } from '../../../server/companion/attempt-machine/reports.ts';
import type { NewAttempt } from '../../../server/companion/store/attempts.ts';
import type { OrdersTable } from '../../../server/companion/store/schema.ts';
import { CompanionStore } from '../../../server/companion/store/store.ts';
import { POSTGRES_URL, TEST_DATABASES } from '../helpers/databases.ts';

const order = (order_ref: string): Insertable<OrdersTable> => ({
  order_ref, order_no: null, status: 'created', mode: 'checkout', amount: 2500, currency: 'USD', captured: 0, refunded: 0,
  transaction_id: null, result_info: null, recurring_id: null, contract_name: null, token_id: null, status_token_hash: 'h', client_secret_hash: null,
  storefront_origin: null, storefront_return_url: null, last_sequence: 0, attempts: 0, created_at: Date.now(), updated_at: Date.now(),
}); // prettier-ignore

const attempt = (order_ref: string, seq: number): NewAttempt => ({
  order_no: `${order_ref}-${seq}`, order_ref, seq, attempt_key: `k${seq}`, mode: 'checkout',
  page_html: null, issuer_url: null, error: null, created_at: Date.now(),
}); // prettier-ignore

if (!POSTGRES_URL) {
  it(
    'PostgreSQL store tests were skipped: TEST_DATABASE_URL is not set',
    { skip: 'set TEST_DATABASE_URL to run them' },
    () => undefined,
  );
}

for (const database of TEST_DATABASES) {
  describe(`the store on ${database.name}`, () => {
    let store: CompanionStore;
    let drop: () => Promise<void>;
    before(async () => {
      const created = await database.create();
      drop = created.drop;
      store = await CompanionStore.open(created.location);
    });
    after(async () => {
      await store.close();
      await drop();
    });

    it('keeps an order with exact integer amounts', async () => {
      await store.orders.ensure({ ...order('A-1'), amount: 9_007_199_254_740_991 });
      const stored = await store.orders.get('A-1');
      assert.equal(stored?.amount, 9_007_199_254_740_991);
      assert.equal(stored?.status, 'created');
    });

    it('ensureOrder does not overwrite an existing order', async () => {
      await store.orders.ensure(order('A-2'));
      await store.orders.update('A-2', { status: 'authorised' });
      const again = await store.orders.ensure({ ...order('A-2'), amount: 1 });
      assert.deepEqual([again.status, again.amount], ['authorised', 2500]);
    });

    it('lets exactly one of 20 concurrent claims have an attempt', async () => {
      await store.orders.ensure(order('A-3'));
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => store.attempts.claim(attempt('A-3', 1))),
      );
      assert.equal(claims.filter(Boolean).length, 1);
      assert.equal((await store.orders.get('A-3'))?.order_no, 'A-3-1');
      assert.equal((await store.attempts.latest('A-3'))?.seq, 1);
    });

    it('uses a page token once, and never after it expires', async () => {
      await store.orders.ensure(order('A-4'));
      await store.attempts.claim(attempt('A-4', 1));
      await store.pageTokens.add('tok-1', 'A-4-1', Date.now() + 60_000);
      await store.pageTokens.add('tok-2', 'A-4-1', Date.now() - 1);
      const uses = await Promise.all(
        Array.from({ length: 5 }, () => store.pageTokens.use('tok-1')),
      );
      assert.equal(uses.filter(Boolean).length, 1);
      assert.equal(await store.pageTokens.use('tok-2'), undefined);
      assert.equal(await store.pageTokens.use('nope'), undefined);
    });

    it('opens a new order with its first attempt in one step, and only once', async () => {
      const first = await store.attempts.openOrder(order('A-8'), attempt('A-8', 1));
      assert.equal(first?.order.order_no, 'A-8-1');
      assert.equal(first?.attempt.state, 'creating');
      assert.equal(await store.attempts.openOrder(order('A-8'), attempt('A-8', 1)), undefined);
      assert.equal((await store.attempts.latest('A-8'))?.seq, 1);
    });

    it('settles a ready checkout with its first page address in one step', async () => {
      await store.attempts.openOrder(order('A-9'), attempt('A-9', 1));
      const page = { token: 'tok-a9', expires_at: Date.now() + 60_000 };
      const ready = { page_html: '<form></form>' } as const;
      const answered = onServiceAnswer({ kind: 'page' });
      assert.equal(await store.attempts.settleWithPage('A-9-1', 'A-9', answered, ready, {}, page), true);
      assert.equal(await store.attempts.settleWithPage('A-9-1', 'A-9', answered, ready, {}, { ...page, token: 'tok-a9b' }), false);
      assert.equal((await store.orders.get('A-9'))?.status, 'pending');
      assert.equal(await store.pageTokens.use('tok-a9'), 'A-9-1');
      assert.equal(await store.pageTokens.use('tok-a9b'), undefined, 'no address for a lost race');
    }); // prettier-ignore

    it('lets an unopened attempt be replaced or opened, never both', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const ref = `A-10-${i}`;
          await store.attempts.openOrder(order(ref), attempt(ref, 1));
          const page = { token: `tok-${ref}`, expires_at: Date.now() + 60_000 };
          await store.attempts.settleWithPage(`${ref}-1`, ref, onServiceAnswer({ kind: 'page' }), { page_html: '<form></form>' }, {}, page); // prettier-ignore
          const [replaced, opened] = await Promise.all([
            store.attempts.supersede(`${ref}-1`, ref),
            store.attempts.opened(`${ref}-1`),
          ]);
          return { replaced, opened: opened !== undefined };
        }),
      );
      for (const { replaced, opened } of outcomes) assert.notEqual(replaced, opened);
      assert.equal(await store.attempts.supersede('A-10-0-1', 'A-10-0'), false, 'once at most');
    });

    it('applies a newer sequence and ignores an older one', async () => {
      await store.orders.ensure(order('A-5'));
      assert.equal(await store.orders.applySequenced('A-5', 2, { status: 'captured' }), 'moved');
      assert.equal(await store.orders.applySequenced('A-5', 1, { status: 'authorised' }), false);
      assert.equal((await store.orders.get('A-5'))?.status, 'captured');
    });

    it('moves a status once when two writers report it at the same time', async () => {
      await store.orders.ensure(order('A-6'));
      await store.orders.report('A-6', 'authorised', {});
      // An operation's answer and its notification, each writing the capture.
      const written = await Promise.all([
        store.orders.report('A-6', 'captured', { captured: 1200 }),
        store.orders.applySequenced('A-6', 1, { status: 'captured', captured: 1200 }),
      ]);
      assert.deepEqual([...written].sort(), ['moved', 'written']);
      assert.equal((await store.orders.get('A-6'))?.last_sequence, 1, 'the notification recorded');
    });

    it('stores a notification once', async () => {
      const row = {
        notification_id: 'N-1',
        order_no: 'A-5-1',
        event: 'payment.captured',
        sequence: 2,
        body: '{}',
      };
      assert.equal(await store.notifications.record(row), true);
      assert.equal(await store.notifications.record(row), false);
      assert.deepEqual(
        (await store.notifications.unapplied()).map((n) => n.notification_id),
        ['N-1'],
      );
      await store.notifications.markApplied('N-1');
      assert.deepEqual(await store.notifications.unapplied(), []);
    });

    it('finds an order’s notifications and its subscription charges’, and no one else’s', async () => {
      const record = (notification_id: string, order_no: string) =>
        store.notifications.record({
          notification_id,
          order_no,
          event: 'e',
          sequence: 1,
          body: '{}',
        });
      await record('H-1', 'mug_2.h-1');
      await record('H-2', 'mug_2.h-1-R2');
      await record('H-3', 'mug_2.h-10'); // a longer order number with the same start
      await record('H-4', 'mugx2.h-1-R2'); // `_` is no wildcard
      const found = await store.notifications.forOrders(['mug_2.h-1']);
      assert.deepEqual(found.map((n) => n.order_no).sort(), ['mug_2.h-1', 'mug_2.h-1-R2']);
    });

    it('starts an idempotent operation once, replays it, and refuses another body', async () => {
      const starts = await Promise.all(
        Array.from({ length: 10 }, () =>
          store.idempotency.begin('key-1', 'capture', 'hash-a', '{}', 60_000),
        ),
      );
      assert.equal(starts.filter((s) => s.state === 'new').length, 1);
      assert.ok(starts.filter((s) => s.state !== 'new').every((s) => s.state === 'in_progress'));
      await store.idempotency.finish('key-1', 200, '{"ok":true}');
      assert.deepEqual(await store.idempotency.begin('key-1', 'capture', 'hash-a', '{}', 60_000), {
        state: 'replay',
        statusCode: 200,
        response: '{"ok":true}',
      });
      assert.deepEqual(await store.idempotency.begin('key-1', 'capture', 'hash-b', '{}', 60_000), {
        state: 'mismatch',
      });
    });

    it('keeps a payout request_id from the first try', async () => {
      const first = await store.payouts.ensure('pay-key', 'req-1', '{"a":1}');
      const second = await store.payouts.ensure('pay-key', 'req-2', '{"a":1}');
      assert.equal(first.request_id, 'req-1');
      assert.equal(second.request_id, 'req-1');
    });

    it('finds orders to reconcile by status and age, and not before their next check', async () => {
      await store.orders.ensure(order('A-6'));
      await store.orders.update('A-6', { status: 'unknown' });
      const due = async () =>
        (await store.orders.due(['unknown'], Date.now() + 1)).some((o) => o.order_ref === 'A-6');
      assert.equal(await due(), true);
      await store.orders.checkLater('A-6', Date.now() + 60_000);
      assert.equal(await due(), false);
    });

    it("keeps each shopper's saved cards apart, one per token", async () => {
      const card = (shopper_id: string, card_id: string, token_id: string) => ({
        card_id, shopper_id, token_id, brand: 'visa', last4: '1111', expiry_month: '12',
        expiry_year: '2030', consent_at: 1_790_000_000_000, created_at: Date.now(), last_used_at: null,
      }); // prettier-ignore
      const first = await store.savedCards.add(card('cust-a', 'sc_a1', 'TK1'));
      const again = await store.savedCards.add(card('cust-a', 'sc_a2', 'TK1'));
      assert.equal(again.card_id, first.card_id, 'the same token stays one card');
      assert.equal(first.consent_at, 1_790_000_000_000);
      await store.savedCards.add(card('cust-b', 'sc_b1', 'TK2'));
      assert.deepEqual(
        (await store.savedCards.list('cust-a')).map((c) => c.card_id),
        ['sc_a1'],
      );
      assert.equal(await store.savedCards.get('cust-b', 'sc_a1'), undefined);
      assert.equal(await store.savedCards.remove('cust-b', 'sc_a1'), false);
      await store.savedCards.used('cust-b', 'TK1', 1_790_000_000_000);
      assert.equal(
        (await store.savedCards.get('cust-a', 'sc_a1'))?.last_used_at,
        null,
        "another shopper's",
      );
      await store.savedCards.used('cust-a', 'TK1', 1_790_000_000_001);
      assert.equal(
        (await store.savedCards.get('cust-a', 'sc_a1'))?.last_used_at,
        1_790_000_000_001,
      );
      assert.equal(await store.savedCards.remove('cust-a', 'sc_a1'), true);
      assert.deepEqual(await store.savedCards.list('cust-a'), []);
    });

    it("lists a shopper's cards by their last use, one never used by when it was saved", async () => {
      const card = (card_id: string, token_id: string, created_at: number) => ({
        card_id, shopper_id: 'cust-order', token_id, brand: 'visa', last4: '1111', expiry_month: '12',
        expiry_year: '2030', consent_at: created_at, created_at, last_used_at: null,
      }); // prettier-ignore
      const listed = async () => (await store.savedCards.list('cust-order')).map((c) => c.card_id);
      await store.savedCards.add(card('sc_old', 'TK-old', 1_790_000_000_000));
      await store.savedCards.add(card('sc_mid', 'TK-mid', 1_790_000_100_000));
      await store.savedCards.add(card('sc_new', 'TK-new', 1_790_000_200_000));
      assert.deepEqual(await listed(), ['sc_new', 'sc_mid', 'sc_old']);
      await store.savedCards.used('cust-order', 'TK-old', 1_790_000_300_000);
      assert.deepEqual(await listed(), ['sc_old', 'sc_new', 'sc_mid']);
      // Used before the newest was saved: the newest comes first.
      await store.savedCards.used('cust-order', 'TK-mid', 1_790_000_150_000);
      assert.deepEqual(await listed(), ['sc_old', 'sc_new', 'sc_mid']);
    });

    it("keeps an attempt's order details", async () => {
      await store.orders.ensure(order('A-7'));
      await store.attempts.claim({ ...attempt('A-7', 1), details: '{"item_total":"25.00"}' });
      assert.equal((await store.attempts.get('A-7-1'))?.details, '{"item_total":"25.00"}');
    });
  });
}
