/**
 * What a shopper feels, in headless Chromium: from inserting the element to a usable form, the
 * device data, the fingerprint, and from Pay to the hosted page loaded in the frame. The built
 * script-tag file is served by a storefront on its own origin; each figure is the median of 20
 * fresh page loads.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../scripts/chromium.ts';
import { startStorefront } from '../scripts/storefront.ts';
import { startServer } from './processes.ts';
import { summarise, type Summary } from './stats.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 20);

export interface BrowserFigures {
  interactive_ms: Summary;
  device_data_ms: Summary;
  device_data_cold_ms: Summary;
  fingerprint_ms: Summary;
  checkout_click_to_frame_ms: Summary;
}

/** Runs `measure` on `LOADS` fresh pages of the storefront. */
async function onFreshPages(
  browser: Browser,
  url: string,
  measure: (page: Page) => Promise<number>,
): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await browser.newPage();
    await page.goto(url);
    samples.push(await measure(page));
    await page.close();
  }
  return summarise(samples);
}

/** Inserts the element with `attributes` and answers the time until its form can be used. */
const insert = (page: Page, attributes: Record<string, string>) =>
  page.evaluate(async (attrs) => {
    const started = performance.now();
    const element = document.createElement('acquiring-checkout') as HTMLElement & {
      ready: Promise<void>;
    };
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    document.body.append(element);
    // `ready`: first rendered, fields and Pay usable. Not `updateComplete`, which also waits for
    // the parts loaded beside the element (the schema, a locale) that Pay awaits if need be.
    await element.ready;
    const field = element.shadowRoot?.querySelector('input');
    const pay = element.shadowRoot?.querySelector<HTMLButtonElement>('[part="pay-button"]');
    if (!field || field.disabled || !pay || pay.disabled) throw new Error('the form is not usable');
    return performance.now() - started;
  }, attributes);

const collect = (page: Page) =>
  page.evaluate(async () => {
    const element = document.querySelector('acquiring-checkout') as HTMLElement & {
      collectedData(): Promise<unknown>;
    };
    const started = performance.now();
    await element.collectedData();
    return performance.now() - started;
  });

export async function browserFigures(): Promise<BrowserFigures> {
  const shop = await startStorefront(() => ({
    html: '<!doctype html><html><head><script src="/acquiring-checkout.js"></script></head><body></body></html>',
  }));
  const sandbox = await startServer('sandbox');
  const companion = await startServer('companion', sandbox.url, shop.origin);
  const browser = await launchChromium();
  try {
    const attributes = { companion: companion.url, 'order-ref': 'mug.bench' };
    const interactive = await onFreshPages(browser, shop.origin, (page) =>
      insert(page, attributes),
    );
    const deviceCold = await onFreshPages(browser, shop.origin, async (page) => {
      await insert(page, attributes);
      return collect(page);
    });
    // At Pay the shopper has filled the form: the page has settled and the time zone is read.
    const deviceWarm = await onFreshPages(browser, shop.origin, async (page) => {
      await insert(page, attributes);
      await page.waitForTimeout(300);
      return collect(page);
    });
    const fingerprint = await onFreshPages(browser, shop.origin, async (page) => {
      const started = await page.evaluate(() => performance.now());
      await insert(page, { ...attributes, 'data-collection': 'full' });
      await collect(page);
      return (await page.evaluate(() => performance.now())) - started;
    });
    let order = 0;
    const clickToFrame = await onFreshPages(browser, shop.origin, async (page) => {
      await insert(page, {
        ...attributes,
        'order-ref': `mug.bench-${process.pid}-${++order}`,
        fields: 'email',
      });
      await page.locator('acquiring-checkout input[name="email"]').fill('ada@example.com');
      // Measured from outside: Playwright's polling for the field adds a little, so this errs high.
      const started = performance.now();
      await page.locator('acquiring-checkout [part="pay-button"]').click();
      await page.frameLocator('acquiring-checkout iframe').getByLabel('Card number').waitFor();
      return performance.now() - started;
    });
    return {
      interactive_ms: interactive,
      device_data_ms: deviceWarm,
      device_data_cold_ms: deviceCold,
      fingerprint_ms: fingerprint,
      checkout_click_to_frame_ms: clickToFrame,
    };
  } finally {
    await browser.close();
    await Promise.all([companion.stop(), sandbox.stop(), shop.close()]);
  }
}
