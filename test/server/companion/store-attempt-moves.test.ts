/**
 * The store's guarded updates of attempts (store/attempts.ts), beyond store.test.ts: `settle`
 * with each kind of order guard (none, the service's status, expiry's strict one), a lost claim
 * that leaves the order alone, a ready attempt found and opened, missing attempts, and the
 * compiled statements kept apart by shape (a second shape's columns are written, not the first
 * shape's). Each test opens a store of its own, so each starts with no statement compiled.
 * SQLite always, PostgreSQL too with TEST_DATABASE_URL. Fast, so the mutation run uses it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Insertable } from 'kysely';
import { onServiceAnswer } from '../../../server/companion/attempt-machine/reports.ts';
import { moveOf } from '../../../server/companion/attempt-machine/transitions.ts';
import type { NewAttempt } from '../../../server/companion/store/attempts.ts';
import type { OrdersTable } from '../../../server/companion/store/schema.ts';
import { CompanionStore } from '../../../server/companion/store/store.ts';
import { TEST_DATABASES, type TestDatabase } from '../helpers/databases.ts';

type NewOrder = Omit<Insertable<OrdersTable>, 'status'>;
const order = (order_ref: string): NewOrder => ({
  order_ref, order_no: null, mode: 'checkout', amount: 2500, currency: 'USD', captured: 0, refunded: 0,
  transaction_id: null, result_info: null, recurring_id: null, token_id: null, status_token_hash: 'h', client_secret_hash: null,
  storefront_origin: null, storefront_return_url: null, last_sequence: 0, attempts: 0, created_at: Date.now(), updated_at: Date.now(),
}); // prettier-ignore

const attempt = (order_ref: string): NewAttempt => ({
  order_no: `${order_ref}-1`, order_ref, seq: 1, attempt_key: 'k1', mode: 'checkout',
  page_html: null, issuer_url: null, error: null, created_at: Date.now(),
}); // prettier-ignore

const page = (token: string) => ({ token, expires_at: Date.now() + 60_000 });
const answered = onServiceAnswer({ kind: 'page' });

/** `test` on a store of its own, closed (and its database dropped) afterwards. */
const withStore =
  (database: TestDatabase, test: (store: CompanionStore) => Promise<void>) => async () => {
    const created = await database.create();
    const store = await CompanionStore.open(created.location);
    try {
      await test(store);
    } finally {
      await store.close();
      await created.drop();
    }
  };

for (const database of TEST_DATABASES) {
  describe(`an attempt's moves on ${database.name}`, () => {
    it('settles once, the order guarded by the service status it reports', withStore(database, async (store) => {
      await store.attempts.openOrder(order('M-1'), attempt('M-1'));
      assert.equal(await store.attempts.settle('M-1-1', 'M-1', answered, { page_html: '<form>' }, {}), true);
      assert.equal(await store.attempts.settle('M-1-1', 'M-1', answered, { page_html: '<b>' }, {}), false);
      assert.equal((await store.attempts.get('M-1-1'))?.page_html, '<form>');
      assert.equal((await store.orders.get('M-1'))?.status, 'pending');
      // An order paid meanwhile does not take the older `pending`; the attempt still moves.
      await store.attempts.openOrder(order('M-2'), attempt('M-2'));
      await store.orders.update('M-2', { status: 'captured' });
      assert.equal(await store.attempts.settle('M-2-1', 'M-2', answered, {}, {}), true);
      assert.equal((await store.attempts.get('M-2-1'))?.state, 'ready');
      assert.equal((await store.orders.get('M-2'))?.status, 'captured');
    })); // prettier-ignore

    it('settles a move whose order status has no guard (a lost answer)', withStore(database, async (store) => {
      await store.attempts.openOrder(order('M-3'), attempt('M-3'));
      assert.equal(await store.attempts.settle('M-3-1', 'M-3', moveOf('lost'), {}, {}), true);
      assert.equal((await store.attempts.get('M-3-1'))?.state, 'unknown');
      assert.equal((await store.orders.get('M-3'))?.status, 'unknown');
    })); // prettier-ignore

    it('expires a queried order, and leaves a paid one and its attempt alone', withStore(database, async (store) => {
      for (const ref of ['M-4', 'M-5']) {
        await store.attempts.openOrder(order(ref), attempt(ref));
        await store.attempts.settle(`${ref}-1`, ref, answered, {}, {});
      }
      assert.equal(await store.attempts.settle('M-4-1', 'M-4', moveOf('expired'), {}, {}), true);
      assert.equal((await store.orders.get('M-4'))?.status, 'expired');
      assert.equal((await store.attempts.get('M-4-1'))?.state, 'expired');
      await store.orders.update('M-5', { status: 'captured' });
      assert.equal(await store.attempts.settle('M-5-1', 'M-5', moveOf('expired'), {}, {}), false);
      assert.equal((await store.orders.get('M-5'))?.status, 'captured');
      assert.equal((await store.attempts.get('M-5-1'))?.state, 'ready');
    })); // prettier-ignore

    it('lets an error other than a lost race reach the caller', withStore(database, async (store) => {
      await store.attempts.openOrder(order('M-6'), attempt('M-6'));
      const expression = { error: sql<string>`'x'` } as unknown as { error: string };
      await assert.rejects(store.attempts.settle('M-6-1', 'M-6', answered, expression, {}), /expression/);
      assert.equal((await store.attempts.get('M-6-1'))?.state, 'creating');
    })); // prettier-ignore

    it('leaves the order alone when a claim loses', withStore(database, async (store) => {
      await store.attempts.openOrder(order('M-7'), attempt('M-7'));
      await store.orders.update('M-7', { status: 'authorised', result_info: 'ok', last_sequence: 3 });
      assert.equal(await store.attempts.claim(attempt('M-7')), false);
      const kept = await store.orders.get('M-7');
      assert.deepEqual([kept?.status, kept?.result_info, kept?.last_sequence], ['authorised', 'ok', 3]);
    })); // prettier-ignore

    it('opens a ready attempt once, and then never supersedes it', withStore(database, async (store) => {
      await store.attempts.openOrder(order('M-8'), attempt('M-8'));
      assert.equal(await store.attempts.opened('M-8-1'), undefined, 'not opened while creating');
      assert.equal((await store.attempts.get('M-8-1'))?.state, 'creating');
      await store.attempts.settleWithPage('M-8-1', 'M-8', answered, { page_html: '<form>' }, {}, page('t-8'));
      const ready = await store.attempts.get('M-8-1');
      assert.deepEqual([ready?.order_no, ready?.state, ready?.seq, ready?.opened_at], ['M-8-1', 'ready', 1, null]);
      const opened = await store.attempts.opened('M-8-1', 1_800_000_000_000);
      assert.deepEqual([opened?.state, opened?.opened_at, opened?.seq], ['ready', 1_800_000_000_000, 1]);
      assert.equal((await store.attempts.opened('M-8-1', 1_900_000_000_000))?.opened_at, 1_800_000_000_000);
      assert.equal(await store.attempts.supersede('M-8-1', 'M-8'), false);
      assert.equal(await store.attempts.opened('M-9-1'), undefined);
    })); // prettier-ignore

    it(
      'answers nothing for attempts that do not exist',
      withStore(database, async (store) => {
        assert.equal(await store.attempts.get('none-1'), undefined);
        assert.equal(await store.attempts.latest('none'), undefined);
        assert.equal(await store.attempts.opened('none-1'), undefined);
      }),
    );

    it('writes each shape of a new order and its attempt with its own columns', withStore(database, async (store) => {
      // The first shape names neither contract_name nor details.
      await store.attempts.openOrder(order('S-1'), attempt('S-1'));
      await store.attempts.openOrder({ ...order('S-2'), contract_name: 'monthly' }, { ...attempt('S-2'), details: '{"a":1}' });
      assert.equal((await store.orders.get('S-2'))?.contract_name, 'monthly');
      assert.equal((await store.attempts.get('S-2-1'))?.details, '{"a":1}');
    })); // prettier-ignore

    it('writes each shape of a settlement with its own columns', withStore(database, async (store) => {
      for (const ref of ['S-3', 'S-4']) await store.attempts.openOrder(order(ref), attempt(ref));
      await store.attempts.settle('S-3-1', 'S-3', answered, { page_html: '<form>' }, {});
      const refused = moveOf('refused', 'declined');
      assert.equal(await store.attempts.settle('S-4-1', 'S-4', refused, { error: 'card declined' }, { transaction_id: 'T-4' }), true);
      assert.equal((await store.attempts.get('S-4-1'))?.error, 'card declined');
      const settled = await store.orders.get('S-4');
      assert.deepEqual([settled?.status, settled?.transaction_id], ['declined', 'T-4']);
    })); // prettier-ignore
  });
}
