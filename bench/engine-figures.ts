/**
 * The shopper's two budgeted figures in Firefox ESR and WebKitGTK, measured as browser-figures.ts
 * measures them in Chromium: element inserted → usable form, and Pay → the hosted payment page
 * loaded in the frame beside its floor (the same hosted page in a frame directly), interleaved
 * load by load. Both sides are timed inside the browser, by its own clocks: the press (or the
 * frame's insertion) in the storefront's document, the hosted page's Navigation Timing in the
 * frame's, each document's `timeOrigin` putting them on one line. The driver only starts things
 * and reads the marks afterwards, waiting in the page meanwhile: its round trips (four a look in
 * WebKitGTK's WebDriver, as many as the floor's whole time) are in neither side. The built
 * script-tag file is served by a storefront on its own origin; each figure is the median of
 * `BENCH_LOADS` (20) page loads. Beside them, load by load, the prepared page and a bare Pay;
 * each way to the page is timed in frame-navigations.ts.
 */
import { GatewayClient } from 'acquiring-checkout-server/gateway';
import { DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';
import { startEngine, type EngineName } from '../scripts/tab/engine.ts';
import { startStorefront } from '../scripts/storefront.ts';
import {
  clickToFrame,
  formPostedInFrame,
  hostedPageInFrame,
  preparedPageToFrame,
  type Points,
} from './frame-navigations.ts';
import { insertAndTime, LOADS } from './in-page.ts';
import { startDelayingProxy, type Latency } from './latency.ts';
import { startServer, type Child } from './processes.ts';
import { summarise, type Summary } from './stats.ts';

export interface EngineFigures {
  /** Not measured in the latency variant (the network is not in it). */
  interactive_ms?: Summary;
  checkout_click_to_frame_ms: Summary;
  hosted_page_in_frame_ms: Summary;
  checkout_overhead_ratio: Summary;
  checkout_overhead_ratio_painted: Summary;
  /**
   * Pay → the hosted page's first paint when the page was loaded out of sight before Pay
   * (widget/src/page-ahead.ts), ÷ the floor's insertion → first paint (budget ≤ 0.5). WebKitGTK
   * records no first paint in a frame: there it is not measured (run.ts says so).
   */
  checkout_prepared_page_ratio_painted: Summary;
  /** Pay → that first paint, in ms. */
  checkout_prepared_page_painted_ms: Summary;
  /**
   * A bare Pay, ÷ the floor: what any Pay at the session's answer costs in this engine, with no
   * element. The service's form (the interface's one way to its page: a POST) posted into an
   * empty frame laid out out of sight and its dialog shown in the same task, on a page holding
   * nothing else (`bare_pay`); and the form posted into a frame already shown (`bare_post`). What
   * they are above 1 is the engine's cost of that post and that showing, not the element's.
   */
  bare_pay_ratio: Summary;
  bare_post_ratio: Summary;
  /** Pay at the session's answer ÷ the bare Pay of the same load: the element's own share. */
  checkout_over_bare_pay_ratio: Summary;
  /** The ratio by the frame's load event in the storefront's document: one clock, a check of the two. */
  checkout_overhead_ratio_storefront_clock: Summary;
  click_points_ms: Record<keyof Points, Summary>;
  floor_points_ms: Record<keyof Points, Summary>;
  bare_pay_points_ms: Record<keyof Points, Summary>;
}

/**
 * The sandbox and the companion, on loopback or with `latency`: the sandbox's answers each wait
 * `serviceMs`, and the companion is reached through a proxy `companionMs` away (its pages'
 * addresses the proxy's). `url` is where browsers reach the companion.
 */
export async function startServers(
  origin: string,
  latency?: Latency,
): Promise<{ sandbox: Child; url: string; stop(): Promise<void> }> {
  const sandbox = await startServer(['sandbox', String(latency?.serviceMs ?? 0)]);
  if (!latency) {
    const companion = await startServer(['companion', sandbox.url, origin]);
    const stop = () => Promise.all([companion.stop(), sandbox.stop()]).then(() => undefined);
    return { sandbox, url: companion.url, stop };
  }
  const proxy = await startDelayingProxy(latency.companionMs);
  const companion = await startServer(['companion', sandbox.url, origin, proxy.url]);
  proxy.target(companion.url);
  const stop = () =>
    Promise.all([proxy.close(), companion.stop(), sandbox.stop()]).then(() => undefined);
  return { sandbox, url: proxy.url, stop };
}

/** The engine's figures on loopback, or (`latency`) the click and its floor with the network's. */
export async function engineFigures(name: EngineName, latency?: Latency): Promise<EngineFigures> {
  const shop = await startStorefront(() => ({
    html: '<!doctype html><html><head><script src="/acquiring-checkout.js"></script></head><body></body></html>',
  }));
  const servers = await startServers(shop.origin, latency);
  const { sandbox } = servers;
  const engine = await startEngine(name, { compositing: true });
  const tab = await engine.newTab();
  try {
    const attributes = { companion: servers.url, 'order-ref': 'mug.bench' };
    const interactive: number[] = [];
    for (let load = 0; load < (latency ? 0 : LOADS); load++) {
      await tab.goto(shop.origin);
      interactive.push(await tab.evaluate(insertAndTime, attributes));
    }
    const gateway = new GatewayClient({
      baseUrl: sandbox.url,
      merchantId: DEFAULT_MERCHANT.merchant_id,
      accountId: DEFAULT_MERCHANT.account_id,
      secretKey: DEFAULT_MERCHANT.secret_key,
    });
    const click: Points[] = [];
    const prepared: Points[] = [];
    const floor: Points[] = [];
    const barePay: Points[] = [];
    const barePost: Points[] = [];
    // Interleaved: a slow moment of the machine falls on both sides of the ratio.
    for (let load = 0; load < LOADS; load++) {
      const ref = `mug.bench-${name}-${process.pid}-${load}`;
      click.push(await clickToFrame(tab, shop.origin, { ...attributes, 'order-ref': ref }));
      const page = { ...attributes, 'order-ref': `${ref}-prepared` };
      prepared.push(await preparedPageToFrame(tab, shop.origin, page));
      floor.push(await hostedPageInFrame(tab, shop.origin, gateway, `${name}-${load}`));
      const bare = `bare-${name}-${process.pid}-${load}`;
      barePay.push(await formPostedInFrame(tab, shop.origin, gateway, `${bare}-pay`, false));
      barePost.push(await formPostedInFrame(tab, shop.origin, gateway, `${bare}-post`, true));
    }
    const ratio = (point: keyof Points, of = click, to = floor) =>
      summarise(of.map((c, i) => c[point] / (to[i] as Points)[point]).filter(Number.isFinite), 2);
    return {
      ...(latency ? {} : { interactive_ms: summarise(interactive) }),
      checkout_click_to_frame_ms: summarise(click.map((c) => c.loaded)),
      hosted_page_in_frame_ms: summarise(floor.map((f) => f.loaded)),
      checkout_overhead_ratio: ratio('loaded'),
      checkout_overhead_ratio_painted: ratio('painted'),
      checkout_prepared_page_ratio_painted: ratio('painted', prepared),
      checkout_prepared_page_painted_ms: summarise(
        prepared.map((p) => p.painted).filter(Number.isFinite),
      ),
      bare_pay_ratio: ratio('loaded', barePay),
      bare_post_ratio: ratio('loaded', barePost),
      checkout_over_bare_pay_ratio: ratio('loaded', click, barePay),
      checkout_overhead_ratio_storefront_clock: ratio('frame_load_event'),
      click_points_ms: summarisePoints(click),
      floor_points_ms: summarisePoints(floor),
      bare_pay_points_ms: summarisePoints(barePay),
    };
  } finally {
    await tab.close().catch(() => undefined);
    await engine.close();
    await Promise.all([servers.stop(), shop.close()]);
  }
}

/** The median of each point over many navigations (points an engine does not record left out). */
function summarisePoints(samples: Points[]): Record<keyof Points, Summary> {
  const names = Object.keys(samples[0] ?? {}) as (keyof Points)[];
  return Object.fromEntries(
    names.map((name) => [name, summarise(samples.map((s) => s[name]).filter(Number.isFinite))]),
  ) as Record<keyof Points, Summary>;
}
