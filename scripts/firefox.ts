/**
 * Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi: Firefox speaks
 * BiDi itself, so there is no driver to install and no browser download.
 */
import puppeteer, { type Browser, type LaunchOptions } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * How puppeteer-core starts it. `-remote-allow-system-access` lets the driver reach Firefox's
 * own (chrome) context, where the system's colour scheme is a preference: BiDi has no command to
 * emulate `prefers-color-scheme` (see `setSystemColorScheme`).
 */
export const FIREFOX_LAUNCH: LaunchOptions = {
  browser: 'firefox',
  executablePath: FIREFOX_PATH,
  headless: true,
  args: ['-remote-allow-system-access'],
  // No request events: nothing here reads them, and Firefox's side of them (its BiDi network
  // module, in the browser's own process) cost that process half its CPU in the widget's tests
  // (32 CPU-s, 17 without), where each test file loads its modules one request each.
  networkEnabled: false,
  // No first-run pages, updates or telemetry: the machine reaches nothing beyond loopback.
  extraPrefsFirefox: {
    'app.update.disabledForTesting': true,
    'browser.shell.checkDefaultBrowser': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
  },
};

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch(FIREFOX_LAUNCH);
}

/**
 * What the system prefers, as every page of `browser` sees it in `prefers-color-scheme` (and is
 * told by its `change` event): the preference Firefox's own settings page writes, set from the
 * browser's chrome context. `null` gives the system's own back.
 */
export async function setSystemColorScheme(
  browser: Browser,
  scheme: 'light' | 'dark' | null,
): Promise<void> {
  // puppeteer-core keeps its BiDi connection internal; its `send` takes any BiDi command.
  const { connection } = browser as unknown as {
    connection: { send(method: string, params: object): Promise<{ result: unknown }> };
  };
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' }))
    .result as { contexts: { context: string }[] };
  const context = tree.contexts[0]?.context;
  if (!context) throw new Error('Firefox showed no chrome context');
  // layout.css.prefers-color-scheme.content-override: 0 dark, 1 light, 2 the system's.
  const value = scheme === 'dark' ? 0 : scheme === 'light' ? 1 : 2;
  await connection.send('script.evaluate', {
    expression: `Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${value})`,
    target: { context },
    awaitPromise: false,
  });
}
