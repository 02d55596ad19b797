/**
 * The payment page loaded before Pay (widget/src/page-ahead.ts), as a shopper meets it in every
 * engine (flows.ts runs it): once the session is prepared, the element has posted the session's
 * form into an empty frame of the closed dialog, so the service's page is loaded there, adding no
 * entry to the shop's session history; a change to the form replaces it; Pay shows the frame as it is, with no new page
 * requested (the one-time `/pay` address never used), and the shopper pays on it.
 */
import assert from 'node:assert/strict';
import type { DemoStack } from '../../../demo/stack.ts';
import { until } from '../../server/helpers/until.ts';
import { CARDS, SENTENCES } from '../helpers/demo.ts';
import type { Shopper } from './shopper.ts';

/** Runs in the storefront: the element's payment page as it stands, and its frame's load events. */
function framed() {
  const root = document.querySelector('acquiring-checkout')?.shadowRoot;
  const frame = root?.querySelector('iframe');
  const page = window as unknown as { loads?: number; framePaid?: number };
  if (root && page.loads === undefined) {
    page.loads = 0;
    // Capturing: a frame's load event does not bubble. Counted for the page now in the frame.
    root.addEventListener('load', () => (page.loads = (page.loads ?? 0) + 1), true);
  }
  return {
    src: frame?.getAttribute('src') ?? '',
    open: root?.querySelector('dialog')?.open ?? false,
    modal: root?.querySelector('dialog')?.matches(':modal') ?? false,
    // On screen: a box, and nothing transparent around it (out of sight before Pay, the frame is
    // laid out in the element, invisible and inert: page-ahead.ts).
    shown:
      !!frame &&
      frame.getClientRects().length > 0 &&
      frame.checkVisibility({ opacityProperty: true }),
    width: frame?.getBoundingClientRect().width ?? 0,
    elementWidth: document.querySelector('acquiring-checkout')?.getBoundingClientRect().width ?? 0,
    inert: !!frame?.closest('[inert]'),
    loads: page.loads ?? 0,
  };
}

/** Runs in the storefront: its session history's length (a frame's pages count in it). */
function historyLength(): number {
  return history.length;
}

/** Runs in the storefront: forgets the loads counted, for the next page in the frame. */
function recount() {
  (window as unknown as { loads?: number }).loads = 0;
}

/** Runs in the storefront: presses Pay, answering the time (epoch ms) just before. */
function pressPay(): number {
  const at = performance.timeOrigin + performance.now();
  document
    .querySelector('acquiring-checkout')
    ?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="pay-button"]')
    ?.click();
  return at;
}

/** Runs in the frame: where its document is, and since when (epoch ms). */
function frameDocument() {
  return { path: location.pathname, since: performance.timeOrigin };
}

/**
 * Registers the flow with flows.ts's `flow`: in a window, and in a phone's (`phone`), where the
 * page opens as a modal dialog (`showModal`).
 */
export function preparedPageFlows<Size>(
  flow: (title: string, run: (s: Shopper) => Promise<void>, size?: Size) => void,
  stack: () => DemoStack,
  agree: (ref: string, status: string) => Promise<void>,
  phone: Size,
): void {
  flow('the payment page loaded before Pay, replaced by a change, shown at Pay and paid', (s) =>
    preparedPageFlow(s, stack(), agree),
  );
  flow(
    'on a phone, the page loaded before Pay opens as the modal dialog',
    (s) => preparedPageFlow(s, stack(), agree, true),
    phone,
  );
}

/** `phone`: the tab is a phone's, where the page opens as a modal dialog (`showModal`). */
async function preparedPageFlow(
  s: Shopper,
  stack: DemoStack,
  agree: (ref: string, status: string) => Promise<void>,
  phone = false,
): Promise<void> {
  const store = () => stack.companion().context.store;
  /** The order's page addresses the companion has served (one-time: a used token each). */
  const served = async (ref: string) =>
    (
      await store()
        .db.selectFrom('page_tokens')
        .select(['order_no', 'used_at'])
        .where('order_no', 'like', `${ref}-%`)
        .execute()
    ).filter((row) => row.used_at !== null).length;
  const framedNow = () => s.tab.evaluate(framed);
  /**
   * Waits until the frame, closed, was rendered empty and, since the loads were last counted,
   * has loaded that and then the service's page its form posted.
   */
  const preparedPage = () =>
    until(framedNow, (f) => f.src === 'about:blank' && f.loads >= 2, {
      timeoutMs: 15_000,
      everyMs: 50,
      what: 'a page loaded out of sight before Pay',
    });

  await s.add('mug');
  const ref = await s.checkout();
  await s.tab.evaluate(framed); // counts the frame's loads from now on
  const history = await s.tab.evaluate(historyLength);
  await s.fillDetails();
  const first = await preparedPage();
  // The page loaded out of sight adds no entry: Back still leaves the shop's page at once.
  assert.equal(await s.tab.evaluate(historyLength), history, 'no session history entry');
  assert.equal(first.open, false, 'loaded while the dialog is closed');
  assert.equal(first.shown, false, 'out of sight');
  assert.equal(first.inert, true, 'inert: no focus, nothing read out');
  // Laid out before Pay as it will be shown, so its page is too: the whole screen on a phone,
  // else the element's width.
  const screen = await s.tab.evaluate(() => document.documentElement.clientWidth);
  assert.equal(
    Math.round(first.width),
    Math.round(phone ? screen : first.elementWidth),
    'laid out',
  );
  assert.equal(await s.tab.count('element', { button: 'Pay' }), 1, 'the form is still there');

  // A change to the form: that page goes, and the next prepared session brings another.
  await s.tab.evaluate(recount);
  await s.tab.fill('element', { label: 'Email' }, 'grace@example.com');
  const second = await preparedPage();
  assert.equal(second.open, false);
  const attempts = await store()
    .db.selectFrom('attempts')
    .select(['order_no', 'state'])
    .where('order_no', 'like', `${ref}-%`)
    .orderBy('order_no')
    .execute();
  assert.deepEqual(
    attempts.map((a) => a.state),
    ['abandoned', 'ready'],
    'the first page’s attempt replaced, the second one’s ready',
  );
  const servedBefore = await served(ref);

  const pressedAt = await s.tab.evaluate(pressPay);
  await s.tab.waitFor('frame', { label: 'Card number' });
  const shown = await framedNow();
  assert.deepEqual(
    [shown.open, shown.shown, shown.inert, shown.src],
    [true, true, false, second.src],
    'the same frame, shown and usable',
  );
  assert.equal(shown.modal, phone, phone ? 'modal on a phone' : 'in the form’s place');
  if (phone) assert.equal(shown.width, first.width, 'shown as wide as it was laid out');
  // Loaded before Pay, once each: the empty frame, then the service's page.
  assert.equal(shown.loads, 2, `the frame loaded ${shown.loads} times before Pay`);
  const inFrame = await s.tab.evaluateInFrame(frameDocument);
  assert.match(inFrame.path, /\/hosted\//, 'the service’s page');
  assert.ok(inFrame.since < pressedAt, 'its document was loaded before Pay, not after');
  assert.equal(await served(ref), servedBefore, 'Pay asked the companion for no other page');
  assert.equal(servedBefore, 0, 'no one-time `/pay` address was used: no hop');
  await until(
    async () =>
      (await store().db.selectFrom('attempts').select('opened_at').where('order_no', '=', `${ref}-2`).executeTakeFirst())?.opened_at, // prettier-ignore
    (openedAt) => typeof openedAt === 'number',
    { timeoutMs: 5_000, everyMs: 50, what: 'the companion told the page is opened' },
  );

  await s.payCard('frame', CARDS.success);
  const { status, sentence, order_no } = await s.outcome();
  assert.deepEqual([status, sentence], ['authorised', SENTENCES.paid]);
  assert.equal(order_no, `${ref}-2`, 'paid on the page loaded before Pay');
  await agree(ref, 'authorised');
}
