/**
 * A representative share of the layout matrix (test/e2e/layout/) in Firefox and WebKit: the
 * reais cart in card mode and in auto mode switched to the card (the instalments, the card's
 * brand, the method choice), filled in, in German and Arabic, at 375 and 1280 px, checked with the
 * same in-page invariants as Chromium's whole matrix (probe.ts; the focus walk is Chromium's).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DemoStack } from '../../../demo/stack.ts';
import { startEngine, type Engine, type EngineName } from '../../../scripts/tab/engine.ts';
import { PlaywrightTab } from '../../../scripts/tab/playwright-tab.ts';
import { PuppeteerTab } from '../../../scripts/tab/puppeteer-tab.ts';
import type { Tab } from '../../../scripts/tab/tab.ts';
import { WebDriverTab } from '../../../scripts/tab/webdriver-tab.ts';
import { TEST_CPF, startTestStack } from '../helpers/demo.ts';
import { probeScript } from '../layout/matrix.ts';
import { isRightToLeft } from '../layout/states.ts';

const STATES = [
  { name: 'card, BRL', mode: 'card', method: undefined },
  { name: 'auto → card, BRL', mode: 'auto', method: 'card' },
] as const;
/** Each locale's label of the email: shown once the locale's texts arrived. */
const LOCALES = { de: 'E-Mail', ar: 'البريد الإلكتروني' };
const WIDTHS = [375, 1280];

/** The window `width` px wide, in each driver's way (WebDriver sizes the whole window). */
async function resize(tab: Tab, width: number): Promise<void> {
  const height = 900;
  if (tab instanceof PuppeteerTab) await tab.puppeteerPage.setViewport({ width, height });
  else if (tab instanceof WebDriverTab) await tab.session.setWindowRect({ width, height });
  else if (tab instanceof PlaywrightTab)
    await tab.playwrightPage.setViewportSize({ width, height });
}

/**
 * The probe's `call` as a function a tab evaluates: Tab.evaluate sends a function's source, so
 * this one's source is the bundled probe and the call (the page's CSP allows no eval).
 */
function probeCall(code: string, call: string): () => unknown {
  const fn = () => undefined;
  fn.toString = () => `() => { ${code}\nreturn layoutProbe.${call}; }`;
  return fn;
}

/** Fills what shows with the longest values, in the element's shadow root (auto → card pays on
 * the hosted page: no card fields). */
async function fill(tab: Tab): Promise<void> {
  const values: [string, string][] = [
    ['email', 'ada.lovelace@example.com'],
    ['card.number', '5555555555554444'],
    ['card.expiry', '1230'],
    ['card.security_code', '123'],
    ['payer.document', TEST_CPF],
  ];
  for (const [name, value] of values) {
    const target = { css: `input[name="${name}"]` };
    if ((await tab.count('element', target)) > 0) await tab.fill('element', target, value);
  }
}

export function layoutSubset(name: EngineName): void {
  describe(`the layout matrix's share in ${name}`, () => {
    let stack: DemoStack;
    let engine: Engine;
    let dataDir: string;
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), `acquiring-layout-${name}-`));
      [stack, engine] = await Promise.all([startTestStack(dataDir), startEngine(name)]);
    });
    after(async () => {
      await engine?.close();
      await stack?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    for (const state of STATES)
      it(`${state.name}: ${Object.keys(LOCALES).join(', ')} at ${WIDTHS.join(' and ')} px`, async () => {
        const code = await probeScript();
        const tab = await engine.newTab();
        try {
          await tab.goto(stack.storefrontUrl);
          await tab.click('page', { css: '.product[data-sku="cafe"] button' });
          await tab.click('page', { css: `input[name="mode"][value="${state.mode}"]` });
          await tab.click('page', { button: 'Checkout' });
          await tab.waitFor('element', { css: 'form' });
          if (state.method)
            await tab.click('element', {
              css: `input[name="payment_method"][value="${state.method}" i]`,
            });
          await tab.waitFor('element', { css: 'select[name="installments"]' });
          await fill(tab);
          const found: string[] = [];
          for (const [locale, label] of Object.entries(LOCALES)) {
            await tab.evaluate((l: string) => {
              document.querySelector('acquiring-checkout')?.setAttribute('locale', l);
            }, locale);
            await tab.waitFor('element', { label });
            for (const width of WIDTHS) {
              await resize(tab, width);
              const input = JSON.stringify({ locale, rtl: isRightToLeft(locale) });
              const said = (await tab.evaluate(probeCall(code, `check(${input})`))) as string[];
              found.push(...said.map((finding) => `${locale} at ${width}: ${finding}`));
            }
          }
          assert.deepEqual(found, []);
        } finally {
          await tab.close();
        }
      });
  });
}
