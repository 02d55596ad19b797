import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/chromium.ts';
import {
  DEFAULT_FRAME_HEIGHT,
  startMerchantSite,
  type MerchantSite,
} from '../helpers/merchant-site.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

/** Where the pictures of each page at each width go, to look at when a check fails. */
const PICTURES = join(tmpdir(), 'sandbox-pages-fit');

/** The widths a storefront shows the frame at: small and common phones, a tablet, a desktop. */
const WIDTHS = [320, 375, 768, 1280] as const;

/**
 * Everything visible on the page in `frame` that is not wholly inside its window, and whether the
 * page scrolls either way. Hidden inputs and empty boxes take no room and are skipped.
 */
function overflowsOf(frame: Frame) {
  return frame.evaluate(() => {
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) {
        const text = (element.textContent ?? '').trim().slice(0, 30);
        outside.push(
          `${element.tagName.toLowerCase()} "${text}" at ${Math.round(box.right)}×${Math.round(box.bottom)}`,
        );
      }
    }
    const root = document.documentElement;
    return {
      outside,
      scrollsAcross: root.scrollWidth > root.clientWidth,
      scrollsDown: root.scrollHeight > root.clientHeight,
    };
  });
}

describe(`the sandbox's pages fit the payment frame (${DEFAULT_FRAME_HEIGHT} px high)`, () => {
  let sandbox: RunningSandbox;
  let site: MerchantSite;
  let browser: Browser;
  let counter = 0;
  before(async () => {
    mkdirSync(PICTURES, { recursive: true });
    [sandbox, site, browser] = await Promise.all([
      startSandbox(),
      startMerchantSite(),
      launchChromium(),
    ]);
  });
  after(async () => {
    await browser.close();
    await site.close();
    await sandbox.close();
  });

  /** Opens `src` in the merchant's frame in a window `width` wide; answers the frame's page. */
  async function framed(page: Page, src: string): Promise<Frame> {
    await page.goto(`${site.url}/framed?src=${encodeURIComponent(src)}`);
    const frame = await (await page.locator('iframe').elementHandle())?.contentFrame();
    assert.ok(frame, 'the frame');
    return frame;
  }

  /** A checkout whose hosted card page opens in the frame. */
  async function hostedPage(page: Page): Promise<Frame> {
    const n = ++counter;
    const checkout = await sandbox.client().checkout({
      order_no: `fit-${n}-a-long-order-reference-${'x'.repeat(12)}`,
      currency: 'USD',
      amount: '1249.00',
      return_url: `${site.url}/return`,
    });
    site.pages.set(`/pay/${n}`, checkout.html);
    const frame = await framed(page, `/pay/${n}`);
    await frame.getByLabel('Card number').waitFor();
    return frame;
  }

  async function fillCard(frame: Frame, card: string): Promise<void> {
    await frame.getByLabel('Card number').fill(card);
    await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
    await frame.getByLabel('Security code').fill('123');
    await frame.getByLabel('Name on card').fill('Ada Lovelace');
    await frame.getByRole('button', { name: 'Pay' }).click();
  }

  /** Each page the frame shows, reached as a shopper reaches it. */
  const PAGES: Record<string, (page: Page) => Promise<Frame>> = {
    'the card page, with its error': async (page) => {
      const frame = await hostedPage(page);
      await fillCard(frame, '4111 1111');
      await frame.getByRole('alert').waitFor();
      assert.equal(
        await frame.getByRole('alert').textContent(),
        'Enter the card number: 12 to 19 digits.',
      );
      return frame;
    },
    'the 3-D Secure challenge': async (page) => {
      const frame = await hostedPage(page);
      await fillCard(frame, '4000 0000 0000 3220');
      await frame.getByLabel('Code sent to your phone').waitFor();
      return frame;
    },
    'the PIX issuer page': async (page) => {
      const { issuer_url } = await sandbox.client().apmPayment({
        order_no: `fit-apm-${++counter}`,
        currency: 'BRL',
        amount: '40.00',
        payment_method: 'PIX',
        person: { document_number: '52998224725', document_type: 'CPF' },
        return_url: `${site.url}/return`,
      });
      const frame = await framed(page, issuer_url);
      await frame.getByRole('button', { name: 'Cancel payment' }).waitFor();
      return frame;
    },
  };

  it('an error on the card page in a cross-origin frame gives the wrong field the focus', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: DEFAULT_FRAME_HEIGHT } });
    page.setDefaultTimeout(5_000);
    try {
      const frame = await hostedPage(page);
      await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
      await frame.getByLabel('Expiry (MM/YY)').fill('01/20');
      await frame.getByLabel('Security code').fill('123');
      await frame.getByRole('button', { name: 'Pay' }).click();
      await frame.getByRole('alert').waitFor();
      // Browsers ignore autofocus in a cross-origin frame: the page's script gives the focus.
      await frame.waitForFunction(() => document.activeElement?.id === 'expiry');
      await page.keyboard.press('Tab');
      assert.equal(await frame.evaluate(() => document.activeElement?.id), 'security_code');
    } finally {
      await page.close();
    }
  });

  for (const [name, reach] of Object.entries(PAGES)) {
    for (const width of WIDTHS) {
      it(`${name}, ${width} px wide: nothing clipped, no scrolling`, async () => {
        const page = await browser.newPage({
          viewport: { width, height: DEFAULT_FRAME_HEIGHT },
        });
        page.setDefaultTimeout(5_000);
        try {
          const frame = await reach(page);
          const picture = join(PICTURES, `${name.replace(/\W+/g, '-')}-${width}.png`);
          await page.screenshot({ path: picture });
          const fit = await overflowsOf(frame);
          assert.deepEqual(
            fit,
            { outside: [], scrollsAcross: false, scrollsDown: false },
            `see ${picture}`,
          );
        } finally {
          await page.close();
        }
      });
    }
  }
});
