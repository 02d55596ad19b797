/**
 * The HTTP edge: the routers (routes/: the widget's, the payment pages', the notification's, the
 * operations API), and what every request meets before a route (security headers and CORS, input
 * limits, rate limits, request ids and logs, HTTP metrics and traces, path parameters), with the
 * edge's own context (edge-context.ts). Only the root imports it; it may import payment,
 * settlement, core, observability, store, attempt-machine and config.
 */
export { createContext, type EdgeContext, forRequest } from './edge-context.ts';
export { checkPathAndQuery } from './input-limits.ts';
export { countRequests, metricsRouter } from './metrics-http.ts';
export { createRateLimits, type RateLimits } from './rate-limits.ts';
export { mountCheck, type MountCheck } from './mount-check.ts';
export { notifyRouter } from './routes/notify.ts';
export { operationsRouter } from './routes/operations.ts';
export { pagesRouter } from './routes/pages.ts';
export { widgetRouter } from './routes/widget.ts';
export { cors, securityHeaders } from './security.ts';
export { tracedStore, traceRequests } from './traces.ts';
