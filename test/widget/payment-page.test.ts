/**
 * What the shopper sees around a payment: a compact form, its fields disabled while a payment is
 * under way, the payment page in the form's place with a way back (the attempt kept), and what an
 * attempt said, above Pay and focused. Against the real sandbox and companion.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { elementWith, fillValid, input, orderRef, part } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion, foreignCompanion } from '/__stack.js';

function checkout(attributes: Record<string, string> = {}): Promise<AcquiringCheckout> {
  return elementWith({ companion, 'order-ref': orderRef('page'), ...attributes });
}

/** Presses Pay and answers the order number of the payment page it opens. */
async function payToPage(el: AcquiringCheckout): Promise<string> {
  const mounted = oneEvent(el, 'acquiring-frame-mounted');
  part(el, 'pay-button').click();
  const { detail } = await mounted;
  await el.updateComplete;
  return detail.order_no;
}

const focused = (el: AcquiringCheckout) => el.shadowRoot?.activeElement ?? null;
const top = (element: Element) => element.getBoundingClientRect().top;

describe('<acquiring-checkout> around a payment', () => {
  it('keeps no room for words not said: no status line, no blank line under a field', async () => {
    const el = await checkout();
    expect(part(el, 'status')).to.equal(null);
    expect(part(el, 'error-message')).to.equal(null);
    expect(input(el, 'email').hasAttribute('aria-describedby')).to.equal(false);
    part(el, 'pay-button').click();
    await waitUntil(() => part(el, 'error-message'), 'the errors on Pay');
    const id = input(el, 'email').getAttribute('aria-describedby') ?? '';
    expect(el.shadowRoot?.getElementById(id)?.textContent).to.equal('This field is required.');
  });

  it('puts short fields two to a row, and one to a row on a narrow form', async () => {
    const el = await checkout({ mode: 'card', fields: 'email first_name last_name' });
    const [first, last] = [input(el, 'first_name'), input(el, 'last_name')];
    const [expiry, code] = [input(el, 'card.expiry'), input(el, 'card.security_code')];
    expect(top(first)).to.equal(top(last));
    expect(top(expiry)).to.equal(top(code));
    expect(top(input(el, 'email'))).to.be.below(top(first), 'the email has a row of its own');
    el.style.width = '300px';
    await waitUntil(() => top(expiry) < top(code), 'expiry and code stacked');
    expect(top(first)).to.be.below(top(last));
  });

  it('disables the fields while Pay’s request is on its way', async () => {
    const el = await checkout();
    await fillValid(el);
    const mounted = oneEvent(el, 'acquiring-frame-mounted');
    part(el, 'pay-button').click();
    await el.updateComplete;
    expect(input(el, 'email').matches(':disabled')).to.equal(true);
    expect(part(el, 'pay-button').getAttribute('aria-disabled')).to.equal('true');
    await mounted;
  });

  it('shows the payment page in the form’s place, as wide as itself, with a way back', async () => {
    const el = await checkout();
    await fillValid(el);
    await payToPage(el);
    expect(part(el, 'form'), 'the form folded away').to.equal(null);
    expect(part(el, 'summary').textContent).to.equal('ada@example.com');
    expect(part(el, 'back-button').textContent?.trim()).to.equal('Back');
    expect(part(el, 'frame').getBoundingClientRect().width).to.equal(
      el.getBoundingClientRect().width,
    );
    await waitUntil(() => focused(el) === part(el, 'payment-page'), 'the page has the focus');
    await expect(el).to.be.accessible();
  });

  it('goes back to the form as it was, and Pay goes on with the same attempt', async () => {
    const el = await checkout();
    await fillValid(el);
    const first = await payToPage(el);
    part(el, 'back-button').click();
    await el.updateComplete;
    expect(part(el, 'frame')).to.equal(null);
    expect(input(el, 'email').value).to.equal('ada@example.com');
    expect(input(el, 'email').matches(':disabled')).to.equal(false);
    // Pay as before (with the order's amount), not "Paying…".
    expect(part(el, 'pay-button').textContent?.trim()).to.match(/^Pay( |$)/);
    await waitUntil(() => focused(el) === part(el, 'pay-button'), 'Pay has the focus');
    expect(await payToPage(el)).to.equal(first);
  });

  it('says a failure above Pay, focused, and Pay offers to try again', async () => {
    // Nothing listens there: the request fails as a network error does, which may pass.
    const el = await checkout({ companion: 'http://127.0.0.1:9' });
    await fillValid(el);
    const failed = oneEvent(el, 'acquiring-failure');
    part(el, 'pay-button').click();
    expect((await failed).detail.retryable).to.equal(true);
    await el.updateComplete;
    const [failure, pay] = [part(el, 'failure'), part(el, 'pay-button')];
    expect(failure.getAttribute('role')).to.equal('alert');
    expect(failure.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await waitUntil(() => focused(el) === failure, 'the failure has the focus');
    expect(pay.textContent?.trim()).to.equal('Try again');
    expect(pay.getAttribute('part')).to.equal('pay-button retry-button');
    expect(part(el, 'form').querySelectorAll('button')).to.have.length(1);
  });

  it('tells the developer which origin to allow when the companion refuses this page (CORS)', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    try {
      const el = await checkout({ companion: foreignCompanion });
      await fillValid(el);
      const failed = oneEvent(el, 'acquiring-failure');
      part(el, 'pay-button').click();
      expect((await failed).detail.code).to.equal('network');
      const advice = `add ${location.origin} to the companion's allowedOrigins (ALLOWED_ORIGINS).`;
      await waitUntil(
        () => errors.some((e) => e.includes(advice)),
        `the console advice: ${errors.join(' / ')}`,
      );
    } finally {
      console.error = original;
    }
  });
});
