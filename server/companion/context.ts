/** What every part of the companion shares: its configuration, store, gateway client and log. */
import pino, { type Logger } from 'pino';
import { GatewayClient } from '../gateway/index.ts';
import type { CompanionConfig } from './config.ts';
import { FramingProbes } from './framing.ts';
import type { RateLimits } from './rate-limits.ts';
import { RequestLogs } from './request-id.ts';
import type { CompanionStore } from './store/store.ts';

export interface Context {
  config: CompanionConfig;
  store: CompanionStore;
  gateway: GatewayClient;
  /** Within a request, a child logger carrying its request id (see request-id.ts). */
  readonly log: Logger;
  requestLogs: RequestLogs;
  /** The key status tokens are derived from. */
  tokenKey: string;
  /** Whether the service's payment page may be framed by a storefront. */
  framing: FramingProbes;
  limits: RateLimits;
}

/** Card data, security codes, keys and tokens never reach the log. */
export const REDACTED = [
  'card', '*.card', 'card.number', '*.card.number', 'security_code', '*.security_code', '*.card.security_code',
  'secretKey', '*.secretKey', 'SECRET_KEY', 'operationsToken', 'authorization', '*.authorization',
  'req.headers.authorization', 'encryption_data', '*.encryption_data', 'status_token', '*.status_token',
]; // prettier-ignore

/** The companion's logger: JSON lines at `level` (LOG_LEVEL, else info), secrets redacted. */
export function defaultLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: '[redacted]' } });
}

export function createContext(
  config: CompanionConfig,
  store: CompanionStore,
  tokenKey: string,
  limits: RateLimits,
): Context {
  const requestLogs = new RequestLogs(config.logger ?? defaultLogger());
  return {
    config,
    store,
    gateway: new GatewayClient(config.gateway),
    get log() {
      return requestLogs.current;
    },
    requestLogs,
    tokenKey,
    framing: new FramingProbes(config.framingCheckMs ?? 60_000),
    limits,
  };
}
