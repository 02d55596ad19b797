/**
 * The companion's configuration: given in code to `createCompanion`, or read from the environment
 * by the bin (bin/companion.ts), where a missing or malformed variable stops the start with a
 * message naming it.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { httpAddress } from '../address.ts';
import type { GatewayClientConfig } from '../gateway/index.ts';

/**
 * What the merchant's `resolveOrder(ref)` answers: the order as the merchant's systems know it.
 * When it has items, or any of the parts below, they must add up to `amount` in minor units:
 * Σ unit_price × quantity + shipping + handling + tax_total + insurance − shipping_discount −
 * discount. An order that does not is refused (500 to the widget, the mismatch in the log).
 */
export interface ResolvedOrder {
  /** Decimal string in the currency's minor unit: `"25.00"`. */
  amount: string;
  currency: string;
  items: {
    name: string;
    sku?: string;
    /** Decimal string: the price of one. */
    unit_price: string;
    quantity: number;
    category?: string;
    /** cart_items' `type`: `physical` (default), `digital`, `service`… */
    type?: string;
  }[];
  /** Decimal strings, each a part of `amount`. */
  shipping?: string;
  handling?: string;
  tax_total?: string;
  insurance?: string;
  shipping_discount?: string;
  discount?: string;
  /** The coupons behind `discount` (the service's `total_discount`). */
  coupons?: { code: string; type: string }[];
  /** Makes the payment start a recurring contract. */
  subscription?: {
    contract_name: string;
    contract_amount: string;
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    billing_cycle?: number;
  };
}

/**
 * What the merchant's `resolveShopper(request)` answers for a signed-in shopper: who they are in
 * the shop's own accounts. It keys the shopper's saved cards and fills the service's
 * `account_owner` (risk data). Anonymous shoppers are `undefined`.
 */
export interface ResolvedShopper {
  /** The shop's own id of the account (1 to 64 characters): saved cards belong to it. */
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  /** When the account was opened, in Unix seconds. */
  created?: number;
  past_orders_count?: number;
  /** Decimal string, what the account's past orders came to. */
  past_orders_sum?: string;
  last_login_ip?: string;
  registration_ip?: string;
}

/**
 * A way to pay that the companion offers, and for which orders. `card` is the card (the hosted
 * checkout, or card fields); any other name is an APM's `payment_method`, as the service names it.
 */
export interface PaymentMethodConfig {
  method: string;
  /** Offered only for orders in these currencies (ISO 4217); default: any. */
  currencies?: string[];
  /** Offered only to shoppers in these countries (ISO 3166 alpha-2); default: any. */
  countries?: string[];
  /**
   * The payer's document the method needs (the widget asks for it, the companion checks it and
   * sends `person`): `CPF`. Without this entry's say, PIX needs a CPF and others nothing.
   */
  payerDocument?: 'CPF' | 'none';
  /** An app-based method (PIX, a wallet): ranked first on a phone where it applies. */
  mobileFirst?: boolean;
}

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
  logger?: Logger;
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

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3200),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: unlessEmpty(z.url()),
  GATEWAY_BASE_URL: z.url(),
  MERCHANT_ID: z.string().min(1),
  ACCOUNT_ID: z.string().min(1),
  SECRET_KEY: z.string().min(8, 'at least 8 characters'),
  PREVIOUS_SECRET_KEYS: unlessEmpty(z.string()),
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DATABASE_URL: unlessEmpty(z.string()),
  DATA_DIR: z.string().default('data'),
  ALLOWED_ORIGINS: z.string().min(1, 'list the storefront origins, comma-separated'),
  OPERATIONS_TOKEN: z
    .string()
    .min(24, 'at least 24 characters')
    // .env.example's placeholder is long enough: refuse it by name.
    .refine(
      (token) => !token.startsWith('change-me'),
      'replace the placeholder with a random token',
    ),
  DIRECT_CARD_PAYMENTS: z.enum(['0', '1']).default('0'),
  ISSUER_HOSTS: unlessEmpty(z.string()),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => trustProxySetting(value) !== undefined, TRUST_PROXY_FORMAT),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  REDIS_URL: unlessEmpty(
    z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// address' }),
  ),
  ORDER_RESOLVER: z
    .string()
    .min(1, "the merchant's resolveOrder: a module path, or an http(s) address of your backend"),
  ORDER_RESOLVER_TOKEN: unlessEmpty(z.string()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
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
    resolveOrder,
    directCardPayments: env.DIRECT_CARD_PAYMENTS === '1',
    ...(env.ISSUER_HOSTS ? { issuerHosts: csv(env.ISSUER_HOSTS) } : {}),
    trustProxy: trustProxySetting(env.TRUST_PROXY) ?? false,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(logger ? { logger } : {}),
  };
}
