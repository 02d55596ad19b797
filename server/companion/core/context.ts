/**
 * What the payment and settlement code is handed with every call: the configuration, the store,
 * the gateway client, the log (the request's own, in a handler), the metrics, the key status
 * tokens are derived from, and the recoveries under way. The HTTP edge adds what only it uses
 * (http/edge-context.ts).
 */
import type { Logger } from 'pino';
import type { GatewayClient } from '../../gateway/index.ts';
import type { CompanionConfig } from '../config/index.ts';
import type { Metrics } from '../observability/index.ts';
import type { CompanionStore } from '../store/index.ts';
import type { Recoveries } from './recoveries.ts';

export interface Context {
  config: CompanionConfig;
  store: CompanionStore;
  gateway: GatewayClient;
  /** The companion's log; in a handler's context (`forRequest`), one carrying the request's id. */
  readonly log: Logger;
  /** The key status tokens are derived from. */
  tokenKey: string;
  metrics: Metrics;
  /** Interrupted attempts being recovered beside the requests that asked (recoveries.ts). */
  recoveries: Recoveries;
}
