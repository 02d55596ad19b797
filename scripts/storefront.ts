/**
 * A storefront on an origin of its own for browser tests and benchmarks: its page at `/`, the
 * built widget files from widget/dist/, and /violations.js, which records the page's CSP violations in
 * `window.violations`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

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
