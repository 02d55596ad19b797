/**
 * The payment page in the storefront, in Chromium on the demo storefront: at 200 % zoom (a
 * 1280 × 900 window is 640 × 450 CSS px) it opens with its top in view, and after a reload,
 * Continue then Back offers Continue again (what it continues, and how to start over), never an
 * empty form. Each state is pictured at the size it is checked (docs/gallery's pictures dir).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Shopper, useWorld } from './helpers/demo.ts';
import { picturesDir, screenshot } from './helpers/pictures.ts';

describe('the payment page in the storefront', () => {
  const suite = useWorld();

  const shopper = suite.shopper;
  const element = (s: Shopper) => s.page.locator('acquiring-checkout');

  it('at 200 % zoom (640 × 450) it opens top first: Back, the title and the amount in view', async () => {
    const s = await shopper({ width: 640, height: 450 });
    await s.add('Enamel mug');
    await s.checkout();
    await s.fillDetails();
    // The shopper scrolled down past Pay (the window shows the page's foot), then pays: the
    // page that opens lies above the window, and taller than it.
    await s.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    const back = element(s).getByRole('button', { name: 'Back' });
    await s.page.waitForFunction(() => {
      const page = document
        .querySelector('acquiring-checkout')
        ?.shadowRoot?.querySelector('dialog');
      const top = page?.getBoundingClientRect().top ?? -1;
      return top > -1 && top < 10; // the smooth scroll has ended at the page's top (to the pixel)
    });
    const box = await back.boundingBox();
    assert.ok(box && box.y > -1 && box.y + box.height <= 450, `Back at ${box?.y}`);
    const title = await s.frame.getByRole('heading').boundingBox();
    const frame = await element(s).locator('iframe').boundingBox();
    assert.ok(title && frame && frame.y + title.y + title.height <= 450, 'the page’s title');
    await screenshot(s.page, { path: join(picturesDir('gallery'), 'zoom-200-payment-page.png') });
  });

  it('continued after a reload, then Back: Continue again, saying what it continues', async () => {
    const s = await shopper({ width: 375, height: 812 });
    await s.add('Enamel mug');
    await s.checkout();
    await s.fillDetails();
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    await s.page.reload();
    const resume = element(s).getByRole('button', { name: 'Continue your payment' });
    await resume.click();
    await s.frame.getByLabel('Card number').waitFor();
    await element(s).getByRole('button', { name: 'Back' }).click();
    await resume.waitFor();
    assert.equal(await element(s).locator('input').count(), 0, 'no empty form');
    assert.equal(
      (await element(s).locator('[part="notice"]').textContent())?.trim(),
      'Your payment is not finished. Continue it, or cancel it on the payment page to start over.',
    );
    await s.page.waitForFunction(
      () =>
        document
          .querySelector('acquiring-checkout')
          ?.shadowRoot?.activeElement?.getAttribute('part') === 'continue-button',
    );
    await screenshot(s.page, { path: join(picturesDir('gallery'), 'phone-375-continue.png') });
  });
});
