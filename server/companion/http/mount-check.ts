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
 * Where the request came from decides how much it proves. One that came as a browser's does (no
 * proxy's headers, the Host of `publicUrl`) reached the companion at `publicUrl`'s own path. One
 * through a proxy may have lost a leading part of the path to it (nginx's `proxy_pass …/;`), so
 * `publicUrl`'s path must end with the mount, unless the proxy names what it removed
 * (`X-Forwarded-Prefix`), which is then put back. Probes and scrapes (/healthz, /readyz,
 * /metrics) often come another way, and are not looked at.
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

/** The path a request reached the companion at, and whether it must equal publicUrl's path. */
function wayIn(request: Request, publicUrl: URL): { mount: string; exact: boolean } {
  const prefix = request.get('x-forwarded-prefix');
  if (prefix !== undefined)
    return { mount: trimmed(prefix) + trimmed(request.baseUrl), exact: true };
  const proxied = PROXY_HEADERS.some((header) => request.get(header) !== undefined);
  const asBrowsers = !proxied && request.get('host')?.toLowerCase() === publicUrl.host;
  return { mount: trimmed(request.baseUrl), exact: asBrowsers };
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
        const { mount, exact } = wayIn(request, url);
        if (exact ? mount !== expected : !expected.endsWith(mount)) {
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
