import { expect, fixture, oneEvent } from '@open-wc/testing';
// Only the registration module: nothing is registered until the test asks.
import { defineAcquiringCheckout } from '../../widget/src/define.ts';
import { AcquiringCheckout } from '../../widget/src/checkout-element.ts';
import { input, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

const ref = () => `mug.define${Date.now().toString(36)}`;

describe('defineAcquiringCheckout', () => {
  it('registers the element under a tag of the page’s own, and the default tag beside it', () => {
    defineAcquiringCheckout('my-checkout');
    defineAcquiringCheckout('my-checkout'); // once, however often it is called
    defineAcquiringCheckout();
    expect(customElements.get('my-checkout')).to.equal(AcquiringCheckout);
    const second = customElements.get('acquiring-checkout');
    expect(second).to.not.equal(AcquiringCheckout);
    expect(second?.prototype).to.be.instanceOf(AcquiringCheckout);
  });

  it('renders and validates under its own tag', async () => {
    defineAcquiringCheckout('my-checkout');
    const el = await fixture<AcquiringCheckout>(
      `<my-checkout companion="${companion}" order-ref="${ref()}"></my-checkout>`,
    );
    expect(el).to.be.instanceOf(AcquiringCheckout);
    part(el, 'pay-button').click();
    await el.updateComplete;
    expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true');
  });

  it('pays under its own tag: the hosted page mounts in its frame', async () => {
    defineAcquiringCheckout('my-checkout');
    const el = await fixture<AcquiringCheckout>(
      `<my-checkout companion="${companion}" order-ref="${ref()}"></my-checkout>`,
    );
    await type(el, 'email', 'ada@example.com');
    await type(el, 'first_name', 'Ada');
    await type(el, 'last_name', 'Lovelace');
    const mounted = oneEvent(el, 'acquiring-frame-mounted');
    part(el, 'pay-button').click();
    expect((await mounted).detail.order_no).to.match(/-1$/);
    expect((part(el, 'frame') as HTMLIFrameElement).src.startsWith(`${companion}/pay/`)).to.equal(
      true,
    );
  });
});
