/**
 * The payment page loaded before Pay (src/page-ahead.ts), against the test stack's real
 * companion: out of sight once the session is prepared, shown by Pay as it is, discarded by a
 * change to the form, and replaced by a fresh page when the companion says it is gone (410).
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { elementWith, fillValid, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

const frameOf = (el: AcquiringCheckout) => el.shadowRoot?.querySelector('iframe') ?? null;
const dialogOf = (el: AcquiringCheckout) => el.shadowRoot?.querySelector('dialog') ?? null;

/** The element for a new order, its frames' load events counted (by the frame they load in). */
async function element(): Promise<{ el: AcquiringCheckout; loaded: Set<EventTarget | null> }> {
  const el = await elementWith({ companion, 'order-ref': orderRef('ahead') });
  const loaded = new Set<EventTarget | null>();
  // Capturing: a frame's load event does not bubble.
  el.shadowRoot?.addEventListener('load', (event) => loaded.add(event.target), true);
  return { el, loaded };
}

/** The frame once a page other than `before` has loaded in it out of sight. */
async function prepared(
  { el, loaded }: { el: AcquiringCheckout; loaded: Set<EventTarget | null> },
  before = '',
): Promise<HTMLIFrameElement> {
  await waitUntil(
    () => {
      const frame = frameOf(el);
      return frame?.src.includes('prepared=1') && frame.src !== before && loaded.has(frame);
    },
    'no page was loaded before Pay',
    { timeout: 10_000 },
  );
  return frameOf(el) as HTMLIFrameElement;
}

/** Passes the page's calls through, answering `/opened` itself when `gone`; counts those calls. */
function openedCalls(gone: boolean) {
  const original = window.fetch;
  let calls = 0;
  window.fetch = (input, init) => {
    if (!String(input).endsWith('/opened')) return original(input, init);
    calls++;
    return gone ? Promise.resolve(new Response(null, { status: 410 })) : original(input, init);
  };
  return { calls: () => calls, restore: () => (window.fetch = original) };
}

describe('the payment page loaded before Pay', () => {
  let opened: ReturnType<typeof openedCalls> | undefined;
  afterEach(() => opened?.restore());

  it('loads out of sight, and Pay shows the same frame and says it is opened', async () => {
    opened = openedCalls(false);
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    const frame = await prepared(shop);
    expect(dialogOf(el)?.open, 'the dialog is closed').to.equal(false);
    expect(frame.getClientRects().length, 'nothing shows').to.equal(0);
    expect(part(el, 'pay-button'), 'the form is there').to.exist;
    const mounted = oneEvent(el, 'acquiring-frame-mounted');
    part(el, 'pay-button').click();
    await mounted;
    expect(frameOf(el), 'the same frame, not a new one').to.equal(frame);
    expect(dialogOf(el)?.open).to.equal(true);
    expect(part(el, 'progress'), 'painted already: no progress line').to.equal(null);
    await waitUntil(() => opened?.calls() === 1, 'the companion was not told', { timeout: 5_000 });
  });

  it('goes when the form changes, and the next prepared session loads another', async () => {
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    const first = await prepared(shop);
    await type(el, 'email', 'grace@example.com');
    await waitUntil(() => frameOf(el) === null, 'the page was not discarded', { timeout: 5_000 });
    const second = await prepared(shop, first.src);
    expect(second.src).not.to.equal(first.src);
  });

  it('is replaced by a fresh page when the companion answers 410', async () => {
    opened = openedCalls(true);
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    const frame = await prepared(shop);
    const loaded = frame.src;
    part(el, 'pay-button').click();
    await waitUntil(
      () => frameOf(el)?.src.includes('/pay/') && frameOf(el)?.src !== loaded,
      'no fresh page',
      { timeout: 5_000 },
    );
    expect(frameOf(el)?.src).not.to.include('prepared=1');
    expect(dialogOf(el)?.open).to.equal(true);
  });
});
