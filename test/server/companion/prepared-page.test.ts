/**
 * A payment page prepared before Pay: served at its one-time address with `?prepared=1`, into a
 * frame out of sight, it leaves the attempt unopened, so a change to the form still replaces it;
 * the widget's `pageOpened` at Pay opens it (never replaced from then on). An abandoned prepared
 * page is never charged: replaced, or left until the attempt's lifetime ends, its attempt is
 * abandoned or expired and the service's payment for it is never paid.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAID_STATUSES } from 'acquiring-checkout/contract';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

/** The token of a one-time page address (`…/pay/<token>`). */
const tokenOf = (frameUrl: unknown) => String(frameUrl).split('/pay/')[1] ?? '';

describe('a payment page prepared before Pay', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  const store = () => stack.companion.companion.context.store;
  const attemptOf = async (orderNo: string) =>
    store()
      .db.selectFrom('attempts')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
  /** The service's own word on a payment: never a paid status for a page nobody was shown. */
  const serviceStatus = async (orderNo: string) => {
    const { orders } = await stack.companion.companion.context.gateway.query({
      order_no: [orderNo],
    });
    assert.equal(orders.length, 1, 'the service has the payment');
    return orders[0]?.payment_status;
  };
  /** Prepares a session and loads its page out of sight, as the widget does before Pay. */
  const prepare = async (ref: string, email = 'ada@example.com') => {
    const body = sessionBody(ref);
    const session = await stack.widget('/checkout-sessions', {
      ...body,
      shopper: { ...body.shopper, email },
    });
    assert.equal(session.status, 201);
    const page = await fetch(`${String(session.body.frame_url)}?prepared=1`);
    assert.equal(page.status, 200, 'the prepared page is served');
    assert.match(await page.text(), /session_token/);
    return session.body;
  };
  const opened = (frameUrl: unknown) =>
    fetch(`${stack.companion.url}/api/pages/${tokenOf(frameUrl)}/opened`, {
      method: 'POST',
      headers: { origin: 'http://shop.test' },
    });

  it('is served once, and leaves its attempt unopened', async () => {
    const session = await prepare('mug.p1');
    assert.equal((await attemptOf(String(session.order_no))).opened_at, null);
    const again = await fetch(`${String(session.frame_url)}?prepared=1`);
    assert.equal(again.status, 410, 'its one-time address is used');
  });

  it('is replaced when the form changes, and the replaced one is never charged', async () => {
    const first = await prepare('mug.p2');
    const second = await prepare('mug.p2', 'grace@example.com');
    assert.notEqual(second.order_no, first.order_no, 'a new attempt for the changed form');
    const replaced = await attemptOf(String(first.order_no));
    assert.equal(replaced.state, 'abandoned');
    assert.equal((await opened(first.frame_url)).status, 410, 'Pay cannot open a replaced page');
    assert.ok(!PAID_STATUSES.includes((await serviceStatus(String(first.order_no))) as never));
  });

  it('is opened at Pay: from then on the form cannot replace it', async () => {
    const first = await prepare('mug.p3');
    const answer = await opened(first.frame_url);
    assert.equal(answer.status, 204);
    assert.notEqual((await attemptOf(String(first.order_no))).opened_at, null);
    const body = sessionBody('mug.p3');
    const asked = await stack.widget('/checkout-sessions', {
      ...body,
      shopper: { ...body.shopper, email: 'grace@example.com' },
    });
    assert.equal(asked.body.order_no, first.order_no, 'the opened attempt is answered again');
  });

  it('cannot be opened by a token whose page was never served', async () => {
    const session = await stack.widget('/checkout-sessions', sessionBody('mug.p4'));
    assert.equal((await opened(session.body.frame_url)).status, 410);
    assert.equal((await attemptOf(String(session.body.order_no))).opened_at, null);
  });

  it('left unshown, expires after the attempt lifetime and is never charged', async () => {
    const session = await prepare('mug.p5');
    const orderNo = String(session.order_no);
    // Its attempt made longer ago than the lifetime (24 h), as the expiry test of metrics-counts.
    await store().db.updateTable('attempts').set({ created_at: 0 }).where('order_no', '=', orderNo).execute(); // prettier-ignore
    const answer = await stack.ops('/reconcile', {});
    assert.equal(answer.body.expired, 1);
    assert.equal((await attemptOf(orderNo)).state, 'expired');
    assert.equal((await store().orders.get('mug.p5'))?.status, 'expired');
    assert.equal((await opened(session.frame_url)).status, 410, 'Pay cannot open an expired page');
    assert.ok(!PAID_STATUSES.includes((await serviceStatus(orderNo)) as never));
  });
});
