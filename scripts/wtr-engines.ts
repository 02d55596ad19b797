/**
 * @web/test-runner in the two engines beside Chromium: Firefox through @web/test-runner-chrome's
 * launcher handed puppeteer-core (it then speaks WebDriver BiDi), WebKitGTK through a launcher of
 * ours over W3C WebDriver. And the commands the widget's tests send that each engine carries out
 * its own way (the window's size, the system's colour scheme).
 */
import type { BrowserLauncher, TestRunnerPlugin } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import * as puppeteer from 'puppeteer-core';
import type { Page } from 'puppeteer-core';
import { FIREFOX_LAUNCH, setSystemColorScheme } from './firefox.ts';
import { startWebKit, type WebKit } from './webkit.ts';
import type { WebDriverSession } from './webdriver.ts';

/** Firefox ESR, one page at a time like Chromium (the tests share one stack). */
export function firefoxLauncher(): BrowserLauncher {
  return chromeLauncher({ puppeteer: puppeteer as never, launchOptions: FIREFOX_LAUNCH });
}

/**
 * WebKitGTK's MiniBrowser: one window (one WebDriver session) for the run, each test file loaded
 * in it in turn, as @web/test-runner-webdriver does with `concurrency: 1`.
 */
export class WebKitLauncher implements BrowserLauncher {
  readonly name = 'WebKit';
  /** The commands' own `sendKeys` for a WebDriver launcher calls ours. */
  readonly type = 'webdriver';
  readonly concurrency = 1;
  #webkit: Promise<{ webkit: WebKit; session: WebDriverSession }> | undefined;
  #urls = new Map<string, string>();

  #window() {
    this.#webkit ??= startWebKit().then(async (webkit) => ({
      webkit,
      session: await webkit.newSession({ width: 800, height: 600 }),
    }));
    return this.#webkit.then(({ session }) => session);
  }

  async startSession(sessionId: string, url: string): Promise<void> {
    this.#urls.set(sessionId, url);
    const session = await this.#window();
    await this.setViewport({ width: 800, height: 600 });
    await session.navigate(url);
  }

  isActive(sessionId: string): boolean {
    return this.#urls.has(sessionId);
  }

  getBrowserUrl(sessionId: string): string | undefined {
    return this.#urls.get(sessionId);
  }

  async stopSession(sessionId: string) {
    // A blank page stops whatever the test file left running.
    await (await this.#window()).navigate('about:blank');
    this.#urls.delete(sessionId);
    return {};
  }

  startDebugSession(): Promise<void> {
    throw new Error('WebKit runs headless here (Xvfb): no debug session');
  }

  async stop(): Promise<void> {
    if (!this.#webkit) return;
    const { webkit, session } = await this.#webkit;
    await session.close().catch(() => undefined);
    await webkit.close();
  }

  /** For the commands plugin's `sendKeys`: characters, or key names such as `Tab`. */
  async sendKeys(_sessionId: string, keys: string[]): Promise<void> {
    await (await this.#window()).keys(keys);
  }

  /** The page's viewport (not the window's outer size, which holds MiniBrowser's toolbar). */
  async setViewport({ width, height }: { width: number; height: number }): Promise<void> {
    const session = await this.#window();
    await session.setWindowRect({ width, height });
    const [innerWidth, innerHeight] = await session.execute<[number, number]>(
      'return [innerWidth, innerHeight]',
    );
    if (innerWidth !== width || innerHeight !== height)
      await session.setWindowRect({
        width: 2 * width - innerWidth,
        height: 2 * height - innerHeight,
      });
  }
}

type Scheme = 'light' | 'dark' | null;

/**
 * `viewport` ({ width, height }) and `system-color-scheme` ({ scheme }): answered `true` when
 * done. WebKitGTK takes the system's scheme from GTK when MiniBrowser starts, and neither
 * WebDriver nor MiniBrowser can change it while a page runs: there the command answers
 * `'unsupported'`, and the test says so and skips.
 */
export function engineCommandsPlugin(): TestRunnerPlugin {
  return {
    name: 'engine-commands',
    async executeCommand({ command, payload, session }) {
      if (command !== 'viewport' && command !== 'system-color-scheme') return undefined;
      const launcher = session.browser;
      if (launcher instanceof WebKitLauncher) {
        if (command === 'system-color-scheme') return 'unsupported';
        await launcher.setViewport(payload as { width: number; height: number });
        return true;
      }
      const page = (launcher as unknown as { getPage(id: string): Page }).getPage(session.id);
      if (command === 'viewport') {
        await page.setViewport(payload as { width: number; height: number });
      } else if (launcher.name === 'Firefox') {
        await setSystemColorScheme(page.browser(), (payload as { scheme: Scheme }).scheme);
      } else {
        const { scheme } = payload as { scheme: Scheme };
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme ?? '' }]);
      }
      return true;
    },
  };
}
