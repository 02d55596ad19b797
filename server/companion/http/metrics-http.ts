/**
 * The companion's metrics over HTTP: every request counted and timed by its route pattern (never
 * its path, which holds order refs), and `GET /metrics` for Prometheus, behind the operations
 * tokens or the metrics token (metrics name routes, volumes and failures: not for the public).
 */
import { performance } from 'node:perf_hooks';
import express, { type Request, type RequestHandler, type Router } from 'express';
import type { EdgeContext } from './edge-context.ts';
import type { Metrics } from '../observability/index.ts';
import { operationsTokens, requireBearer } from './security.ts';

/** Each request's router base at the moment a route matched it (see `watchRoute`). */
const matchedBase = new WeakMap<Request, string>();

/**
 * Notes the router's base (`/api/notifications`) when a route matches `request`. A route that
 * fails hands its error out of its router, which puts `request.baseUrl` back to the parent's
 * before the app's error handler answers: without this, a refused notification was counted
 * under `/`.
 */
export function watchRoute(request: Request): void {
  if (matchedBase.has(request) || Object.hasOwn(request, 'route')) return;
  matchedBase.set(request, request.baseUrl);
  let route: unknown;
  Object.defineProperty(request, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      matchedBase.set(request, request.baseUrl);
    },
  });
}

/**
 * The pattern of the route that answered `request` (`/api/order-summaries/:order_ref`), without
 * `mount` (where the companion is mounted in the merchant's app); `unmatched` when none did.
 */
export function routeOf(request: Request, mount: string): string {
  if (!request.route) return 'unmatched';
  const base = matchedBase.get(request) ?? request.baseUrl;
  // A router's own root (`/api/notifications` + `/`) is named without the trailing slash.
  const route = `${base.slice(mount.length)}${String(request.route.path)}`;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/** Counts and times each request once it is answered, labelled by the route that answered it. */
export function countRequests(metrics: Metrics): RequestHandler {
  return (request, response, next) => {
    watchRoute(request);
    const started = performance.now();
    const mount = request.baseUrl;
    response.once('finish', () => {
      const route = routeOf(request, mount);
      const method = request.method;
      metrics.requests.inc({ route, method, status: String(response.statusCode) });
      metrics.requestSeconds.observe({ route, method }, (performance.now() - started) / 1000);
    });
    next();
  };
}

/** `GET /metrics`, in Prometheus's text format. */
export function metricsRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  const { registry } = ctx.metrics;
  // Wrong tokens count against the operations API's budget: a guess here is a guess there.
  const { metricsToken } = ctx.config;
  const tokens = operationsTokens(ctx.config);
  if (metricsToken) tokens.push(['metrics', metricsToken]);
  const guard = [ctx.limits.authFailures, requireBearer(tokens)];
  router.get('/metrics', ...guard, async (_request, response) => {
    response.set('Cache-Control', 'no-store').type(registry.contentType);
    response.send(await registry.metrics());
  });
  return router;
}
