/**
 * Where the time from Pay to the hosted page goes, read from the browser's own Performance
 * timings: the storefront page's Resource Timing (the session request) and the hosted page's
 * Navigation and Resource Timing (its navigation from the companion's `/pay` page's form, the
 * service's answer, its stylesheet, its first paint). Each
 * document keeps its own clock; `performance.timeOrigin` puts them on one. Every point is in ms
 * after the click; a request made before the click (a session prepared ahead, or the whole page
 * loaded out of sight before Pay, widget/src/page-ahead.ts) counts as 0: with the page prepared,
 * only `painted` is left after the click, the page shown and painted.
 */
import type { Frame, Page } from 'playwright-core';
import { summarise, type Summary } from './stats.ts';

/** The points of one click, in ms after it. */
export interface ClickPoints {
  /** The session request's answer has arrived (0 when it was made before the click). */
  session: number;
  /** The companion's one-time `/pay` page has arrived in the frame and its form has been posted: the hosted page's navigation starts. */
  hosted_request: number;
  /** The service's hosted page has arrived (after its redirect, if any). */
  hosted_page: number;
  /** The hosted page's stylesheet has arrived. */
  stylesheet: number;
  /** The hosted page's first contentful paint. */
  painted: number;
}

interface Timings {
  origin: number;
  entries: { name: string; initiatorType: string; startTime: number; responseEnd: number }[];
  navigationResponseEnd: number;
  paint: number;
}

/**
 * The document's clock and timings, evaluated in the page or frame; `painted`: once its first
 * paint is recorded (2 s at most), for a page shown after it loaded (prepared before Pay).
 */
function timings(target: Page | Frame, painted = false): Promise<Timings> {
  return target.evaluate(async (waitForPaint) => {
    const until = performance.now() + 2_000;
    while (
      waitForPaint &&
      !performance.getEntriesByName('first-contentful-paint').length &&
      performance.now() < until
    )
      await new Promise((resolve) => setTimeout(resolve, 2));
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      origin: performance.timeOrigin,
      entries: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        ({ name, initiatorType, startTime, responseEnd }) => ({
          name,
          initiatorType,
          startTime,
          responseEnd,
        }),
      ),
      navigationResponseEnd: navigation?.responseEnd ?? NaN,
      paint: paint?.startTime ?? NaN,
    };
  }, painted);
}

/**
 * The points of the click made at `clickedAt` (the storefront page's `timeOrigin + now()`), read
 * once the hosted page shows in `frame` (`prepared`: loaded before the click, its paint waited for).
 */
export async function clickPoints(
  page: Page,
  frame: Frame,
  clickedAt: number,
  prepared = false,
): Promise<ClickPoints> {
  const [shop, hosted] = await Promise.all([timings(page), timings(frame, prepared)]);
  const after = (origin: number, at: number) => Math.max(0, origin + at - clickedAt);
  const session = shop.entries.findLast((e) => e.name.includes('/api/checkout-sessions'));
  const stylesheet = hosted.entries.find((e) => e.name.endsWith('.css'));
  return {
    session: session ? after(shop.origin, session.responseEnd) : 0,
    hosted_request: after(hosted.origin, 0),
    hosted_page: after(hosted.origin, hosted.navigationResponseEnd),
    stylesheet: stylesheet ? after(hosted.origin, stylesheet.responseEnd) : NaN,
    painted: after(hosted.origin, hosted.paint),
  };
}

/** The hosted page's first contentful paint in `frame`, in ms after `since` (a `timeOrigin + now()`). */
export async function paintedAfter(frame: Frame, since: number): Promise<number> {
  const hosted = await timings(frame);
  return hosted.origin + hosted.paint - since;
}

/** The median of each point over many clicks. */
export function summarisePoints(samples: ClickPoints[]): Record<keyof ClickPoints, Summary> {
  const names = Object.keys(samples[0] ?? {}) as (keyof ClickPoints)[];
  return Object.fromEntries(
    names.map((name) => [name, summarise(samples.map((s) => s[name]).filter((v) => !isNaN(v)))]),
  ) as Record<keyof ClickPoints, Summary>;
}
