/**
 * Resuming an attempt after a reload: what is saved (and what never is), keyed by companion and
 * order, and the element that finds it and offers to continue it, against the real companion.
 * A reload is a new element for the same order in the same tab (sessionStorage is the tab's).
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import { CheckoutRedirectEvent, type AcquiringCheckout } from '../../widget/src/index.ts';
import {
  forgetAttempt,
  saveAttempt,
  savedAttempt,
  type SavedAttempt,
} from '../../widget/src/saved-attempt.ts';
import { elementWith, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

const ref = () => orderRef('resume');

function checkout(ref: string): Promise<AcquiringCheckout> {
  return elementWith({ companion, 'order-ref': ref, fields: 'email' });
}

/** Pays on a fresh element up to the frame; answers the submit's attempt key and the order_no. */
async function payToFrame(orderRef: string): Promise<{ key: string; orderNo: string }> {
  const el = await checkout(orderRef);
  await type(el, 'email', 'ada@example.com');
  const submitted = oneEvent(el, 'acquiring-submit');
  const mounted = oneEvent(el, 'acquiring-frame-mounted');
  part(el, 'pay-button').click();
  const key = (await submitted).detail.attempt_key;
  const orderNo = (await mounted).detail.order_no;
  el.remove();
  return { key, orderNo };
}

/** The bodies the page POSTs to a path, passing each request on to the real network. */
function recordBodies(path: string): { bodies: Record<string, unknown>[]; restore: () => void } {
  const original = window.fetch;
  const bodies: Record<string, unknown>[] = [];
  window.fetch = (input, init) => {
    if (String(input).includes(path)) bodies.push(JSON.parse(String(init?.body)));
    return original(input, init);
  };
  return { bodies, restore: () => (window.fetch = original) };
}

const record = (orderRef: string, at = companion): SavedAttempt => ({
  order_ref: orderRef,
  order_no: `${orderRef}-1`,
  status_token: 'token',
  companion: at,
  attempt_key: 'key-0123456789',
  mode: 'checkout',
});

describe('the saved attempt', () => {
  it('is kept per companion and order reference, so two never mix', () => {
    const [a, b] = [ref(), ref()];
    saveAttempt(record(a));
    saveAttempt({ ...record(a, 'https://other.example'), status_token: 'other' });
    expect(savedAttempt(companion, a)?.status_token).to.equal('token');
    expect(savedAttempt('https://other.example', a)?.status_token).to.equal('other');
    expect(savedAttempt(companion, b)).to.equal(undefined);
    forgetAttempt(companion, a);
    expect(savedAttempt(companion, a)).to.equal(undefined);
    expect(savedAttempt('https://other.example', a)).to.exist;
    forgetAttempt('https://other.example', a);
  });

  it('is refused when the page left something else under its key', () => {
    const orderRef = ref();
    const key = `acquiring-checkout:attempt:${companion} ${orderRef}`;
    for (const junk of ['{', '"text"', JSON.stringify({ ...record(orderRef), mode: 'cash' })]) {
      sessionStorage.setItem(key, junk);
      expect(savedAttempt(companion, orderRef), junk).to.equal(undefined);
    }
    sessionStorage.setItem(key, JSON.stringify(record('another.ref')));
    expect(savedAttempt(companion, orderRef), 'another order’s record').to.equal(undefined);
    sessionStorage.removeItem(key);
  });

  it('is saved as the session comes back at Pay, with no card data and no client secret', async () => {
    const orderRef = ref();
    const { key, orderNo } = await payToFrame(orderRef);
    const saved = savedAttempt(companion, orderRef);
    expect(saved).to.include({ order_ref: orderRef, order_no: orderNo, attempt_key: key });
    expect(saved?.mode).to.equal('checkout');
    const stored = sessionStorage.getItem(`acquiring-checkout:attempt:${companion} ${orderRef}`);
    expect(Object.keys(JSON.parse(stored ?? '{}')).sort()).to.deep.equal(
      ['attempt_key', 'companion', 'mode', 'order_no', 'order_ref', 'status_token'].sort(),
    );
    const secret = sessionStorage.getItem(`acquiring-checkout:client-secret:${orderRef}`) ?? '';
    expect(secret).to.have.length(43);
    expect(stored).not.to.include(secret);
  });
});

describe('after a reload during an attempt', () => {
  it('offers "Continue your payment", which shows the same attempt’s page again', async () => {
    const orderRef = ref();
    const { key, orderNo } = await payToFrame(orderRef);
    const el = await checkout(orderRef);
    await waitUntil(() => part(el, 'continue-button'), 'Continue is offered');
    expect(part(el, 'continue-button').textContent?.trim()).to.equal('Continue your payment');
    expect(part(el, 'pay-button'), 'no Pay beside it').to.equal(null);
    expect(part(el, 'input'), 'no fields either').to.equal(null);
    await expect(el).to.be.accessible();

    const sent = recordBodies('/api/checkout-sessions');
    try {
      const mounted = oneEvent(el, 'acquiring-frame-mounted');
      part(el, 'continue-button').click();
      expect((await mounted).detail.order_no, 'the same attempt').to.equal(orderNo);
    } finally {
      sent.restore();
    }
    expect(sent.bodies).to.have.length(1);
    expect(sent.bodies[0]?.['attempt_key']).to.equal(key);
    expect(sent.bodies[0]?.['client_secret']).to.equal(
      sessionStorage.getItem(`acquiring-checkout:client-secret:${orderRef}`),
    );
    expect(part(el, 'continue-button')).to.equal(null);
    expect((part(el, 'frame') as HTMLIFrameElement).src).to.match(/\/pay\//);
  });

  it('is looked for again when order-ref changes', async () => {
    const orderRef = ref();
    await payToFrame(orderRef);
    const el = await checkout(ref());
    expect(part(el, 'pay-button')).to.exist;
    el.orderRef = orderRef;
    await waitUntil(() => part(el, 'continue-button'), 'Continue is offered');
    el.orderRef = ref();
    await el.updateComplete;
    expect(part(el, 'continue-button'), 'another order has nothing to continue').to.equal(null);
    expect(part(el, 'pay-button')).to.exist;
  });

  it('is forgotten by reset(): the form again, and a reload finds nothing', async () => {
    const orderRef = ref();
    await payToFrame(orderRef);
    const el = await checkout(orderRef);
    await waitUntil(() => part(el, 'continue-button'), 'Continue is offered');
    el.reset();
    await el.updateComplete;
    expect(part(el, 'pay-button')).to.exist;
    expect(savedAttempt(companion, orderRef)).to.equal(undefined);
  });

  it('is looked for when the browser brings the page back from its cache after a redirect', async () => {
    const orderRef = ref();
    await payToFrame(orderRef);
    const saved = savedAttempt(companion, orderRef) as SavedAttempt;
    forgetAttempt(companion, orderRef);
    const el = await checkout(orderRef);
    expect(part(el, 'pay-button')).to.exist;
    saveAttempt(saved);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await el.updateComplete;
    expect(part(el, 'continue-button'), 'not without a redirect first').to.equal(null);
    // What the element fires as it sends the page away (an APM, or the frame's fallback).
    el.dispatchEvent(new CheckoutRedirectEvent({ url: 'https://issuer.example/', reason: 'apm' }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitUntil(() => part(el, 'continue-button'), 'Continue is offered');
  });

  it('is forgotten when the companion refuses its status token, and the form is shown', async () => {
    const orderRef = ref();
    await payToFrame(orderRef);
    const saved = savedAttempt(companion, orderRef) as SavedAttempt;
    saveAttempt({ ...saved, status_token: 'not-the-token' });
    const el = await checkout(orderRef);
    await waitUntil(() => part(el, 'pay-button'), 'the form is back');
    expect(part(el, 'continue-button')).to.equal(null);
    expect(savedAttempt(companion, orderRef)).to.equal(undefined);
  });
});
