/**
 * The hostile visitor's probe of the hosted demo (issue 36), replayed through the demo wired as
 * the hosted demo is (on SQLite and PostgreSQL): one visitor cancelling another's subscription
 * with a body whose `orders` names their own order and whose `order_ref` names the victim's; a
 * visitor opening orders in another's space, by each way a payment starts; a malformed
 * `demo_shopper` cookie writing an error line with a stack for every request. Each passed against
 * the code before scoped tokens and mayOpenOrder.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { demoShopper } from '../../../demo/sign-in.ts';
import { openHosted, payOpened } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { startPublicDemo, type PublicDemo } from '../helpers/public-demo.ts';
import { until } from '../helpers/until.ts';
import type { Entry } from '../helpers/audit.ts';

const SIGN_IN = 'a-secret-for-the-attacks-test-0123456789';
/** A card the sandbox stores a token for, and card fields, for the card and saved-card starts. */
const CARD = { number: '4111111111111111', expiry_month: '12', expiry_year: '2030', security_code: '123' }; // prettier-ignore

for (const database of TEST_DATABASES)
  describe(`a hostile visitor of the hosted demo, on ${database.name}`, () => {
    let demo: PublicDemo;
    const lines: { level: number; msg?: string; err?: unknown }[] = [];
    before(async () => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean))
            lines.push(JSON.parse(line) as (typeof lines)[number]);
          done();
        },
      });
      demo = await startPublicDemo(
        database,
        { resolveShopper: demoShopper(SIGN_IN), logger: pino({ level: 'debug' }, sink) },
        { signIn: { secret: SIGN_IN, secure: false } },
      );
    });
    after(() => demo.close());
    const orders = () => demo.companion.companion.context.store.orders;

    it("cannot cancel another visitor's subscription, however the body is shaped", async () => {
      const [victim, attacker] = [await demo.visitor(), await demo.visitor()];
      const subscription = `${victim.space}.coffee.n18100`;
      const started = await victim.pay(subscription);
      await payOpened(demo.sandbox.url, await openHosted(String(started.body.frame_url)));
      await until(
        () => orders().get(subscription),
        (o) => o?.status === 'authorised',
      );
      await demo.companion.companion.reconcile();
      assert.ok((await orders().get(subscription))?.recurring_id);

      const own = attacker.ref('mug');
      assert.equal((await attacker.pay(own)).status, 201);
      const probe = { orders: [{ order_ref: own }], order_ref: subscription };
      const answer = await attacker.console('cancel-subscription', probe);
      assert.equal(answer.status, 403, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.issues, [
        {
          path: 'order_ref',
          message: `${subscription} is outside the token visitors.${attacker.space}'s scope (${attacker.space}.)`,
        },
      ]);
      assert.equal((await orders().get(subscription))?.subscription_status, null, 'still active');
      // On record as the attacker's refused attempt on the victim's subscription.
      const trail = (await victim.console(`orders/${subscription}/audit`)).body.entries as Entry[];
      assert.deepEqual(
        trail.map((e) => [e.operation, e.token_name, e.outcome, e.status_code]),
        [['cancel-subscription', `visitors.${attacker.space}`, 'refused', 403]],
      );
    });

    for (const [route, extra] of [
      ['checkout-sessions', {}],
      ['apm-payments', { payment_method: 'PAYPAL' }],
      ['card-payments', { card: CARD }],
      ['saved-card-payments', { card_id: 'sc_0123456789abcdef' }],
    ] as const)
      it(`cannot open an order in another visitor's space: ${route}`, async () => {
        const [owner, intruder] = [await demo.visitor(), await demo.visitor()];
        const ref = owner.ref('mug');
        const answer = await intruder.pay(ref, route, extra);
        assert.equal(answer.status, 403, JSON.stringify(answer.body));
        assert.deepEqual(answer.body.issues, [
          { path: 'order_ref', message: `this shop does not let you open ${ref}` },
        ]);
        assert.equal(await orders().get(ref), undefined, 'never created');
        // Nor without any space, nor with a space cookie nobody signed.
        const forged = intruder.cookie.replace(intruder.space, owner.space);
        for (const cookie of ['', forged]) {
          const stranger = { ...intruder, cookie };
          assert.equal((await demo.visitorWith(stranger).pay(ref, route, extra)).status, 403);
        }
      });

    it('takes a malformed demo_shopper cookie for anonymous, writing no error line', async () => {
      const visitor = await demo.visitor();
      const before = lines.length;
      for (const shopper of ['%ff%ff', '%', '%E0%A4%A']) {
        const cookie = `${visitor.cookie}; demo_shopper=${shopper}`;
        const answer = await demo.visitorWith({ ...visitor, cookie }).pay(visitor.ref('mug'));
        assert.equal(answer.status, 201, JSON.stringify(answer.body));
      }
      const loud = lines.slice(before).filter((line) => line.level >= 40);
      assert.deepEqual(loud, []);
    });
  });
