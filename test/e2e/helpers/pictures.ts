/** Pictures of the demo for the docs, written only when asked (`npm run screenshots`). */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, PageScreenshotOptions } from 'playwright-core';

/**
 * Where pictures for the docs go: `docs/<folder>` with UPDATE_SCREENSHOTS=1 (`npm run
 * screenshots`), otherwise a temporary directory, so a test run leaves the tree as it was.
 */
export function picturesDir(folder: string): string {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1'
      ? join('docs', folder)
      : join(tmpdir(), `acquiring-${folder}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A screenshot, after a first capture of the window: without it, Chromium's whole-page capture
 * can leave a cross-origin frame below the fold blank (seen with the payment page in the frame).
 */
export async function screenshot(page: Page, options: PageScreenshotOptions): Promise<void> {
  await page.screenshot();
  await page.screenshot(options);
}

/** Pictures the whole page for the README (docs/screenshots). */
export async function picture(page: Page, name: string): Promise<void> {
  await screenshot(page, { path: join(picturesDir('screenshots'), `${name}.png`), fullPage: true });
}
