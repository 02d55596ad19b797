/**
 * Where requests reach the companion, checked against `publicUrl` as they come: every address it
 * hands out (the one-time payment page, `notify_url`, the return pages) is `publicUrl` plus a
 * path, so a router mounted at `/payments` under a `publicUrl` ending in `/pay` (or the bin at
 * `/` under one ending in `/payments`) sends each shopper's frame to a page of something else, a
 * 404 for as long as the frame waits, with no error event. Nothing at start can see the mount;
 * the first request can. Once a mismatch is seen the companion logs it (once, at error), `/readyz`
 * answers 503 naming it, and the widget's routes and pages answer 500, not retryable, so the
 * element tells its failure at once instead of showing a 404 in its frame.
 *
 * Only a request that shows the way browsers come is judged, so that no working setup is ever
 * taken out of its load balancer: one that came as a browser's does (no proxy's headers, the Host
 * of `publicUrl`) reached the companion at `publicUrl`'s own path; one through a proxy that names
 * the prefix it removed (`X-Forwarded-Prefix`) at that prefix and the mount. Any other (through a
 * proxy that may rewrite the path either way, or at an internal address) proves nothing and is
 * let be. Probes and scrapes (/healthz, /readyz, /metrics) are not looked at either.
 */
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { refusal, sendProblem } from '../core/index.ts';

const NOT_LOOKED_AT = new Set(['/healthz', '/readyz', '/metrics']);
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'via'];

export interface MountCheck {
  /** Looks at each request's way in (as middleware, before any route). */
  observe: RequestHandler;
  /** Answers 500 once a mismatch is seen (in front of the routes that hand out addresses). */
  guard: RequestHandler;
  /** What is wrong with the mount, once seen; undefined while none is. */
  problem(): string | undefined;
}

const trimmed = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/**
 * The path at which a browser's request reached the companion, when the request shows it: else
 * undefined (it came through a proxy that does not say what it did to the path, or not at
 * `publicUrl`'s host).
 */
function browsersPath(request: Request, publicUrl: URL): string | undefined {
  const prefix = request.get('x-forwarded-prefix');
  if (prefix !== undefined) return trimmed(prefix) + trimmed(request.baseUrl);
  const proxied = PROXY_HEADERS.some((header) => request.get(header) !== undefined);
  const asBrowsers = !proxied && request.get('host')?.toLowerCase() === publicUrl.host;
  return asBrowsers ? trimmed(request.baseUrl) : undefined;
}

/** Why a request that came in at `mount` shows `publicUrl` wrong, in words and with the fix. */
function mismatch(publicUrl: URL, mount: string): string {
  const path = trimmed(publicUrl.pathname);
  return `publicUrl (PUBLIC_URL) is ${publicUrl.href.replace(/\/+$/, '')}, but requests reach the companion at ${mount || '/'}: every address it hands out (the payment page, notify_url, the return pages) is publicUrl plus a path, so shoppers' frames would load another app's page. Mount the router at ${path || '/'}, or set publicUrl to ${publicUrl.origin}${mount}; behind a proxy that removes a path, have it send X-Forwarded-Prefix`;
}

export function mountCheck(publicUrl: string, log: Logger): MountCheck {
  const url = new URL(publicUrl);
  const expected = trimmed(url.pathname);
  let problem: string | undefined;
  return {
    observe: (request, _response, next) => {
      if (problem === undefined && !NOT_LOOKED_AT.has(request.path)) {
        const mount = browsersPath(request, url);
        if (mount !== undefined && mount !== expected) {
          problem = mismatch(url, mount);
          log.error({ publicUrl, mount: mount || '/' }, problem);
        }
      }
      next();
    },
    guard: (_request, response, next) => {
      if (problem === undefined) return next();
      const refused = refusal(500, 'Companion misconfigured', 'publicUrl', problem, {
        retryable: false,
      });
      sendProblem(response, refused);
    },
    problem: () => problem,
  };
}
