/**
 * A storefront on an origin of its own for browser tests and benchmarks: its page at `/`, the
 * built widget files from widget/dist/, and /violations.js, which records the page's CSP violations in
 * `window.violations`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The widget package's built files. */
const WIDGET_DIST = new URL('../widget/dist/', import.meta.url).pathname;

const VIOLATIONS_SCRIPT =
  "window.violations = []; document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));";

export interface Storefront {
  origin: string;
  close(): Promise<void>;
}

/** `page(origin)` gives the page's HTML and, optionally, its Content-Security-Policy. */
export async function startStorefront(
  page: (origin: string) => { html: string; csp?: string },
): Promise<Storefront> {
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/') {
      const { html, csp } = page(origin);
      return void response
        .writeHead(200, {
          'content-type': 'text/html',
          ...(csp ? { 'content-security-policy': csp } : {}),
        })
        .end(html);
    }
    if (path === '/violations.js')
      return void response
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(VIOLATIONS_SCRIPT);
    let file: Buffer;
    try {
      file = readFileSync(join(WIDGET_DIST, path.slice(1))); // before any header: a missing file is a 404
    } catch {
      return void response.writeHead(404).end();
    }
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * Pays on a page holding one `<acquiring-checkout>` in checkout mode as a shopper does: the
 * shopper's name and email, Pay, then the sandbox's success card on the hosted page in the frame.
 * Answers the `acquiring-result` event's detail.
 */
export async function payAsShopper(page: Page): Promise<{ status: string; order_no: string }> {
  const result = page.evaluate(
    () =>
      new Promise((resolve) =>
        document
          .querySelector('acquiring-checkout')
          ?.addEventListener('acquiring-result', (e) => resolve((e as CustomEvent).detail)),
      ),
  );
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Pay' }).click();
  const frame = page.frameLocator('acquiring-checkout iframe');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByRole('button', { name: 'Pay' }).click();
  return (await result) as { status: string; order_no: string };
}
