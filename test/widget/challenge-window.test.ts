/**
 * The 3-D Secure challenge window (#14 item 4): the code of the largest window the payment
 * page's frame has room for, worked out from the element's width and `--acquiring-frame-height`
 * as the payment starts, and sent with checkout sessions and card payments.
 */
import { expect, fixture, oneEvent } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { challengeWindowSize, frameHeight } from '../../widget/src/challenge-window.ts';
import { part, type, viewport } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion, walletCompanion } from '/__stack.js';

let counter = 0;

/** The element `width` wide (and the frame's height, if given), as a storefront would set it. */
async function checkout(mode: string, width: string, frame?: string) {
  // The companion that takes card payments, for card mode.
  const at = mode === 'card' ? walletCompanion : companion;
  const el = await fixture<AcquiringCheckout>(
    `<acquiring-checkout companion="${at}" order-ref="mug.window${Date.now().toString(36)}${++counter}" mode="${mode}" fields="email"></acquiring-checkout>`,
  );
  el.style.width = width;
  if (frame) el.style.setProperty('--acquiring-frame-height', frame);
  await type(el, 'email', 'ada@example.com');
  return el;
}

/**
 * The challenge window Pay sends on `route`, passing the request on to the real companion;
 * `afterPress` runs in the same task as the press, before anything Pay awaits.
 */
async function sentWindow(
  el: AcquiringCheckout,
  route: string,
  afterPress = () => {},
): Promise<unknown> {
  const original = window.fetch;
  let body: Record<string, unknown> | undefined;
  window.fetch = (url, init) => {
    if (String(url).endsWith(route)) body = JSON.parse(String(init?.body));
    return original(url, init);
  };
  try {
    const submitted = oneEvent(el, 'acquiring-submit');
    part(el, 'pay-button').click();
    afterPress();
    await submitted;
    const next = route.endsWith('checkout-sessions')
      ? 'acquiring-frame-mounted'
      : 'acquiring-result';
    // Whatever comes next: a failure ends the wait too (and the test, by what was sent).
    await Promise.race([oneEvent(el, next), oneEvent(el, 'acquiring-failure')]);
  } finally {
    window.fetch = original;
  }
  return body?.challenge_window_size;
}

describe('the challenge window size', () => {
  it('is the largest EMV window that fits', () => {
    const table: [number, number, string][] = [
      [1280, 900, '03'], // 500 × 600 is larger than 600 × 400
      [520, 600, '03'],
      [640, 560, '04'], // too low for 03
      [600, 400, '04'],
      [499, 600, '02'],
      [390, 400, '02'],
      [389, 560, '01'],
      [250, 400, '01'],
      [200, 300, '01'], // nothing fits: the smallest
    ];
    for (const [width, height, code] of table)
      expect(challengeWindowSize(width, height), `${width} × ${height}`).to.equal(code);
    expect(challengeWindowSize(375, 667, true)).to.equal('05');
  });

  it('reads the frame height as set: px, rem, else the default', () => {
    expect(frameHeight('640px')).to.equal(640);
    expect(frameHeight(' 40rem ', 16)).to.equal(640);
    expect(frameHeight('40rem', 20)).to.equal(800);
    for (const other of ['', '60vh', 'calc(100vh - 2rem)', '0px', '-5px'])
      expect(frameHeight(other), other).to.equal(560);
  });

  it('is sent with a checkout session, from the element’s own box', async () => {
    expect(
      await sentWindow(await checkout('checkout', '700px'), '/api/checkout-sessions'),
    ).to.equal('04');
    expect(
      await sentWindow(await checkout('checkout', '700px', '640px'), '/api/checkout-sessions'),
    ).to.equal('03');
    expect(
      await sentWindow(await checkout('checkout', '420px'), '/api/checkout-sessions'),
    ).to.equal('02');
    expect(
      await sentWindow(await checkout('checkout', '300px'), '/api/checkout-sessions'),
    ).to.equal('01');
  });

  // Measured as the request is put together instead, it would lay the element out once more in
  // its "Paying…" state, on the main thread the payment page loading in the frame shares in WebKit.
  it('is the window as Pay was pressed, measured before Pay’s own render', async () => {
    const el = await checkout('checkout', '700px');
    const narrowed = () => (el.style.width = '300px'); // 01 if measured after the press
    expect(await sentWindow(el, '/api/checkout-sessions', narrowed)).to.equal('04');
  });

  it('leaves out the element’s padding: the frame is inside it', async () => {
    const el = await checkout('checkout', '620px');
    el.style.boxSizing = 'border-box';
    el.theme = 'dark'; // 1.25rem of padding each side: 580 px for the frame
    await el.updateComplete;
    expect(await sentWindow(el, '/api/checkout-sessions')).to.equal('02');
  });

  it('is the full screen on a phone, where the payment page takes it', async () => {
    await viewport({ width: 375, height: 700 });
    try {
      expect(
        await sentWindow(await checkout('checkout', '100%'), '/api/checkout-sessions'),
      ).to.equal('05');
    } finally {
      await viewport({ width: 800, height: 600 });
    }
  });

  it('is sent with a card payment too', async () => {
    const el = await checkout('card', '520px', '40rem');
    await type(el, 'card.number', '4111 1111 1111 1111');
    await type(el, 'card.expiry', '12/30');
    await type(el, 'card.security_code', '123');
    expect(await sentWindow(el, '/api/card-payments')).to.equal('03');
  });
});
