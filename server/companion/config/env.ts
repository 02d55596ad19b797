/**
 * The bin's configuration from the environment: each variable read and checked (a missing or
 * malformed one stops the start with a message naming it), then turned into the options
 * `createCompanion` takes (options.ts).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Logger } from 'pino';
import { httpAddress } from '../../address.ts';
import { wholeNumber } from '../../env-values.ts';
import { parsedJson } from '../../unknown.ts';
import { namedKeys, namedTokens, operationsToken } from './access.ts';
import { databaseLocation, gatewayAddress, publicAddress, required } from './addresses.ts';
import {
  accountId,
  auditRetentionDays,
  merchantId,
  originProblem,
  rateLimitPrefix,
  secretKey,
} from './checks.ts';
import type { CompanionConfig } from './options.ts';
import { MethodsSetting, Plans } from './settings.ts';

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

/** `ORDER_RESOLVER`: an http(s) address must be one (with `{order_ref}`, where it goes, read as text). */
function resolverProblem(value: string): string | undefined {
  if (!/^https?:/i.test(value)) return undefined;
  try {
    if (new URL(value.replaceAll('{order_ref}', 'x')).hostname) return undefined;
  } catch {
    // Not an address: said below.
  }
  return `"${value}" is not an address: write https://your-backend.example/orders/{order_ref} (or a module path)`;
}

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

const ORDER_RESOLVER_IS =
  "the merchant's resolveOrder: a module path, or an http(s) address of your backend";

const Env = z.object({
  PORT: wholeNumber(0, 65535, 3200, 'a port'),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: unlessEmpty(publicAddress),
  GATEWAY_BASE_URL: gatewayAddress,
  MERCHANT_ID: merchantId,
  ACCOUNT_ID: accountId,
  SECRET_KEY: secretKey,
  PREVIOUS_SECRET_KEYS: unlessEmpty(
    z.string().superRefine((text, context) => {
      // Each as the key itself: a key kept to verify with is a key.
      for (const key of csv(text)) {
        const found = secretKey.safeParse(key);
        if (!found.success)
          context.addIssue({ code: 'custom', message: found.error.issues[0]?.message ?? '' });
      }
    }),
  ),
  GATEWAY_TIMEOUT_MS: wholeNumber(100, 600_000, 30_000, 'milliseconds, a whole number'),
  DATABASE_URL: unlessEmpty(databaseLocation),
  DATA_DIR: z.string().default('data'),
  ALLOWED_ORIGINS: z
    .string(required('the storefront origins, comma-separated, like https://shop.example'))
    .min(1, 'list the storefront origins, comma-separated')
    .superRefine((text, context) => {
      for (const origin of csv(text)) {
        const problem = originProblem(origin);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }
    }),
  OPERATIONS_TOKEN: operationsToken,
  OPERATIONS_TOKENS: unlessEmpty(namedTokens),
  OPERATIONS_TOKEN_KEYS: unlessEmpty(namedKeys),
  METRICS_TOKEN: unlessEmpty(operationsToken),
  DIRECT_CARD_PAYMENTS: z.enum(['0', '1']).default('0'),
  ISSUER_HOSTS: unlessEmpty(z.string()),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => trustProxySetting(value) !== undefined, TRUST_PROXY_FORMAT),
  RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 60),
  AUDIT_RETENTION_DAYS: unlessEmpty(
    z.coerce
      .number({ error: 'a whole number of days (0: kept for good)' })
      .pipe(auditRetentionDays),
  ),
  REDIS_URL: unlessEmpty(
    // With a host: `rediss:/host` parses as a URL with none, and Redis's client refuses it later.
    z.url({
      protocol: /^rediss?$/,
      hostname: /./,
      error: 'a redis:// or rediss:// address, like redis://127.0.0.1:6379',
    }),
  ),
  RATE_LIMIT_PREFIX: unlessEmpty(rateLimitPrefix),
  ORDER_RESOLVER: z
    .string(required(ORDER_RESOLVER_IS))
    .min(1, ORDER_RESOLVER_IS)
    .superRefine((value, context) => {
      const problem = resolverProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
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
    ...(env.OPERATIONS_TOKEN_KEYS ? { operationsTokenKeys: env.OPERATIONS_TOKEN_KEYS } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    resolveOrder,
    directCardPayments: env.DIRECT_CARD_PAYMENTS === '1',
    ...(env.ISSUER_HOSTS ? { issuerHosts: csv(env.ISSUER_HOSTS) } : {}),
    trustProxy: trustProxySetting(env.TRUST_PROXY) ?? false,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(env.RATE_LIMIT_PREFIX ? { rateLimitPrefix: env.RATE_LIMIT_PREFIX } : {}),
    ...(env.AUDIT_RETENTION_DAYS !== undefined
      ? { auditRetentionDays: env.AUDIT_RETENTION_DAYS }
      : {}),
    ...(env.PAYMENT_METHODS ? { paymentMethods: env.PAYMENT_METHODS } : {}),
    ...(env.METHOD_ORDER ? { methodOrder: csv(env.METHOD_ORDER) } : {}),
    ...(env.INSTALLMENTS ? { installments: env.INSTALLMENTS } : {}),
    ...(logger ? { logger } : {}),
  };
}
