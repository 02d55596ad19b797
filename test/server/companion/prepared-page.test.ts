/**
 * A payment page prepared before Pay: posted by the widget into its frame out of sight, from the
 * session's `page_form`. That leaves the attempt unopened, so a change to the form still replaces
 * it; the widget's `pageOpened` at Pay opens it (never replaced from then on). The one-time
 * address opens its attempt whoever asks for it: there is no way to be served the page and leave
 * the attempt replaceable. An abandoned prepared
 * page is never charged: replaced, or left until the attempt's lifetime ends, its attempt is
 * abandoned or expired and the service's payment for it is never paid.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAID_STATUSES, type PageForm } from 'acquiring-checkout/contract';
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
  /**
   * Prepares a session and loads its page out of sight, as the widget does before Pay: the
   * frame's post of the session's form, straight to the service.
   */
  const prepare = async (ref: string, email = 'ada@example.com') => {
    const body = sessionBody(ref);
    const session = await stack.widget('/checkout-sessions', {
      ...body,
      shopper: { ...body.shopper, email },
    });
    assert.equal(session.status, 201);
    const form = session.body.page_form as PageForm;
    const page = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(form.fields),
    });
    assert.equal(page.status, 200, 'the prepared page is served');
    assert.match(await page.text(), /name="card"/);
    return session.body;
  };
  const opened = (frameUrl: unknown) =>
    fetch(`${stack.companion.url}/api/pages/${tokenOf(frameUrl)}/opened`, {
      method: 'POST',
      headers: { origin: 'http://shop.test' },
    });

  it('leaves its attempt unopened', async () => {
    const session = await prepare('mug.p1');
    assert.equal((await attemptOf(String(session.order_no))).opened_at, null);
  });

  // The way before the post (the address asked for with `?prepared=1`) served the page and left
  // its attempt replaceable: a visitor could be shown a page, pay on it, and see it replaced.
  it('opens its attempt when its one-time address is asked for, however it is asked', async () => {
    const body = sessionBody('mug.p6');
    const session = (await stack.widget('/checkout-sessions', body)).body;
    const page = await fetch(`${String(session.frame_url)}?prepared=1`);
    assert.equal(page.status, 200);
    assert.notEqual((await attemptOf(String(session.order_no))).opened_at, null, 'opened');
    const changed = { ...body, shopper: { ...body.shopper, email: 'grace@example.com' } };
    const asked = await stack.widget('/checkout-sessions', changed);
    assert.equal(asked.body.order_no, session.order_no, 'not replaced by a changed form');
    const again = await fetch(`${String(session.frame_url)}?prepared=1`);
    assert.equal(again.status, 410, 'its one-time address is used');
  });

  it("hands the service's form to the widget, and names the service for the storefront's form-action", async () => {
    const session = await stack.widget('/checkout-sessions', sessionBody('mug.p0'));
    const form = session.body.page_form as PageForm;
    assert.equal(form.action, `${stack.sandbox.url}/hosted/checkout`);
    assert.equal(form.method, 'post');
    assert.ok(form.fields.session_token, "the service's session token is in the form");
    // The storefront posts it into its frame: its CSP's form-action must name the service.
    const csp = await fetch(`${stack.companion.url}/api/csp`, {
      headers: { origin: 'http://shop.test' },
    });
    const entries = (await csp.json()) as Record<string, string[]>;
    assert.deepEqual(entries['form-action'], [new URL(stack.sandbox.url).origin]);
  });

  it('is opened by the token its session handed out, and by no other', async () => {
    const session = await prepare('mug.p4');
    const token = tokenOf(session.frame_url);
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    assert.equal((await opened(`/pay/${other}`)).status, 410, 'a token never handed out');
    assert.equal((await attemptOf(String(session.order_no))).opened_at, null);
    assert.equal((await opened(session.frame_url)).status, 204);
    assert.notEqual((await attemptOf(String(session.order_no))).opened_at, null);
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
