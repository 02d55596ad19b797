/** Debian's Chromium, headless, driven by playwright-core (never a browser download of its own). */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features playwright-core switches off, and ours after them. Chromium reads only the last
 * --disable-features it is given (tried: a second one brought back what the first switched off),
 * so ours must carry playwright's list too (copied from its chromiumSwitches.ts);
 * test/server/chromium-flags.test.ts fails when an upgrade of playwright-core changes that list.
 *
 * Ours: the address bar's popup. Headless Chromium opens every page in a window of its own, and
 * loads that window's address-bar popup ahead (a WebUI page, in a renderer of its own; both
 * features must be off for it to go, and top-chrome preloading with them): 1.9 CPU-s for one
 * payment, and 41 → 25 CPU-s of Chromium for the 14 tests of the e2e shopper suite.
 */
const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades'],
  ...['HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
  ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect'],
  ...['TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled'],
  ...['PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion'],
  ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'],
];

/** The flags Chromium needs here: headless as root, on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
