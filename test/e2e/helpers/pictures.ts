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

/**
 * Pictures the whole page for the docs (docs/screenshots). The window is made as tall as the
 * page for it, then put back: a whole-page capture leaves the payment page's frame blank.
 */
export async function picture(page: Page, name: string): Promise<void> {
  const view = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (view) await page.setViewportSize({ width: view.width, height });
  await screenshot(page, { path: join(picturesDir('screenshots'), `${name}.png`) });
  if (view) await page.setViewportSize(view);
}
