/** What every part of the companion shares: its configuration, store, gateway client and log. */
import type { Request, Response } from 'express';
import pino, { type Logger } from 'pino';
import { GatewayClient, type GatewayCall } from '../../gateway/index.ts';

type GatewayCallObserver = (call: GatewayCall) => void;
import type { CompanionConfig } from '../config/config.ts';
import { FramingProbes } from '../http/framing.ts';
import { gatewayObserver, type Metrics } from '../observability/metrics.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { Recoveries } from './recoveries.ts';
import { requestLogOf, RequestLogs } from '../http/request-id.ts';
import type { CompanionStore } from '../store/store.ts';

export interface Context {
  config: CompanionConfig;
  store: CompanionStore;
  gateway: GatewayClient;
  /** The companion's log; in a handler's context (`forRequest`), one carrying the request's id. */
  readonly log: Logger;
  requestLogs: RequestLogs;
  /** The key status tokens are derived from. */
  tokenKey: string;
  /** Whether the service's payment page may be framed by a storefront. */
  framing: FramingProbes;
  limits: RateLimits;
  metrics: Metrics;
  /** Interrupted attempts being recovered beside the requests that asked (recoveries.ts). */
  recoveries: Recoveries;
}

/** Card data, security codes, keys and tokens never reach the log. */
export const REDACTED = [
  'card', '*.card', 'card.number', '*.card.number', 'security_code', '*.security_code', '*.card.security_code',
  'secretKey', '*.secretKey', 'SECRET_KEY', 'operationsToken', 'operationsTokens', 'authorization', '*.authorization',
  'req.headers.authorization', 'encryption_data', '*.encryption_data', 'status_token', '*.status_token',
]; // prettier-ignore

/** The companion's logger: JSON lines at `level` (LOG_LEVEL, else info), secrets redacted. */
export function defaultLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: '[redacted]' } });
}

/** The gateway client's calls counted, and still told to the merchant's own `onCall`, if any. */
function withMetrics(config: CompanionConfig, metrics: Metrics): GatewayCallObserver {
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
): Context {
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
export function forRequest(ctx: Context, response: Response): Context {
  const scope = requestLogOf(response);
  return scope ? Object.create(ctx, { log: { get: () => scope.log } }) : ctx;
}

/** A route handler that is given its request's context (`forRequest`) before the request. */
export function scoped(
  ctx: Context,
  handler: (ctx: Context, request: Request, response: Response) => Promise<void> | void,
): (request: Request, response: Response) => Promise<void> | void {
  return (request, response) => handler(forRequest(ctx, response), request, response);
}
