/**
 * The public demo's visitor spaces, through the demo server's console API against a real companion
 * and sandbox, wired as the hosted demo wires them: each visitor lists and acts on their own orders
 * and payouts only, because their console acts through a token scoped to their space. On SQLite
 * and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAYOUT } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { startPublicDemo, type PublicDemo, type Visitor } from '../helpers/public-demo.ts';
import type { Entry } from '../helpers/audit.ts';

for (const database of TEST_DATABASES)
  describe(`visitor spaces in the public demo, on ${database.name}`, () => {
    let demo: PublicDemo;
    before(async () => (demo = await startPublicDemo(database)));
    after(() => demo.close());

    async function order(of: Visitor): Promise<string> {
      const ref = of.ref('mug');
      assert.equal((await of.pay(ref)).status, 201);
      return ref;
    }

    it("lists a visitor's own orders only, and refuses to act on another's", async () => {
      const [ada, bob] = [await demo.visitor(), await demo.visitor()];
      const [adas, bobs] = [await order(ada), await order(bob)];
      const listed = (await ada.console('orders')).body.orders as { order_ref: string }[];
      assert.deepEqual(
        listed.map((o) => o.order_ref),
        [adas],
      );
      assert.equal((await ada.console('cancel', { orders: [{ order_ref: bobs }] })).status, 403);
      assert.equal((await ada.console(`orders/${bobs}`)).status, 403);
    });

    it("shows a visitor their own orders' audit trail only, naming them as the actor", async () => {
      const [ada, bob] = [await demo.visitor(), await demo.visitor()];
      const [adas, bobs] = [await order(ada), await order(bob)];
      // Not paid yet: the companion refuses it, and the refusal is on record.
      assert.equal((await ada.console('cancel', { orders: [{ order_ref: adas }] })).status, 404);
      const trail = (await ada.console(`orders/${adas}/audit`)).body.entries as Entry[];
      assert.deepEqual(
        trail.map((e) => [e.operation, e.actor, e.token_name, e.role, e.outcome, e.targets]),
        [
          [
            'cancel',
            `demo visitor ${ada.space}`,
            `visitors.${ada.space}`,
            'cancel',
            'refused',
            [adas],
          ],
        ],
      );
      assert.equal((await ada.console(`orders/${bobs}/audit`)).status, 403);
    });

    it('searches refunds of their own payments only, however the payments are named', async () => {
      const [ada, bob] = [await demo.visitor(), await demo.visitor()];
      const [adas, bobs] = [await order(ada), await order(bob)];
      const mine = { order_no: `${adas}-1` };
      assert.equal((await ada.console('refund-search', mine)).status, 200);
      for (const body of [
        { order_no: `${adas}-1,${bobs}-1` },
        { order_no: [`${adas}-1`, `${bobs}-1`] },
        { order_no: [`${adas}-1,${bobs}-1`] },
        { order_no: `${adas}-1, ${bobs}-1` },
        { transaction_id: 'any' },
        { date_from: '20260101000000', date_to: '20261231235959' },
        { order_no: ' , ' },
        {},
      ])
        assert.equal((await ada.console('refund-search', body)).status, 403, JSON.stringify(body));
    });

    it('pays out under their own space, and lists their own payouts only', async () => {
      const [ada, bob] = [await demo.visitor(), await demo.visitor()];
      const own = { ...PAYOUT, reference: `${ada.space}.payout.1` };
      assert.equal((await ada.console('payouts/new', own)).status, 201);
      assert.equal((await ada.console('payouts/new', PAYOUT)).status, 403, 'no reference');
      const bobsRef = { ...PAYOUT, reference: `${bob.space}.payout.1` };
      assert.equal((await ada.console('payouts/new', bobsRef)).status, 403);
      const adas = (await ada.console('payouts')).body.payouts as unknown[];
      const bobs = (await bob.console('payouts')).body.payouts as unknown[];
      assert.deepEqual([adas.length, bobs.length], [1, 0]);
    });

    it('leaves reconciling every order to the demo itself: a visitor has no such role', async () => {
      const ada = await demo.visitor();
      const answer = await ada.console('reconcile', {});
      assert.equal(answer.status, 403);
      assert.match(String(answer.body.detail), /lacks the reconcile role/);
    });
  });
