/**
 * What a shopper feels, in headless Chromium: from inserting the element to a usable form, the
 * device data, the fingerprint, and from Pay to the hosted page loaded in the frame, beside its
 * floor: the same hosted page shown in a frame directly, no companion in the way. The built
 * script-tag file is served by a storefront on its own origin; each figure is the median of 20
 * fresh page loads.
 */
import type { Browser, Page } from 'playwright-core';
import { GatewayClient } from 'acquiring-checkout-server/gateway';
import { DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';
import { launchChromium } from '../scripts/chromium.ts';
import { startStorefront } from '../scripts/storefront.ts';
import { clickPoints, paintedAfter, summarisePoints, type ClickPoints } from './click-timeline.ts';
import { hostedPageUrl } from './frame-navigations.ts';
import {
  countFrameLoads,
  frameLoadsAfter,
  insertAndTime,
  insertFrame,
  LOADS,
  payOnceSessionAnswered,
  pressPay,
  SHOPPER_TO_PAY_MS,
} from './in-page.ts';
import { startServer } from './processes.ts';
// As the engines' tab sends them: tsx's `__name` wrappers of inner functions come along.
import { expression as inPage } from '../scripts/tab/tab.ts';
import { summarise, type Summary } from './stats.ts';

export interface BrowserFigures {
  interactive_ms: Summary;
  device_data_ms: Summary;
  device_data_cold_ms: Summary;
  fingerprint_ms: Summary;
  checkout_click_to_frame_ms: Summary;
  hosted_page_in_frame_ms: Summary;
  checkout_overhead_ratio: Summary;
  checkout_overhead_ratio_painted: Summary;
  checkout_click_timeline_ms: Record<keyof ClickPoints, Summary>;
  /**
   * Pay → first paint with the page loaded out of sight before Pay (widget/src/page-ahead.ts),
   * ÷ the floor's insertion → first paint, load by load (budget ≤ 0.5).
   */
  checkout_prepared_page_ratio_painted: Summary;
  /** Where that Pay's time goes: everything but the paint was done before it (0). */
  checkout_prepared_click_timeline_ms: Record<keyof ClickPoints, Summary>;
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
  page.evaluate(insertAndTime, attributes);

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
  const sandbox = await startServer(['sandbox']);
  const companion = await startServer(['companion', sandbox.url, shop.origin]);
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
    const floorGateway = new GatewayClient({
      baseUrl: sandbox.url,
      merchantId: DEFAULT_MERCHANT.merchant_id,
      accountId: DEFAULT_MERCHANT.account_id,
      secretKey: DEFAULT_MERCHANT.secret_key,
    });
    const click = {
      times: [] as number[], floor: [] as number[], points: [] as ClickPoints[], floorPainted: [] as number[],
      prepared: [] as ClickPoints[],
    }; // prettier-ignore
    // Interleaved, load by load: a slow moment of the machine falls on both sides of the ratio.
    for (let load = 0; load < LOADS; load++) {
      const { time, points } = await clickToFrame(browser, shop.origin, attributes, load);
      click.times.push(time);
      click.points.push(points);
      click.prepared.push(await preparedPageToFrame(browser, shop.origin, attributes, load));
      const floor = await hostedPageInFrame(browser, shop.origin, floorGateway, load);
      click.floor.push(floor.time);
      click.floorPainted.push(floor.painted);
    }
    return {
      interactive_ms: interactive,
      device_data_ms: deviceWarm,
      device_data_cold_ms: deviceCold,
      fingerprint_ms: fingerprint,
      checkout_click_to_frame_ms: summarise(click.times),
      hosted_page_in_frame_ms: summarise(click.floor),
      checkout_overhead_ratio: summarise(
        click.times.map((time, i) => time / (click.floor[i] as number)),
        2,
      ),
      // The same, from the browser's own clock: Pay, or the frame's insertion, to the hosted
      // page's first paint; Playwright's polling, in both figures above, is not in it.
      checkout_overhead_ratio_painted: summarise(
        click.points
          .map((p, i) => p.painted / (click.floorPainted[i] as number))
          .filter(Number.isFinite), // a frame whose paint was not recorded counts for neither
        2,
      ),
      checkout_click_timeline_ms: summarisePoints(click.points),
      checkout_prepared_page_ratio_painted: summarise(
        click.prepared
          .map((p, i) => p.painted / (click.floorPainted[i] as number))
          .filter(Number.isFinite),
        2,
      ),
      checkout_prepared_click_timeline_ms: summarisePoints(click.prepared),
    };
  } finally {
    await browser.close();
    await Promise.all([companion.stop(), sandbox.stop(), shop.close()]);
  }
}

/** Waits until the hosted page's card field shows in the page's frame; its Playwright frame. */
async function hostedPageShown(page: Page) {
  await page.frameLocator('iframe').getByLabel('Card number').waitFor();
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes('/hosted/'));
  if (!frame) throw new Error('the hosted page is not in a frame');
  return frame;
}

/**
 * Pay → the hosted page's card field visible in the frame, on a fresh page, a new order with its
 * form filled. Pay is pressed from inside the page, as the shopper's click would be, so the time
 * is the page's, not Playwright's way of clicking; Playwright's polling for the field is in it, as
 * in the floor's.
 */
async function clickToFrame(
  browser: Browser,
  origin: string,
  attributes: Record<string, string>,
  load: number,
): Promise<{ time: number; points: ClickPoints }> {
  const page = await browser.newPage();
  await page.goto(origin);
  await insert(page, {
    ...attributes,
    'order-ref': `mug.bench-${process.pid}-${load}`,
    fields: 'email',
  });
  await page.locator('acquiring-checkout input[name="email"]').fill('ada@example.com');
  // A shopper takes a second or so from the last key to Pay; meanwhile the element starts the
  // session Pay would start (widget/src/prepare.ts). Its answer is waited for in the page, up to
  // that second, and Pay pressed at once: the page the element then loads out of sight
  // (widget/src/page-ahead.ts) has had no time, so this is the way to a page not ready yet.
  const clickedAt: number = await page.evaluate(
    inPage(payOnceSessionAnswered, [SHOPPER_TO_PAY_MS]),
  );
  const frame = await hostedPageShown(page);
  // Node's clock and the page's both count from the epoch: the field seen, after the press.
  const time = performance.timeOrigin + performance.now() - clickedAt;
  const points = await clickPoints(page, frame, clickedAt);
  await page.close();
  return { time, points };
}

/**
 * Pay → the hosted page painted when the element loaded it out of sight before Pay: the form
 * filled, the frame's load waited for in the page (its one load event is the service's page,
 * widget/src/page-ahead.ts), then Pay pressed from inside the page; the points from the
 * browser's own clocks (click-timeline.ts), the first paint among them.
 */
async function preparedPageToFrame(
  browser: Browser,
  origin: string,
  attributes: Record<string, string>,
  load: number,
): Promise<ClickPoints> {
  const page = await browser.newPage();
  await page.goto(origin);
  await insert(page, {
    ...attributes,
    'order-ref': `mug.bench-${process.pid}-${load}-prepared`,
    fields: 'email',
  });
  await page.evaluate(inPage(countFrameLoads, []));
  await page.locator('acquiring-checkout input[name="email"]').fill('ada@example.com');
  // Two loads: the empty frame, then the service's page the element posted into it.
  if (Number(await page.evaluate(inPage(frameLoadsAfter, [1]))) < 2)
    throw new Error('the payment page was not loaded before Pay');
  const clickedAt = await page.evaluate(pressPay);
  const frame = await hostedPageShown(page);
  const points = await clickPoints(page, frame, clickedAt, true);
  await page.close();
  return points;
}

/**
 * The floor of the click: the service's hosted page, of a checkout made beforehand, shown in a
 * frame of the same storefront page directly (its address at the sandbox: no companion, no
 * session, no form to post), measured as the click is.
 */
async function hostedPageInFrame(
  browser: Browser,
  origin: string,
  gateway: GatewayClient,
  load: number,
): Promise<{ time: number; painted: number }> {
  const hosted = await hostedPageUrl(gateway, origin, `floor-${process.pid}-${load}`);
  const page = await browser.newPage();
  await page.goto(origin);
  const started = performance.now();
  const insertedAt = await page.evaluate(insertFrame, hosted);
  const frame = await hostedPageShown(page);
  const time = performance.now() - started;
  const painted = await paintedAfter(frame, insertedAt);
  await page.close();
  return { time, painted };
}
