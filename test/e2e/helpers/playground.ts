/**
 * The playground (/playground) under test: its live element, its snippets, an empty page made of
 * nothing but a snippet, and a comparison of two pictures, pixel by pixel, in the browser itself.
 */
import { build } from 'esbuild';
import type { BrowserContext, Locator, Page } from 'playwright-core';

export type SnippetKind = 'script' | 'esm' | 'react';

const TABS: Record<SnippetKind, string> = {
  script: 'Script tag',
  esm: 'ESM import',
  react: 'React 19',
};

/** The playground's live element. */
export const checkout = (page: Page): Locator =>
  page.locator('checkout-playground acquiring-checkout');

/** The snippet of one tab, as the page shows it (its tab chosen first). */
export async function snippet(page: Page, kind: SnippetKind): Promise<string> {
  await page.getByRole('tab', { name: TABS[kind] }).click();
  return (await page.locator(`#pg-snippet code[data-kind="${kind}"]`).textContent()) ?? '';
}

/** All three snippets. */
export async function snippets(page: Page): Promise<Record<SnippetKind, string>> {
  return {
    script: await snippet(page, 'script'),
    esm: await snippet(page, 'esm'),
    react: await snippet(page, 'react'),
  };
}

/**
 * What an element is: its attributes (the ones it sets itself too: `dir`, `data-scheme`, the
 * `style` its appearance writes), and the properties a snippet may set in code instead.
 */
export function described(element: Locator): Promise<Record<string, unknown>> {
  return element.evaluate((el) => {
    const e = el as HTMLElement & Record<string, unknown>;
    const names = ['companion', 'orderRef', 'mode', 'paymentMethod', 'locale', 'fields'];
    const more = ['dataCollection', 'theme', 'appearance', 'shopper'];
    return {
      attributes: Object.fromEntries(el.getAttributeNames().map((n) => [n, el.getAttribute(n)])),
      properties: Object.fromEntries([...names, ...more].map((n) => [n, JSON.stringify(e[n])])),
    };
  });
}

/** Waits until the element has drawn all it was waiting for (its summary, locale and parts). */
export async function settled(element: Locator): Promise<void> {
  await element.locator('form').waitFor();
  await element.evaluate(
    (el) => (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
  );
}

/** A snippet in code, bundled as an app's bundler would (React's mounted on a root of its own). */
export async function bundled(kind: 'esm' | 'react', code: string): Promise<string> {
  const mount =
    kind === 'react'
      ? "\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.body.appendChild(document.createElement('div'))).render(<Checkout />);\n"
      : '';
  const result = await build({
    stdin: { contents: code + mount, loader: 'tsx', resolveDir: process.cwd() },
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    // Through node_modules and the package's exports: the built widget, as an app gets it.
    tsconfigRaw: {},
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * A new tab on an empty page holding nothing but `code` (for ESM and React, a script tag of its
 * bundle, `bundled`), at `origin`, whose `/widget/` serves the built widget: an origin the
 * companion allows. The window is `width` wide.
 */
export async function pasted(
  context: BrowserContext,
  origin: string,
  width: number,
  code: string,
  bundle?: string,
): Promise<Page> {
  const body = bundle === undefined ? code : '<script type="module" src="/snippet.js"></script>';
  const html = `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Snippet</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width, height: 900 });
  await page.route(`${origin}/snippet`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  if (bundle !== undefined)
    await page.route(`${origin}/snippet.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: bundle }),
    );
  await page.goto(`${origin}/snippet`);
  return page;
}

/**
 * How many pixels differ between two PNG pictures of the same size (by more than a rounding in
 * any channel), counted in a blank tab of `context`; throws if the sizes differ.
 */
export async function differingPixels(
  context: BrowserContext,
  a: Buffer,
  b: Buffer,
): Promise<{ differing: number; total: number }> {
  const page = await context.newPage();
  try {
    return await page.evaluate(
      // No named function inside: tsx would name it with a helper the page does not have.
      async (pictures) => {
        const [x, y] = await Promise.all(
          pictures.map(async (base64) => {
            const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
            const image = await createImageBitmap(blob);
            const canvas = new OffscreenCanvas(image.width, image.height);
            const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
            context.drawImage(image, 0, 0);
            return context.getImageData(0, 0, image.width, image.height);
          }),
        );
        if (!x || !y) throw new Error('no pictures');
        if (x.width !== y.width || x.height !== y.height)
          throw new Error(`sizes differ: ${x.width}×${x.height}, ${y.width}×${y.height}`);
        let differing = 0;
        for (let i = 0; i < x.data.length; i += 4)
          for (let c = 0; c < 4; c++)
            if (Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0)) > 2) {
              differing++;
              break;
            }
        return { differing, total: x.width * x.height };
      },
      [a.toString('base64'), b.toString('base64')],
    );
  } finally {
    await page.close();
  }
}
