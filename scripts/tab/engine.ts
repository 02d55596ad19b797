/**
 * The three engines a shopper's browser runs on, each with the driver that reaches Debian's build
 * of it here: Chromium by playwright-core, Firefox ESR by puppeteer-core (WebDriver BiDi), WebKitGTK
 * by WebDriver. Each tab starts with nothing stored (its own context, or its own window).
 */
import { launchChromium } from '../chromium.ts';
import { launchFirefox } from '../firefox.ts';
import { startWebKit } from '../webkit.ts';
import { PlaywrightTab } from './playwright-tab.ts';
import { PuppeteerTab } from './puppeteer-tab.ts';
import type { Tab } from './tab.ts';
import { WebDriverTab } from './webdriver-tab.ts';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface Engine {
  name: EngineName;
  /**
   * A fresh tab, 1280 × 900 unless `size` says (a phone's 375 × 667). WebKitGTK's driver holds one
   * window at a time: close it first.
   */
  newTab(size?: Size): Promise<Tab>;
  close(): Promise<void>;
}

type Size = { width: number; height: number };
const SIZE: Size = { width: 1280, height: 900 };

/**
 * Starts `name`'s browser. `compositing`: WebKitGTK's accelerated compositing, which the tests go
 * without and the bench keeps (scripts/webkit.ts).
 */
export async function startEngine(name: EngineName, { compositing = false } = {}): Promise<Engine> {
  if (name === 'chromium') {
    const browser = await launchChromium();
    return {
      name,
      async newTab(size = SIZE) {
        const page = await (await browser.newContext({ viewport: size })).newPage();
        page.setDefaultTimeout(15_000);
        return new PlaywrightTab(page);
      },
      close: () => browser.close(),
    };
  }
  if (name === 'firefox') {
    const browser = await launchFirefox();
    return {
      name,
      async newTab(size = SIZE) {
        const page = await (await browser.createBrowserContext()).newPage();
        page.setDefaultTimeout(15_000);
        await page.setViewport(size);
        return new PuppeteerTab(page);
      },
      close: () => browser.close(),
    };
  }
  const webkit = await startWebKit({ compositing });
  return {
    name,
    newTab: async (size = SIZE) => new WebDriverTab(await webkit.newSession(size)),
    close: () => webkit.close(),
  };
}
