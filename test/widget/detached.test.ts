/**
 * The element taken out of the page (an app's route changed, or the element was moved) while it
 * works: it moves no page, starts no session and logs no false alarm, and goes on where it was
 * when it is put back. Lit keeps updating a detached element, so each case has something arrive
 * or change after the element left.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { countRequests, elementWith, fillValid, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion, walletCompanion } from '/__stack.js';

function checkout(attributes: Record<string, string> = {}): Promise<AcquiringCheckout> {
  return elementWith({ companion, 'order-ref': orderRef('gone'), ...attributes });
}

/** Something that must not happen has no event to wait for: this waits `ms` instead. */
const meanwhile = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds the page's requests to `path` until `release()`, then sends each on to the real
 * companion; `answered()` once one of them has its answer.
 */
function holdRequests(path: string) {
  const { fetch } = window;
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  window.fetch = (input, init) =>
    String(input).endsWith(path)
      ? released.then(() => fetch(input, init)).finally(() => (answered = true))
      : fetch(input, init);
  return { release, answered: () => answered, restore: () => void (window.fetch = fetch) };
}

/** Presses Pay, then takes the element out of the page before the held answer comes. */
async function payThenLeave(el: AcquiringCheckout, held: { release(): void }): Promise<void> {
  const submitted = oneEvent(el, 'acquiring-submit');
  part(el, 'pay-button').click();
  await submitted;
  el.remove();
  held.release();
}

describe('<acquiring-checkout> taken out of the page', () => {
  it('falls back to nothing, and loads its frame when put back', async function () {
    this.timeout(30_000); // its waits add up to more than the usual 15 s on a loaded machine
    // Before the fix, the frame's timer ran on in the detached element and its fallback, by
    // default a redirect, moved the page the shopper had gone on to.
    const el = await checkout({ fallback: 'popup', 'frame-timeout': '300' });
    const place = el.parentElement as HTMLElement;
    // Counted from before the form is valid: a session prepared ahead, which Pay then takes, is
    // the one session either way.
    const requests = countRequests('/api/checkout-sessions');
    try {
      await fillValid(el);
      part(el, 'pay-button').click();
      el.remove();
      // The session's answer reaches the detached element: its frame is rendered, not loaded.
      await waitUntil(() => el.shadowRoot?.querySelector('[part="frame"]'), 'no frame', {
        timeout: 5_000,
      });
      await meanwhile(900); // three times its frame-timeout
      expect(requests.count(), 'a fallback asks for a fresh address').to.equal(1);
      expect(el.shadowRoot?.querySelector('[part="open-window-button"]')).to.equal(null);
      // Back in the page, the frame loads, with its time from now (ample, as the page loads).
      el.frameTimeout = 10_000;
      const mounted = oneEvent(el, 'acquiring-frame-mounted');
      place.append(el);
      expect((await mounted).detail.order_no).to.match(/-1$/);
      expect(requests.count()).to.equal(1);
    } finally {
      requests.restore();
    }
  });

  it('moved with its page up, shows the same attempt’s page at a fresh address', async () => {
    const el = await checkout();
    await fillValid(el);
    const mounted = oneEvent(el, 'acquiring-frame-mounted');
    part(el, 'pay-button').click();
    const first = (await mounted).detail.order_no;
    const used = (part(el, 'frame') as HTMLIFrameElement).src;
    // Moved, as an app re-parents it: the frame reloads, and its address was served once.
    const again = oneEvent(el, 'acquiring-frame-mounted');
    document.body.append(el);
    expect((await again).detail.order_no, 'the same attempt').to.equal(first);
    const fresh = (part(el, 'frame') as HTMLIFrameElement).src;
    expect(fresh).to.match(/\/pay\//);
    expect(fresh).not.to.equal(used);
    el.remove(); // not the fixture's any more
  });

  it('sends no page to the payment method whose address came after it left', async () => {
    const el = await checkout({ mode: 'apm', 'payment-method': 'BANK_TRANSFER', fields: 'email' });
    await type(el, 'email', 'ada@example.com');
    const place = el.parentElement as HTMLElement;
    const held = holdRequests('/api/apm-payments');
    try {
      await payThenLeave(el, held);
      // Before the fix, the page went to the payment method here, and this test's page with it
      // (the run then reports the file unfinished). Now the attempt, saved as its answer came,
      // is offered to continue.
      const offered = () => el.shadowRoot?.querySelector('[part="continue-button"]');
      await waitUntil(offered, 'no Continue', { timeout: 5_000 });
      place.append(el);
      await el.updateComplete;
      expect(part(el, 'continue-button').textContent?.trim()).to.equal('Continue your payment');
    } finally {
      held.restore();
    }
  });

  it('asks for a card payment’s outcome only once it is back', async () => {
    // The companion that takes card payments.
    const el = await elementWith({
      companion: walletCompanion,
      'order-ref': orderRef('gone'),
      mode: 'card',
      fields: 'email',
    });
    await type(el, 'email', 'ada@example.com');
    await type(el, 'card.number', '4111 1111 1111 1111');
    await type(el, 'card.expiry', '12/30');
    await type(el, 'card.security_code', '123');
    const place = el.parentElement as HTMLElement;
    const held = holdRequests('/api/card-payments');
    const statuses = countRequests('/api/orders/');
    try {
      await payThenLeave(el, held);
      await waitUntil(held.answered, 'the payment was not answered', { timeout: 5_000 });
      await meanwhile(700); // the poll asks at once, then every 500 ms
      expect(statuses.count(), 'no status asked for while away').to.equal(0);
      const result = oneEvent(el, 'acquiring-result');
      place.append(el);
      expect((await result).detail.status).to.equal('authorised');
    } finally {
      held.restore();
      statuses.restore();
    }
  });

  it('prepares no session, however it updates meanwhile', async () => {
    const el = await checkout();
    const requests = countRequests('/api/checkout-sessions');
    try {
      await fillValid(el);
      el.remove();
      // One prepared before it left (the machine slow to get here) is not what is asked.
      const before = requests.count();
      // An update of the detached element (a text arriving does the same): before the fix, it
      // prepared a session, which could replace the one the shopper's next page prepared.
      el.messages = { pay: 'Place order' };
      await el.updateComplete;
      await meanwhile(1_200); // more than twice the preparer's pause
      expect(requests.count()).to.equal(before);
    } finally {
      requests.restore();
    }
  });

  it('logs no unreachable companion for a summary it stopped asking for', async () => {
    const el = await checkout();
    const logged: string[] = [];
    const { error } = console;
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    // A slow network from here on: each summary is still on its way when the element stops
    // asking for it.
    const { fetch } = window;
    const asked: string[] = [];
    let handled = 0;
    window.fetch = (input, init) => {
      if (!String(input).includes('/api/order-summaries/')) return fetch(input, init);
      asked.push(String(input));
      const answer = new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The request was aborted.', 'AbortError')),
        ),
      );
      // Registered after the caller's own await of it: counts once the caller has handled it.
      queueMicrotask(() => void answer.catch(() => handled++));
      return answer;
    };
    try {
      el.orderRef = orderRef('gone');
      await waitUntil(() => asked.length === 1, 'no summary asked for');
      el.orderRef = orderRef('gone'); // another order: the last one's summary is stopped
      await waitUntil(() => asked.length === 2, 'no summary asked for');
      el.remove(); // and so is this one's
      await waitUntil(() => handled === 2, 'the stopped requests were not handled');
      expect(logged.filter((line) => line.includes('no answer from'))).to.deep.equal([]);
    } finally {
      console.error = error;
      window.fetch = fetch;
    }
  });
});
