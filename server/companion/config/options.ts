/**
 * The companion's options, as `createCompanion` takes them in code; the bin builds the same from
 * the environment (env.ts). Types only: every layer reads its settings from here.
 */
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { GatewayClientConfig } from '../../gateway/index.ts';
import type {
  InstallmentPlan,
  PaymentMethodConfig,
  ResolvedOrder,
  ResolvedShopper,
} from './merchant-types.ts';

/** The companion's settings; the bin builds one from the environment (`companionConfig`). */
export interface CompanionConfig {
  /** Where browsers and the service reach the companion: `https://pay.shop.example`. */
  publicUrl: string;
  gateway: GatewayClientConfig;
  /** A file, `:memory:`, or a `postgres://` URL. */
  database: string;
  /** Storefront origins: CORS, frame-ancestors of the payment page, postMessage targets. */
  allowedOrigins: string[];
  /** Bearer token of the operations API. */
  operationsToken: string;
  /**
   * More operations tokens, by name (`{ ada: '…', 'refund-job': '…' }`): the audit trail names
   * the token each request came with, and removing one revokes it alone. `operationsToken` is
   * `default`.
   */
  operationsTokens?: Record<string, string>;
  /**
   * A token that reads `GET /metrics` and nothing else: for the Prometheus that scrapes it, so
   * that its credential cannot move money. The operations tokens read the metrics too.
   */
  metricsToken?: string;
  resolveOrder(orderRef: string): Promise<ResolvedOrder | undefined> | ResolvedOrder | undefined;
  /**
   * Who the shopper behind a widget request is, by the merchant's own session (a cookie the shop
   * set, on the companion's origin or the shop's when mounted): `undefined` for an anonymous
   * shopper, who never sees saved cards. Called for payment starts and the saved-card routes.
   */
  resolveShopper?(
    request: Request,
  ): Promise<ResolvedShopper | undefined> | ResolvedShopper | undefined;
  /**
   * The ways to pay and when each is offered (mode="auto" lists them; the APM route refuses a
   * method this list does not offer for the order). Unset: the card and any APM the widget names.
   */
  paymentMethods?: PaymentMethodConfig[];
  /**
   * Instalments per currency (`{ BRL: { counts: [1, 2, 3, 6, 12], minimum: '5.00' } }`): the order
   * summary lists the offered counts with their amounts, and a card or checkout payment may choose
   * one. Unset, or a currency not listed: no instalments.
   */
  installments?: Record<string, InstallmentPlan>;
  /** The merchant's pinned order of methods: these first, in this order, before the ranking. */
  methodOrder?: string[];
  /** Direct card payments put the merchant's server in PCI DSS scope: off unless set. */
  directCardPayments?: boolean;
  /** Hosts an APM issuer_url may point at; defaults to the service's host. */
  issuerHosts?: string[];
  /** Express `trust proxy`: false (default) when the companion faces the internet directly. */
  trustProxy?: boolean | number | string;
  /** How long a one-time payment page address lives. */
  pageTtlMs?: number;
  /** Payment starts per minute per client (rateLimits.startsPerMinute, kept for compatibility). */
  rateLimitPerMinute?: number;
  /** Per client and minute; defaults in rate-limits.ts (60 starts, 600 polls, 30 page guesses, 30 failed logins). */
  rateLimits?: {
    startsPerMinute?: number;
    pollsPerMinute?: number;
    pageGuessesPerMinute?: number;
    authFailuresPerMinute?: number;
  };
  /** `redis://…`: rate-limit counters shared by every instance; without it, each process counts alone. */
  redisUrl?: string;
  /**
   * How long the verdict on framing the service's payment page is kept (default a minute); 0 asks
   * the service for every frame (tests that change the sandbox's framing policy as they go).
   */
  framingCheckMs?: number;
  /** How often unknown and stale orders are reconciled, and old records pruned; 0: never. */
  reconcileEveryMs?: number;
  /**
   * How long an attempt may stay `creating`, or an operation `in progress`, before the companion
   * takes it for interrupted (a crash, a lost answer) and asks the service what became of it; an
   * attempt the service has no record of by then is failed, so the next starts afresh. It must be
   * longer than a live request to the service can take. Default 120 000 ms.
   */
  recoverAfterMs?: number;
  /** How long an unpaid attempt lives before its order is `expired` and no longer queried. Default 24 h. */
  attemptTtlMs?: number;
  /** How long records are kept once they are of no more use. */
  retention?: {
    /** After a one-time page address expired. Default 1 day. */
    pageTokensMs?: number;
    /** After an Idempotency-Key's operation finished. Default 7 days. */
    idempotencyMs?: number;
    /** After a notification was processed. Default 30 days. */
    notificationsMs?: number;
    /**
     * Orders and payouts themselves, after they were created: for a public demo, whose data is
     * disposable. Unset (the default): kept for good, as a merchant's records must be.
     */
    ordersMs?: number;
  };
  /**
   * How many days audit entries are kept (default 400: PCI DSS 10.5.1 asks for a year); 0 keeps
   * them for good, for a merchant who archives and deletes them by its own policy.
   */
  auditRetentionDays?: number;
  logger?: Logger;
  /**
   * A prom-client registry of your app's, for the companion's metrics (served at `/metrics`
   * behind the operations token either way). Node's process metrics are your app's to collect
   * there (`collectDefaultMetrics`), never added twice. Without it the companion keeps its own,
   * with Node's process metrics under their standard names (`process_cpu_seconds_total`).
   */
  metrics?: Registry;
}
