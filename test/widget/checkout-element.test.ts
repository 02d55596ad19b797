import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/src/index.ts';
import { english, LOCALES, loadMessages, type AcquiringCheckout } from '../../widget/src/index.ts';
import { formatMoney } from '../../widget/src/money.ts';
import { countRequests, elementWith, fillValid, input, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion, misplacedCompanion, refusingCompanion, stalledCompanion } from '/__stack.js';

const ref = () => orderRef('wtr');

/** The element, with the stack's companion and a fresh order reference unless `attributes` say otherwise. */
function checkout(attributes: Record<string, string> = {}): Promise<AcquiringCheckout> {
  return elementWith({ companion, 'order-ref': ref(), ...attributes });
}

describe('<acquiring-checkout>', () => {
  it('renders', async () => {
    const el = await checkout();
    expect(part(el, 'form')).to.exist;
    expect(input(el, 'email').autocomplete).to.equal('email');
    // The companion resolved mug.… to 12.00 USD (the tests' catalogue, test/fixtures/catalogue.mjs).
    expect(part(el, 'pay-button').textContent?.trim()).to.equal('Pay $12.00');
  });

  it('is accessible', async () => {
    const el = await checkout({ fields: 'email first_name last_name phone billing' });
    await expect(el).to.be.accessible();
  });

  it('fires acquiring-ready once it can be used', async () => {
    const el = document.createElement('acquiring-checkout');
    el.setAttribute('companion', companion);
    const ready = oneEvent(el, 'acquiring-ready');
    document.body.append(el);
    expect(await ready).to.exist;
    el.remove();
  });

  describe('validation', () => {
    it('marks every empty required field, with its message, and focuses the first', async () => {
      const el = await checkout();
      part(el, 'pay-button').click();
      await el.updateComplete;
      await el.updateComplete;
      for (const name of ['email', 'first_name', 'last_name']) {
        expect(input(el, name).getAttribute('aria-invalid')).to.equal('true');
        const message = el.shadowRoot?.getElementById(
          input(el, name).getAttribute('aria-describedby') ?? '',
        );
        expect(message?.textContent).to.equal('This field is required.');
      }
      expect(el.shadowRoot?.activeElement).to.equal(input(el, 'email'));
    });

    it('refuses an invalid email and clears the error once fixed', async () => {
      const el = await checkout({ fields: 'email' });
      await type(el, 'email', 'not-an-email');
      part(el, 'pay-button').click();
      await el.updateComplete;
      expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true');
      expect(part(el, 'error-message').textContent).to.equal(
        'Enter an email address like name@example.com.',
      );
      await type(el, 'email', 'ada@example.com');
      expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('false');
    });

    it('only requires the fields named in required-fields', async () => {
      const el = await checkout({ fields: 'email phone', 'required-fields': 'email' });
      await type(el, 'email', 'ada@example.com');
      const submitted = oneEvent(el, 'acquiring-submit');
      part(el, 'pay-button').click();
      expect((await submitted).detail.attempt_key).to.match(/^[0-9a-f-]{36}$/);
    });

    it('checks and formats card numbers in card mode', async () => {
      const el = await checkout({ mode: 'card', fields: 'email' });
      await type(el, 'card.number', '4111111111111111');
      expect(input(el, 'card.number').value).to.equal('4111 1111 1111 1111');
      await type(el, 'card.number', '4111111111111112');
      await type(el, 'email', 'ada@example.com');
      await type(el, 'card.expiry', '12/30');
      await type(el, 'card.security_code', '123');
      part(el, 'pay-button').click();
      await el.updateComplete;
      expect(input(el, 'card.number').getAttribute('aria-invalid')).to.equal('true');
      expect(input(el, 'card.expiry').getAttribute('aria-invalid')).to.equal('false');
    });

    it('fires acquiring-change with the form’s validity on user input only', async () => {
      const el = await checkout({ fields: 'email' });
      setTimeout(() => void type(el, 'email', 'ada@example.com'));
      expect((await oneEvent(el, 'acquiring-change')).detail).to.deep.equal({ valid: true });
    });
  });

  it('can be completed with the keyboard alone', async () => {
    const el = await checkout();
    input(el, 'email').focus();
    await sendKeys({ type: 'ada@example.com' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Ada' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Lovelace' });
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'pay-button'));
    const submitted = oneEvent(el, 'acquiring-submit');
    await sendKeys({ press: 'Enter' });
    expect((await submitted).detail.order_ref).to.equal(el.orderRef);
  });

  it('sends an optional delivery address when one is given', async () => {
    const el = await checkout({ fields: 'email delivery' });
    await type(el, 'email', 'ada@example.com');
    expect(Object.keys((await el.collectedData()).shopper)).to.deep.equal(['email']);
    await type(el, 'delivery.country', 'GB');
    await type(el, 'delivery.city', 'London');
    await type(el, 'delivery.address', '12 St James Sq');
    expect((await el.collectedData()).shopper.delivery).to.deep.equal({
      country: 'GB',
      city: 'London',
      address: '12 St James Sq',
    });
    expect(input(el, 'delivery.city').autocomplete).to.equal('shipping address-level2');
  });

  describe('paying with the hosted checkout', () => {
    it('sends one request for a double click, and mounts the hosted page in a frame', async () => {
      const el = await checkout();
      await fillValid(el);
      const requests = countRequests('/api/checkout-sessions');
      try {
        const mounted = oneEvent(el, 'acquiring-frame-mounted');
        part(el, 'pay-button').click();
        part(el, 'pay-button').click();
        await el.updateComplete;
        expect(part(el, 'pay-button').getAttribute('aria-disabled')).to.equal('true');
        expect(part(el, 'pay-button').textContent?.trim()).to.equal('Paying…');
        const { detail } = await mounted;
        expect(detail.order_no).to.match(/-1$/);
        expect(requests.count()).to.equal(1);
        await el.updateComplete;
        expect(part(el, 'progress'), 'the page has loaded').to.equal(null);
        const frame = part(el, 'frame') as HTMLIFrameElement;
        expect(frame.getAttribute('aria-busy')).to.equal('false');
        expect(frame.src.startsWith(`${companion}/pay/`)).to.equal(true);
        expect(frame.getAttribute('srcdoc')).to.equal(null);
        expect(frame.title).to.equal('Secure payment page');
        expect(frame.getAttribute('sandbox')).to.equal(
          'allow-scripts allow-forms allow-same-origin allow-popups',
        );
      } finally {
        requests.restore();
      }
    });

    it('ignores a return message from another origin or another frame', async () => {
      const orderRef = ref();
      const el = await checkout({ 'order-ref': orderRef });
      await fillValid(el);
      const mounted = oneEvent(el, 'acquiring-frame-mounted');
      part(el, 'pay-button').click();
      await mounted;
      let results = 0;
      el.addEventListener('acquiring-result', () => results++);
      window.postMessage({ type: 'acquiring-checkout:return', order_ref: orderRef }, '*');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(results).to.equal(0);
      expect(part(el, 'frame')).to.exist;
    });

    it('falls back to a payment window when the frame never loads', async () => {
      const el = await checkout({
        companion: stalledCompanion,
        fallback: 'popup',
        'frame-timeout': '300',
      });
      await fillValid(el);
      part(el, 'pay-button').click();
      // While the page is on its way: a visible, announced progress line, and a busy frame.
      await waitUntil(() => part(el, 'progress'), 'no progress shown', { timeout: 5_000 });
      expect(part(el, 'progress').textContent).to.equal('Opening the secure payment page…');
      expect(part(el, 'progress').getAttribute('role')).to.equal('status');
      expect(part(el, 'frame').getAttribute('aria-busy')).to.equal('true');
      await waitUntil(() => part(el, 'open-window-button'), 'no fallback', { timeout: 5_000 });
      expect(part(el, 'progress')).to.equal(null);
      expect(part(el, 'frame')).to.equal(null);
      expect(part(el, 'open-window-button').textContent).to.equal('Open the payment page');
    });

    it('falls back when the payment page refuses the frame, without waiting for the timeout', async () => {
      // A timeout that never comes in this test: only the refusal can bring the fallback.
      const el = await checkout({
        companion: refusingCompanion,
        fallback: 'popup',
        'frame-timeout': '600000',
      });
      await fillValid(el);
      part(el, 'pay-button').click();
      await waitUntil(
        () => el.shadowRoot?.querySelector('[part="open-window-button"]'),
        'the window fallback is offered',
        { timeout: 10_000 },
      );
      expect(part(el, 'frame')).to.equal(null);
    });

    it('reports a failure with a code and a way to retry', async () => {
      const el = await checkout({ 'order-ref': 'nothing.wtr' });
      await fillValid(el);
      const failed = oneEvent(el, 'acquiring-failure');
      part(el, 'pay-button').click();
      const { detail } = await failed;
      expect(detail.code).to.equal('http_404');
      expect(detail.message, 'the companion’s words, for developers').to.match(/nothing\.wtr/);
      await el.updateComplete;
      expect(part(el, 'failure').getAttribute('role')).to.equal('alert');
      expect(part(el, 'failure').textContent).to.equal(
        'This order can no longer be paid. Please refresh the page.',
      );
      expect(part(el, 'pay-button').getAttribute('aria-disabled')).to.equal('false');
    });

    it('reports a companion served where its publicUrl is not, instead of a page that 404s in its frame', async () => {
      const el = await checkout({ companion: misplacedCompanion });
      await fillValid(el);
      const failed = oneEvent(el, 'acquiring-failure');
      part(el, 'pay-button').click();
      const { detail } = await failed;
      expect([detail.code, detail.retryable]).to.deep.equal(['unavailable', false]);
      expect(detail.message, 'the companion’s words, for developers').to.match(/publicUrl/);
      await el.updateComplete;
      expect(part(el, 'frame')).to.equal(null);
      expect(part(el, 'failure').getAttribute('role')).to.equal('alert');
    });

    it('works inside another component’s shadow root, and its events cross it', async () => {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const el = document.createElement('acquiring-checkout');
      el.companion = companion;
      el.orderRef = ref();
      root.append(el);
      await el.updateComplete;
      await fillValid(el);
      const mounted = oneEvent(host, 'acquiring-frame-mounted');
      part(el, 'pay-button').click();
      expect((await mounted).detail.order_no).to.match(/-1$/);
    });
  });

  describe('device data', () => {
    it('has the interface’s fields and shapes', async () => {
      // FingerprintJS loaded and run once first, with time to spare: on a loaded machine, WebKit's
      // first load and run of it through the test server outlasted the element's 1.5 s budget,
      // and the element rightly went on without a fingerprint (seen in CI).
      const { deviceFingerprint } = await import('../../widget/src/fingerprint.ts');
      expect(await deviceFingerprint(60_000)).to.match(/^[0-9a-f]+$/);
      const el = await checkout({ 'data-collection': 'full' });
      const { device } = await el.collectedData();
      expect(device.resolution).to.match(/^\d+x\d+$/);
      expect(Intl.supportedValuesOf('timeZone').concat('UTC')).to.include(device.time_zone);
      expect(Number.isInteger(device.checkout_time)).to.equal(true);
      expect(device.color_depth).to.match(/^\d+$/);
      expect(device.user_agent).to.equal(navigator.userAgent);
      expect(device.cookie_new).to.match(/^vid=[0-9a-f]{32}&first=\d+&last=\d+$/);
      expect(device.device_fingerprint).to.match(/^[0-9a-f]+$/);
    });

    it('sends no cookie, fingerprint or browser description with data-collection="none"', async () => {
      const el = await checkout({ 'data-collection': 'none' });
      const { device } = await el.collectedData();
      expect(Object.keys(device).sort()).to.deep.equal([
        'checkout_time',
        'platform_source',
        'session_id',
      ]);
    });
  });

  describe('locales', () => {
    const RIGHT_TO_LEFT: readonly string[] = ['ar', 'he'];

    for (const locale of LOCALES) {
      it(`renders in ${locale}, its texts loaded on first use`, async () => {
        const el = await checkout({ locale });
        const messages = await loadMessages(locale);
        // Its words around the amount, which Intl formats in the locale (money.ts).
        const amount = formatMoney('12.00', 'USD', locale);
        expect(part(el, 'pay-button').textContent?.trim()).to.equal(
          messages.pay_amount.replace('{amount}', amount),
        );
        expect(el.getAttribute('dir')).to.equal(RIGHT_TO_LEFT.includes(locale) ? 'rtl' : 'ltr');
      });

      it(`has every text in ${locale}, and no other`, async () => {
        const messages = await loadMessages(locale);
        const missing = Object.keys(english).filter(
          (key) => !(messages as unknown as Record<string, string>)[key]?.trim(),
        );
        expect(missing).to.deep.equal([]);
        expect(Object.keys(messages).sort()).to.deep.equal(Object.keys(english).sort());
        if (locale !== 'en') expect(messages).not.to.equal(english, 'it fell back to English');
      });
    }

    it('resolves a regional tag to its language, and an unknown one to English', async () => {
      expect((await loadMessages('fr-CA')).pay).to.equal('Payer');
      expect((await loadMessages('no-NO')).pay).to.equal('Betal');
      expect((await loadMessages('eo')).pay).to.equal('Pay');
    });

    it('takes texts of the page’s own over the locale’s', async () => {
      const el = await checkout({ locale: 'fr' });
      el.messages = { pay: 'Commander' };
      await el.updateComplete;
      expect(part(el, 'pay-button').textContent?.trim()).to.equal('Commander');
    });
  });

  it('registers once, however often it is loaded', async () => {
    await import('../../widget/src/index.ts');
    expect(customElements.get('acquiring-checkout')).to.exist;
  });
});
