/**
 * The merchant's side, as a browser sees it, for tests of the sandbox's pages: /pay/:n serves a
 * checkout page the test stored, /framed?src= shows a page in a frame of the widget's default
 * height, and /return records where the shopper came back with.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../../server/gateway/index.ts';

/**
 * The payment frame's default height, read from the widget's styles so this stays the size the
 * shopper gets (`--acquiring-frame-height`).
 */
export const DEFAULT_FRAME_HEIGHT = Number(
  /--acquiring-frame-height:\s*(\d+)px/.exec(
    readFileSync(
      new URL('../../../widget/src/checkout-element.styles.ts', import.meta.url),
      'utf8',
    ),
  )?.[1],
);

export interface MerchantSite {
  url: string;
  /** Checkout pages by path (`/pay/1`). */
  pages: Map<string, string>;
  returns: URLSearchParams[];
  close(): Promise<void>;
}

/** /framed?src=: the page at `src` in a frame as wide as the window, as tall as the widget's. */
function framedPage(src: string): string {
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0"><iframe title="payment" src="${escapeHtml(src)}" style="display:block;width:100%;height:${DEFAULT_FRAME_HEIGHT}px;border:0"></iframe></body></html>`;
}

export async function startMerchantSite(): Promise<MerchantSite> {
  const pages = new Map<string, string>();
  const returns: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(body);
    if (url.pathname.startsWith('/pay/')) {
      html(pages.get(url.pathname) ?? '');
    } else if (url.pathname === '/framed') {
      html(framedPage(url.searchParams.get('src') ?? ''));
    } else if (url.pathname === '/return') {
      returns.push(url.searchParams);
      html(`<p id="back">back: ${url.searchParams.get('payment_status')}</p>`);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pages,
    returns,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
