/**
 * The context the HTTP edge works in: the payment's and settlement's (core/context.ts), and what
 * only the edge uses: the request logs, the framing probes of the payment page, the rate limits.
 * Built once per companion (`createContext`), and narrowed to one request's log (`forRequest`).
 */
import type { Request, Response } from 'express';
import { GatewayClient, type GatewayCall } from '../../gateway/index.ts';
import type { CompanionConfig } from '../config/index.ts';
import { Recoveries, type Context } from '../core/index.ts';
import { defaultLogger, gatewayObserver, type Metrics } from '../observability/index.ts';
import type { CompanionStore } from '../store/index.ts';
import { FramingProbes } from './framing.ts';
import type { RateLimits } from './rate-limits.ts';
import { requestLogOf, RequestLogs } from './request-id.ts';

export interface EdgeContext extends Context {
  requestLogs: RequestLogs;
  /** Whether the service's payment page may be framed by a storefront. */
  framing: FramingProbes;
  limits: RateLimits;
}

/** The gateway client's calls counted, and still told to the merchant's own `onCall`, if any. */
function withMetrics(config: CompanionConfig, metrics: Metrics): (call: GatewayCall) => void {
  const count = gatewayObserver(metrics);
  const theirs = config.gateway.onCall;
  return theirs ? (call) => (count(call), theirs(call)) : count;
}

export function createContext(
  config: CompanionConfig,
  store: CompanionStore,
  tokenKey: string,
  limits: RateLimits,
  metrics: Metrics,
): EdgeContext {
  const requestLogs = new RequestLogs(config.logger ?? defaultLogger());
  return {
    config,
    store,
    gateway: new GatewayClient({ ...config.gateway, onCall: withMetrics(config, metrics) }),
    log: requestLogs.base,
    requestLogs,
    tokenKey,
    framing: new FramingProbes(config.framingCheckMs ?? 60_000),
    limits,
    metrics,
    recoveries: new Recoveries((error) =>
      requestLogs.base.warn({ err: error }, 'asking the service about an order failed'),
    ),
  };
}

/**
 * The context of the request `response` answers: the same, with a log carrying the request's id
 * (request-id.ts). Handed down explicitly: an AsyncLocalStorage would carry it implicitly, but on
 * Node 20 it puts a hook on every promise of the process, about a sixth of a checkout session's
 * CPU (docs/site/project/performance.md).
 */
export function forRequest<C extends EdgeContext>(ctx: C, response: Response): C {
  const scope = requestLogOf(response);
  return scope ? Object.create(ctx, { log: { get: () => scope.log } }) : ctx;
}

/** A route handler that is given its request's context (`forRequest`) before the request. */
export function scoped(
  ctx: EdgeContext,
  handler: (ctx: EdgeContext, request: Request, response: Response) => Promise<void> | void,
): (request: Request, response: Response) => Promise<void> | void {
  return (request, response) => handler(forRequest(ctx, response), request, response);
}
