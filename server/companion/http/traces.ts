/**
 * The companion's spans (issue 24): one server span per request (named by its route pattern,
 * child of the merchant's app's span when mounted in a traced app, else of the caller's W3C
 * `traceparent`), and one span per store call (`store attempts.settle`: each is a transaction or
 * one query). Pricing, the service's calls, notifications and reconciliation open their own
 * (`inSpan` where they happen). None of this is installed when the process does not trace.
 */
import { context, propagation, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { inSpan, SpanKind, startSpan, tracingOn } from '../../tracing.ts';
import { routeOf, watchRoute } from './metrics-http.ts';
import { isRecord } from '../../unknown.ts';
import type { CompanionStore } from '../store/index.ts';

/** Opens a server span for each request, active while it is handled, ended once it is answered. */
export function traceRequests(): RequestHandler {
  return (request, response, next) => {
    if (!tracingOn()) return next();
    watchRoute(request);
    const active = context.active();
    const parent = trace.getSpan(active) ? active : propagation.extract(active, request.headers);
    const mount = request.baseUrl;
    const span = startSpan(request.method, {
      kind: SpanKind.SERVER,
      parent,
      attributes: { 'http.request.method': request.method },
    });
    response.once('close', () => {
      const route = routeOf(request, mount);
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': response.statusCode });
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}

/** The store's repositories whose calls become spans. */
const REPOSITORIES = new Set([
  'orders', 'attempts', 'notifications', 'pageTokens', 'idempotency', 'payouts', 'savedCards', 'audit',
]); // prettier-ignore

/** `store`, with each call of a repository's method in a span of its own. */
export function tracedStore(store: CompanionStore): CompanionStore {
  const system = store.dialect === 'postgres' ? 'postgresql' : 'sqlite';
  const wrapped = new Map<PropertyKey, unknown>();
  const repository = (name: string, target: object) =>
    new Proxy(target, {
      get(object, method, receiver) {
        const value: unknown = Reflect.get(object, method, receiver);
        if (typeof value !== 'function') return value;
        const options = {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': system,
            'db.operation.name': `${name}.${String(method)}`,
          },
        };
        return (...args: unknown[]) =>
          inSpan(`store ${name}.${String(method)}`, options, async () =>
            Reflect.apply(value, object, args),
          );
      },
    });
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !REPOSITORIES.has(property) || !isRecord(value))
        return value;
      if (!wrapped.has(property)) wrapped.set(property, repository(property, value));
      return wrapped.get(property);
    },
  });
}
