/**
 * The companion's configuration: given in code to `createCompanion`, or read from the environment
 * by the bin (bin/companion.ts), where a missing or malformed variable stops the start with a
 * message naming it.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { httpAddress } from '../../address.ts';
import type { GatewayClientConfig } from '../../gateway/index.ts';
import {
  auditRetentionDays,
  namedTokens,
  operationsToken,
  originProblem,
  secretKey,
} from './checks.ts';
import { Plans } from '../payment/installments.ts';
import { MethodsSetting } from '../payment/methods.ts';
import type {
  InstallmentPlan,
  PaymentMethodConfig,
  ResolvedOrder,
  ResolvedShopper,
} from './merchant-types.ts';

export type {
  InstallmentPlan,
  PaymentMethodConfig,
  ResolvedOrder,
  ResolvedShopper,
} from './merchant-types.ts';
import { parsedJson } from '../../unknown.ts';

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

const csv = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** What `TRUST_PROXY` may be, as its error message says it. */
export const TRUST_PROXY_FORMAT =
  'true, false, the number of proxies in front, or their addresses (IP or CIDR, loopback, linklocal, uniquelocal), comma-separated';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Express's `trust proxy` setting from `TRUST_PROXY`, or undefined when Express would refuse it
 * (it throws on an address it cannot read, and only once the app is built).
 */
export function trustProxySetting(value: string): boolean | number | string | undefined {
  const text = value.trim();
  if (text === 'false' || text === 'true') return text === 'true';
  if (/^\d+$/.test(text)) return Number(text);
  const known = text.split(',').every((part) => {
    const [address = '', bits] = part.trim().split('/');
    const version = isIP(address);
    if (PROXY_NAMES.has(address)) return true;
    if (version === 0) return false;
    return (
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
    );
  });
  return known && text ? text : undefined;
}

/** An optional variable: set but empty (`DATABASE_URL=` in a .env) is the same as not set. */
const unlessEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A variable holding JSON of `schema`'s shape. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return parsedJson(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3200),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: unlessEmpty(z.url()),
  GATEWAY_BASE_URL: z.url(),
  MERCHANT_ID: z.string().min(1),
  ACCOUNT_ID: z.string().min(1),
  SECRET_KEY: secretKey,
  PREVIOUS_SECRET_KEYS: unlessEmpty(z.string()),
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DATABASE_URL: unlessEmpty(z.string()),
  DATA_DIR: z.string().default('data'),
  ALLOWED_ORIGINS: z
    .string()
    .min(1, 'list the storefront origins, comma-separated')
    .superRefine((text, context) => {
      for (const origin of csv(text)) {
        const problem = originProblem(origin);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }
    }),
  OPERATIONS_TOKEN: operationsToken,
  OPERATIONS_TOKENS: unlessEmpty(namedTokens),
  METRICS_TOKEN: unlessEmpty(operationsToken),
  DIRECT_CARD_PAYMENTS: z.enum(['0', '1']).default('0'),
  ISSUER_HOSTS: unlessEmpty(z.string()),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => trustProxySetting(value) !== undefined, TRUST_PROXY_FORMAT),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  AUDIT_RETENTION_DAYS: unlessEmpty(
    z.coerce
      .number({ error: 'a whole number of days (0: kept for good)' })
      .pipe(auditRetentionDays),
  ),
  REDIS_URL: unlessEmpty(
    z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// address' }),
  ),
  ORDER_RESOLVER: z
    .string()
    .min(1, "the merchant's resolveOrder: a module path, or an http(s) address of your backend"),
  ORDER_RESOLVER_TOKEN: unlessEmpty(z.string()),
  PAYMENT_METHODS: unlessEmpty(json(MethodsSetting)),
  METHOD_ORDER: unlessEmpty(z.string()),
  INSTALLMENTS: unlessEmpty(json(Plans)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
/** The bin's environment variables, read and checked by `companionEnv`. */
export type CompanionEnv = z.infer<typeof Env>;

/** Reads the environment. Throws with every problem, each naming its variable. */
export function companionEnv(env: NodeJS.ProcessEnv): CompanionEnv {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `invalid companion configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
    );
  }
  return parsed.data;
}

/** The configuration from a checked environment, with the merchant's `resolveOrder`. */
export function companionConfig(
  env: CompanionEnv,
  resolveOrder: CompanionConfig['resolveOrder'],
  logger?: Logger,
): CompanionConfig {
  return {
    publicUrl: env.PUBLIC_URL ?? httpAddress(env.HOST, env.PORT),
    gateway: {
      baseUrl: env.GATEWAY_BASE_URL,
      merchantId: env.MERCHANT_ID,
      accountId: env.ACCOUNT_ID,
      secretKey: env.SECRET_KEY,
      verificationKeys: [env.SECRET_KEY, ...csv(env.PREVIOUS_SECRET_KEYS ?? '')],
      timeoutMs: env.GATEWAY_TIMEOUT_MS,
    },
    database: env.DATABASE_URL ?? `${env.DATA_DIR}/companion.sqlite`,
    allowedOrigins: csv(env.ALLOWED_ORIGINS),
    operationsToken: env.OPERATIONS_TOKEN,
    ...(env.OPERATIONS_TOKENS ? { operationsTokens: env.OPERATIONS_TOKENS } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    resolveOrder,
    directCardPayments: env.DIRECT_CARD_PAYMENTS === '1',
    ...(env.ISSUER_HOSTS ? { issuerHosts: csv(env.ISSUER_HOSTS) } : {}),
    trustProxy: trustProxySetting(env.TRUST_PROXY) ?? false,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(env.AUDIT_RETENTION_DAYS !== undefined
      ? { auditRetentionDays: env.AUDIT_RETENTION_DAYS }
      : {}),
    ...(env.PAYMENT_METHODS ? { paymentMethods: env.PAYMENT_METHODS } : {}),
    ...(env.METHOD_ORDER ? { methodOrder: csv(env.METHOD_ORDER) } : {}),
    ...(env.INSTALLMENTS ? { installments: env.INSTALLMENTS } : {}),
    ...(logger ? { logger } : {}),
  };
}
