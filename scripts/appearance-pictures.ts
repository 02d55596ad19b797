/**
 * Pictures of the element in each appearance preset for the docs' Appearance page, into
 * docs/appearance/<preset>.png: the built script-tag file (run `npm run build` first) on a page
 * with the demo storefront's CSP (no inline script or style), in Chromium 1280 px wide, after a
 * shopper pressed Pay on a half-filled form, so that the errors show too.
 *
 *   node --import tsx scripts/appearance-pictures.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { APPEARANCE_THEMES } from '../widget/src/appearance.ts';
import { launchChromium } from './chromium.ts';

const WIDGET_DIST = new URL('../widget/dist/', import.meta.url).pathname;
const OUT = 'docs/appearance';
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/page.css">
<script src="/widget/acquiring-checkout.js"></script><script src="/setup.js" defer></script>
</head><body><main><h1>Checkout</h1><acquiring-checkout order-ref="mug.picture"></acquiring-checkout></main></body></html>`;

const CSS = `body { margin: 0; font: 16px system-ui, sans-serif; background: #e5e7eb; color: #111827; }
body[data-theme='night'] { background: #020617; color: #e2e8f0; }
main { width: 420px; margin: 0 auto; padding: 32px 40px 40px; }
h1 { font-size: 20px; margin: 0 0 16px; }
acquiring-checkout { padding: 28px; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
body[data-theme='default'] acquiring-checkout { background: #fff; }`;

/** What a merchant's own script does: the preset named in the page's address. */
const SETUP = `const theme = new URLSearchParams(location.search).get('theme');
document.body.dataset.theme = theme;
document.querySelector('acquiring-checkout').appearance = { theme };`;

const FILES: Record<string, [type: string, body: () => string | Buffer]> = {
  '/': ['text/html', () => PAGE],
  '/page.css': ['text/css', () => CSS],
  '/setup.js': ['text/javascript', () => SETUP],
};

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const [type, body] = FILES[path] ?? [
    'text/javascript',
    () => readFileSync(join(WIDGET_DIST, path.replace(/^\/widget\//, ''))),
  ];
  try {
    const content = body();
    response.writeHead(200, { 'content-type': type, 'content-security-policy': CSP }).end(content);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

mkdirSync(OUT, { recursive: true });
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const violations: string[] = [];
page.on('console', (message) => {
  if (/Content Security Policy/.test(message.text())) violations.push(message.text());
});
for (const theme of APPEARANCE_THEMES) {
  await page.goto(`${origin}/?theme=${theme}`);
  await page.getByLabel('Email').fill('ada@example');
  await page.getByLabel('First name').fill('Ada');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByText('This field is required.').waitFor();
  await page.locator('main').screenshot({ path: join(OUT, `${theme}.png`) });
  console.log(`${OUT}/${theme}.png`);
}
await browser.close();
server.close();
if (violations.length > 0) throw new Error(`CSP violations:\n${violations.join('\n')}`);
