/**
 * The layout matrix in Chromium (issue 35): each state (states.ts) reached once in a tab of its
 * own, then put in each locale that stresses the layout and each window, and checked there with
 * every invariant (probe.ts), the focus walked by the keyboard. A test file runs a share of the
 * states (`layoutMatrix(filter)`), so the pool (scripts/test.mjs) runs the shares side by side.
 *
 * `npm test` checks each state in a Latin square of the locales × windows (`inSquare`): each
 * locale and each window once a state, and every locale × window pair across the states (90 of
 * the 450 combinations, a minute of the run instead of five). `npm run test:layout`
 * (LAYOUT_MATRIX=full) checks all 450; CI runs it beside `npm test` (.ci/run).
 */
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startWorld, type World } from '../helpers/demo.ts';
import type { ProbeInput } from './probe.ts';
import {
  LAYOUT_LOCALES,
  WIDTHS,
  isRightToLeft,
  layoutStates,
  settled,
  type LayoutState,
} from './states.ts';

const FULL = process.env.LAYOUT_MATRIX === 'full';
const SQUARE = Math.max(LAYOUT_LOCALES.length, WIDTHS.length);
/** Whether `npm test` checks the state at `index` in the locale and window at those places. */
const inSquare = (index: number, locale: number, width: number): boolean =>
  (index + locale + width) % SQUARE === 0;

/** The probe, bundled once: a script that leaves `layoutProbe` on the page's window. */
let probe: Promise<string> | undefined;
export function probeScript(): Promise<string> {
  probe ??= build({
    entryPoints: [new URL('./probe.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    globalName: 'layoutProbe',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return probe;
}

/** Runs `call` (`check({…})`, `focusIndicator()`) of the probe in the page. */
export async function inPage<T>(page: Page, call: string): Promise<T> {
  return page.evaluate(`${await probeScript()}\nlayoutProbe.${call}`) as Promise<T>;
}

/** Waits for the layout after a change of window or locale: two frames. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );

/**
 * Walks the element by Tab from its first focusable part (reached by Shift+Tab back, so it too is
 * focused by the keyboard): each part the focus lands on must show a mark of at least 2 px.
 */
export async function unmarkedFocus(page: Page): Promise<string[]> {
  const count = await inPage<number>(page, 'focusFirst()');
  if (count === 0) return [];
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  const found: string[] = [];
  for (let i = 0; i < count; i++) {
    const mark = await inPage<{ name: string; px: number } | null>(page, 'focusIndicator()');
    if (!mark) break;
    if (mark.px < 2) found.push(`${mark.name} shows a ${mark.px} px focus mark`);
    await page.keyboard.press('Tab');
  }
  return found;
}

/** Every finding of one combination: the invariants, then the focus walk. */
export async function findings(page: Page, input: ProbeInput): Promise<string[]> {
  await nextFrames(page);
  const found = await inPage<string[]>(page, `check(${JSON.stringify(input)})`);
  return [...found, ...(await unmarkedFocus(page))];
}

/** Puts the element in `locale` and waits for its texts. */
export async function inLocale(page: Page, locale: string): Promise<void> {
  await page
    .locator('acquiring-checkout')
    .evaluate((el, l) => el.setAttribute('locale', l), locale);
  await settled(page);
}

/**
 * The matrix for the states `share` keeps (`index`: the state's place in the whole list, so a
 * share can take every other one), all locales and windows, in Chromium.
 */
export function layoutMatrix(share: (state: LayoutState, index: number) => boolean): void {
  const states = layoutStates()
    .map((state, index) => ({ state, index }))
    .filter(({ state, index }) => share(state, index));
  describe(`the layout matrix in Chromium${FULL ? ', whole' : ', a Latin square of it'}`, () => {
    let world: World;
    // The attempt's lifetime is 1 ms, so reconciliation expires what is left unpaid (the
    // `expired` state); reconciliation runs only when a state asks for it.
    before(async () => {
      world = await startWorld({ attemptTtlMs: 1 });
    });
    after(() => world.close());

    for (const { state, index } of states)
      describe(state.name, () => {
        let page: Page;
        before(async () => {
          page = await world.page();
          await state.reach(world, page);
        });
        after(() => page.close());

        it('the part it focused shows the focus', async () => {
          const mark = await inPage<{ name: string; px: number } | null>(page, 'focusIndicator()');
          if (mark) assert.ok(mark.px >= 2, `${mark.name} shows a ${mark.px} px focus mark`);
        });

        for (const [l, locale] of LAYOUT_LOCALES.entries())
          for (const [w, size] of WIDTHS.entries()) {
            if (!FULL && !inSquare(index, l, w)) continue;
            it(`${locale} at ${size.name}`, async () => {
              await inLocale(page, locale);
              await page.setViewportSize({ width: size.width, height: size.height });
              const input = { locale, rtl: isRightToLeft(locale) };
              assert.deepEqual(await findings(page, input), []);
            });
          }
      });
  });
}
