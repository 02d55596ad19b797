/**
 * How an engine sends a form's POST into a frame, beside a GET of the same page: whether the
 * request came on a connection opened for it, and its time to the frame's load. The service's
 * interface reaches its hosted page only by a POST (its checkout answer "submits a form by POST
 * to the checkout address"), where the floor of Pay → page is a GET; this figure says what that
 * difference costs in each engine with nothing of ours on the page.
 *
 * WebKitGTK's network stack (libsoup 3) never sends a request whose method is not idempotent on
 * an idle connection (`soup-connection-manager.c`: `need_new_connection` for every POST), so the
 * page's POST opens a connection of its own even with one open to the service, as the element's
 * preconnect leaves one (widget/src/prepare.ts). Chromium and Firefox take the open one. On
 * loopback a new connection is a millisecond or two; across the internet, a TCP and a TLS handshake.
 *
 * A storefront page (scripts/storefront.ts) whose frame first shows a page of a server that counts
 * the connections it accepts, then goes to it again by GET or POST, timed in the page.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startStorefront } from '../scripts/storefront.ts';
import { startEngine, type EngineName } from '../scripts/tab/engine.ts';
import { LOADS } from './in-page.ts';
import { startDelayingProxy } from './latency.ts';
import { summarise, type Summary } from './stats.ts';

export interface PostConnectionFigures {
  /** Share of the loads whose GET came on a connection opened after the navigation began. */
  frame_get_new_connection_share: number;
  /** The same for the POST of a form into the frame. */
  frame_post_new_connection_share: number;
  /** The POST's navigation → the frame's load, ÷ the GET's, load by load. */
  frame_post_over_get_ratio: Summary;
}

type Way = 'get' | 'post';

/** What the service saw of one navigation: was its connection accepted after `mark`. */
interface Seen {
  opened: boolean;
}

/** The service: a small page, never stored, and a count of the connections it has accepted. */
function startService() {
  let accepted = 0;
  let mark = 0;
  const seen = new Map<string, Seen>();
  const order = new WeakMap<Socket, number>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://service');
    const load = url.searchParams.get('load');
    const socket = order.get(request.socket) ?? 0;
    if (load) seen.set(`${request.method}-${load}`, { opened: socket > mark });
    request.resume().on('end', () => {
      response.setHeader('Cache-Control', 'no-store');
      response.setHeader('Content-Type', 'text/html');
      response.end('<!doctype html><title>Pay</title><form><input name="card"></form>');
    });
  });
  server.on('connection', (socket) => order.set(socket, ++accepted));
  return {
    server,
    /** From now on, a connection accepted is one opened for what comes next. */
    mark: () => void (mark = accepted),
    seen: (way: Way, load: number) => seen.get(`${way.toUpperCase()}-${load}`),
  };
}

/**
 * In the storefront's page: sends the frame to `url` by GET or by posting a form into it, and
 * answers the ms from then to the frame's load event.
 */
async function navigateFrame(way: Way, url: string): Promise<number> {
  const frame = document.querySelector('iframe') as HTMLIFrameElement;
  const loaded = new Promise<number>((resolve) =>
    frame.addEventListener('load', () => resolve(performance.now()), { once: true }),
  );
  const started = performance.now();
  if (way === 'get') frame.src = url;
  else {
    const form = document.createElement('form');
    Object.assign(form, { method: 'POST', action: url, target: frame.name });
    const input = Object.assign(document.createElement('input'), { type: 'hidden' });
    Object.assign(input, { name: 'session_token', value: 'a'.repeat(64) });
    form.append(input);
    document.body.append(form);
    form.submit();
  }
  return (await loaded) - started;
}

/**
 * `name`'s figures: `LOADS` GETs and POSTs, interleaved; with `roundTripMs`, through a link that
 * far away whose new connections pay TCP's handshake (latency.ts).
 */
export async function postConnectionFigures(
  name: EngineName,
  roundTripMs?: number,
): Promise<PostConnectionFigures> {
  const service = startService();
  await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
  let serviceUrl = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  const proxy =
    roundTripMs === undefined
      ? undefined
      : await startDelayingProxy(roundTripMs, { handshake: true });
  if (proxy) {
    proxy.target(serviceUrl);
    serviceUrl = proxy.url;
  }
  const shop = await startStorefront(() => ({
    html: '<!doctype html><title>Shop</title><iframe name="pay"></iframe>',
  }));
  const engine = await startEngine(name, { compositing: true });
  const tab = await engine.newTab();
  const times: Record<Way, number[]> = { get: [], post: [] };
  const opened: Record<Way, number> = { get: 0, post: 0 };
  try {
    for (let load = 0; load < LOADS; load++)
      for (const way of ['get', 'post'] as const) {
        await tab.goto(shop.origin);
        // A connection to the service in use before, as the page's own would be (the element
        // preconnects): the frame's first page, taken by GET.
        await tab.evaluate(navigateFrame, 'get', `${serviceUrl}/`);
        service.mark();
        times[way].push(await tab.evaluate(navigateFrame, way, `${serviceUrl}/?load=${load}`));
        if (service.seen(way, load)?.opened) opened[way]++;
      }
  } finally {
    await tab.close();
    await engine.close();
    await proxy?.close();
    await shop.close();
    service.server.closeAllConnections();
    service.server.close();
  }
  return {
    frame_get_new_connection_share: opened.get / LOADS,
    frame_post_new_connection_share: opened.post / LOADS,
    frame_post_over_get_ratio: summarise(
      times.post.map((post, i) => post / (times.get[i] as number)),
    ),
  };
}
