/**
 * The payment page loaded before Pay (src/page-ahead.ts), against the test stack's real
 * companion and sandbox: an empty frame out of sight as the session is prepared, the session's
 * form posted into it, so the service's page loads there; Pay shows it as it is; a change to the form discards it; the companion's 410 means a fresh page; a session with
 * no form loads nothing ahead.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { elementWith, fillValid, input, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

const frameOf = (el: AcquiringCheckout) => el.shadowRoot?.querySelector('iframe') ?? null;
const dialogOf = (el: AcquiringCheckout) => el.shadowRoot?.querySelector('dialog') ?? null;

type Shop = { el: AcquiringCheckout; loads: Map<EventTarget | null, number> };

/** The element for a new order, its frames' load events counted (by the frame they load in). */
async function element(): Promise<Shop> {
  const el = await elementWith({ companion, 'order-ref': orderRef('ahead') });
  const loads = new Map<EventTarget | null, number>();
  // Capturing: a frame's load event does not bubble.
  el.shadowRoot?.addEventListener(
    'load',
    (event) => loads.set(event.target, (loads.get(event.target) ?? 0) + 1),
    true,
  );
  return { el, loads };
}

/**
 * The frame other than `before` once the service's page has loaded in it out of sight: the empty
 * frame's load, then the page its form posted.
 */
async function prepared({ el, loads }: Shop, before?: Element): Promise<HTMLIFrameElement> {
  await waitUntil(
    () => {
      const frame = frameOf(el);
      const atFrame = frame?.src === 'about:blank' && frame !== before;
      return atFrame && (loads.get(frame) ?? 0) >= 2;
    },
    'no page was loaded before Pay',
    { timeout: 10_000 },
  );
  return frameOf(el) as HTMLIFrameElement;
}

/**
 * Presses Pay the moment the session's form is posted into the frame (its sandbox gains scripts
 * just before the post), while the service's page is still loading; `then` runs in the same
 * task, before the page can have loaded.
 */
function pressAtPost({ el }: Shop, then: () => void): Promise<void> {
  return new Promise((done) => {
    const observer = new MutationObserver(() => {
      if (!frameOf(el)?.sandbox.contains('allow-scripts')) return;
      observer.disconnect();
      part(el, 'pay-button').click();
      then();
      done();
    });
    observer.observe(el.shadowRoot as ShadowRoot, { subtree: true, attributes: true });
  });
}

const opacity = (element: Element | null) => element && getComputedStyle(element).opacity;

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

  it('loads out of sight, laid out as shown, and Pay shows the same frame and says it is opened', async () => {
    opened = openedCalls(false);
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    const frame = await prepared(shop);
    const dialog = dialogOf(el) as HTMLDialogElement;
    expect(dialog.open, 'the dialog is closed').to.equal(false);
    expect(dialog.inert, 'inert: no focus, nothing announced, no click').to.equal(true);
    expect(getComputedStyle(dialog).opacity, 'nothing shows').to.equal('0');
    const [box, page] = [el.getBoundingClientRect(), dialog.getBoundingClientRect()];
    expect(
      [page.top, page.bottom],
      'within the element: the shop page does not grow',
    ).to.deep.equal([box.top, box.bottom]);
    // Laid out before Pay as wide as it is shown (the element's width, as once shown below): its
    // page's layout is done before Pay. A frame not rendered has no width at all.
    const wide = () => [frame.getBoundingClientRect().width, el.getBoundingClientRect().width];
    expect(wide()[0])
      .to.be.above(0)
      .and.closeTo(wide()[1] as number, 1);
    expect(part(el, 'pay-button'), 'the form is there').to.exist;
    const mounted = oneEvent(el, 'acquiring-frame-mounted');
    // A task queued just before the press: Pay, with the page in, waits for no task first.
    let taskRan = false;
    setTimeout(() => (taskRan = true));
    part(el, 'pay-button').click();
    await mounted;
    expect(taskRan, 'the page shown before a task queued earlier ran').to.equal(false);
    expect(dialog.inert, 'usable once shown').to.equal(false);
    expect(wide()[0]).to.be.closeTo(wide()[1] as number, 1);
    expect(frameOf(el), 'the same frame, not a new one').to.equal(frame);
    expect(frame.src, 'at the same address: nothing loads again').to.equal('about:blank');
    expect(dialogOf(el)?.open).to.equal(true);
    expect(part(el, 'progress'), 'painted already: no progress line').to.equal(null);
    await waitUntil(() => opened?.calls() === 1, 'the companion was not told', { timeout: 5_000 });
  });

  it("shows a page still loading at the press at once, and does Pay's work once it has loaded", async () => {
    const shop = await element();
    const { el, loads } = shop;
    let submits = 0;
    el.addEventListener('acquiring-submit', () => submits++);
    await fillValid(el);
    let [atPress, pressedAt]: [unknown[], number] = [[], 0];
    await pressAtPost(shop, () => {
      pressedAt = performance.now();
      // A second press while Pay waits for the page: the same press.
      part(el, 'pay-button').click();
      const form = el.shadowRoot?.querySelector('form') ?? null;
      atPress = [opacity(dialogOf(el)), opacity(form), dialogOf(el)?.open, loads.get(frameOf(el))];
    });
    // Shown where it was laid out, the form made transparent: no render, no layout, at the press.
    expect(atPress, 'the page over the form, not yet opened, not yet loaded').to.deep.equal([
      '1',
      '0',
      false,
      1,
    ]);
    expect(part(el, 'pay-button').textContent, 'no "Paying…" while the page loads').not.to.match(
      /Paying/,
    );
    const frame = frameOf(el) as HTMLIFrameElement;
    await oneEvent(el, 'acquiring-frame-mounted');
    // Pay went on at the page's load (mounted painted: no progress line), or, for a page slower
    // than Pay waits (100 ms), after that wait; never while the page was loading early on.
    const [painted, waited] = [!part(el, 'progress'), performance.now() - pressedAt];
    expect(painted || waited >= 99, `mounted ${waited} ms after the press, loading`).to.equal(true);
    expect(frameOf(el), 'the same frame').to.equal(frame);
    expect([dialogOf(el)?.open, dialogOf(el)?.style.opacity]).to.deep.equal([true, '']);
    // A second Pay would have gone on by now, at the latest when its wait ended.
    await waitUntil(() => performance.now() - pressedAt > 200, 'clock', { interval: 20 });
    expect(submits, 'one attempt').to.equal(1);
  });

  it('brings the form back when Pay fails after showing the page at the press', async () => {
    const original = window.fetch;
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    // The press changes the request (a field typed meanwhile): Pay asks for a session of its own,
    // which the companion refuses.
    await pressAtPost(shop, () => {
      input(el, 'first_name').value = 'Augusta';
      input(el, 'first_name').dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      window.fetch = (url, init) =>
        String(url).endsWith('/checkout-sessions')
          ? Promise.resolve(Response.json({ error: 'unavailable' }, { status: 503 }))
          : original(url, init);
    });
    try {
      await oneEvent(el, 'acquiring-failure');
      await el.updateComplete;
      const form = el.shadowRoot?.querySelector('form') ?? null;
      expect(opacity(form), 'the form in view again').to.equal('1');
      expect(dialogOf(el)?.open ?? false, 'no page over it').to.equal(false);
      expect(opacity(dialogOf(el)) ?? '0').to.equal('0');
    } finally {
      window.fetch = original;
    }
  });

  it('runs no script in the empty frame: its sandbox gains scripts as the form is posted', async () => {
    const shop = await element();
    // Each frame's sandbox as first rendered: the old value of its first change, if it changed.
    const first = new Map<Node, string | null>();
    const observer = new MutationObserver((records) => {
      for (const { target, oldValue } of records)
        if (!first.has(target)) first.set(target, oldValue);
    });
    observer.observe(shop.el.shadowRoot as ShadowRoot, {
      subtree: true,
      attributeFilter: ['sandbox'],
      attributeOldValue: true,
    });
    await fillValid(shop.el);
    const frame = await prepared(shop);
    observer.disconnect();
    // The empty frame is the storefront's own document: scripts there could lift the sandbox.
    expect(first.get(frame) ?? frame.getAttribute('sandbox')).to.equal(
      'allow-forms allow-same-origin allow-popups',
    );
    expect([...frame.sandbox], "the service's page runs its scripts").to.include('allow-scripts');
  });

  it('goes when the form changes, and the next prepared session loads another', async () => {
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    const first = await prepared(shop);
    await type(el, 'email', 'grace@example.com');
    await waitUntil(() => frameOf(el) !== first, 'the page was not discarded', { timeout: 5_000 });
    await prepared(shop, first);
  });

  it("loads nothing ahead for a session without the service's form", async () => {
    const original = window.fetch;
    let answered = 0;
    // The companion leaves the form out when the service's page refuses the storefront's frame.
    window.fetch = async (input, init) => {
      const answer = await original(input, init);
      if (!String(input).endsWith('/checkout-sessions')) return answer;
      const { page_form: _, ...session } = (await answer.json()) as Record<string, unknown>;
      answered++;
      return Response.json(session, { status: answer.status });
    };
    try {
      const { el } = await element();
      await fillValid(el);
      await waitUntil(() => answered === 1, 'no session was prepared', { timeout: 10_000 });
      part(el, 'pay-button').click();
      await waitUntil(() => frameOf(el)?.src.includes('/pay/'), 'Pay took the one-time page', {
        timeout: 10_000,
      });
      expect(dialogOf(el)?.open).to.equal(true);
      expect([...(frameOf(el)?.sandbox ?? [])], 'the page submits itself').to.include(
        'allow-scripts',
      );
    } finally {
      window.fetch = original;
    }
  });

  it('is replaced by a fresh page when the companion answers 410', async () => {
    opened = openedCalls(true);
    const shop = await element();
    const { el } = shop;
    await fillValid(el);
    await prepared(shop);
    part(el, 'pay-button').click();
    await waitUntil(() => frameOf(el)?.src.includes('/pay/'), 'no fresh page', { timeout: 5_000 });
    expect(dialogOf(el)?.open).to.equal(true);
    expect([...(frameOf(el)?.sandbox ?? [])], 'the page submits itself').to.include(
      'allow-scripts',
    );
  });
});
