/**
 * The demo as one public service: the storefront, the companion (under /companion) and the
 * sandbox (under /sandbox) on one origin, given by PUBLIC_URL. State in PostgreSQL, rate limits
 * in Redis, so several instances behind a load balancer behave as one; each visitor in a space of
 * their own, kept apart by the companion itself (spaces.ts); the sandbox's test controls off; demo
 * data deleted after DEMO_RETENTION_HOURS.
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  answerStarting,
  createCompanion,
  TRUST_PROXY_FORMAT,
  trustProxySetting,
  type Companion,
} from 'acquiring-checkout-server/companion';
import { createSandbox, sandboxConfig, type Sandbox } from 'acquiring-checkout-server/sandbox';
import { resolveOrder } from './catalogue.ts';
import { PAYMENT_OPTIONS } from './payment-options.ts';
import { createDemo } from './server.ts';
import { demoShopper } from './sign-in.ts';
import { visitorIsolation } from './spaces.ts';

const HOUR = 3_600_000;

export const HostedEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({
    protocol: /^https?$/,
    error: 'the address browsers use, like https://demo.example',
  }),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// address'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// address' }),
  DEMO_SECRET: z
    .string()
    .min(32, 'at least 32 random characters (keys and cookies derive from it)'),
  DATA_DIR: z.string().min(1).default('data'),
  DEMO_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  // Off unless said: trusting X-Forwarded-For with no proxy in front lets any client pick its
  // address, and with it its rate limits. Behind one proxy, 1.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => trustProxySetting(value) !== undefined, TRUST_PROXY_FORMAT),
  /**
   * Set when the sandbox runs as a service of its own (compose.yaml: several instances share one
   * sandbox, as they would share the real service): its address as this process reaches it. A
   * proxy then serves its pages at PUBLIC_URL/sandbox, and its merchant key is SANDBOX_SECRET_KEY.
   */
  SANDBOX_URL: z.url({ protocol: /^https?$/, error: 'an http(s):// address' }).optional(),
  SANDBOX_SECRET_KEY: z.string().min(32, 'at least 32 characters').optional(),
  /** The operator's Prometheus reads /companion/metrics with it (and nothing else). */
  METRICS_TOKEN: z.string().min(24, 'at least 24 random characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type HostedEnv = z.infer<typeof HostedEnv>;

/** A sandbox of its own needs the merchant key it was given: neither comes without the other. */
const Together = HostedEnv.refine((env) => !env.SANDBOX_URL === !env.SANDBOX_SECRET_KEY, {
  message: 'set both SANDBOX_URL and SANDBOX_SECRET_KEY, or neither',
  path: ['SANDBOX_SECRET_KEY'],
});

/** Reads the environment; throws with every problem, each naming its variable. */
export function hostedEnv(env: NodeJS.ProcessEnv): HostedEnv {
  const parsed = Together.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`invalid hosted demo configuration:\n  ${problems.join('\n  ')}`);
}

export interface HostedDemo {
  app: Express;
  companion: Companion;
  /** The sandbox this process serves under /sandbox; none with SANDBOX_URL. */
  sandbox: Sandbox | undefined;
  close(): Promise<void>;
}

/**
 * Builds the service. `selfUrl` is how this process reaches itself (the companion calls the
 * sandbox and the console calls the companion there, not through the public address). `serveEarly`
 * is given an app to serve at once when the sandbox is this process's: the companion checks its
 * key at start against that sandbox, through `selfUrl`, before the rest is built (which answers
 * 503 meanwhile).
 */
export async function createHostedDemo(
  env: HostedEnv,
  selfUrl: string,
  logger: Logger,
  serveEarly?: (app: RequestListener) => void,
): Promise<HostedDemo> {
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  const origin = new URL(publicUrl).origin;
  // Every instance derives the same keys from the one secret, so they agree with each other.
  const derive = (purpose: string) =>
    createHmac('sha256', env.DEMO_SECRET).update(purpose).digest('base64url');
  const merchant = {
    merchant_id: 'demo-merchant',
    account_id: 'demo-account',
    secret_key: env.SANDBOX_SECRET_KEY ?? derive('sandbox merchant key'),
  };
  const keep = env.DEMO_RETENTION_HOURS * HOUR;
  // The demo shopper's cookie names the visitor's space: each visitor has saved cards of their own.
  const signIn = { secret: derive('demo shopper'), secure: origin.startsWith('https:') };

  const sandbox = env.SANDBOX_URL
    ? undefined
    : createSandbox(
        sandboxConfig({
          publicUrl: `${publicUrl}/sandbox`,
          merchants: [merchant],
          database: join(env.DATA_DIR, 'sandbox.sqlite'),
          frameAncestors: [origin],
          admin: false,
          retentionMs: keep,
        }),
      );
  if (sandbox && serveEarly) {
    const early = express();
    early.use('/sandbox', sandbox.app);
    early.use(answerStarting);
    serveEarly(early);
  }
  // Nobody holds the companion's own token: each visitor's console acts through a token of their
  // own, scoped to their space, and pays for orders of their space alone (spaces.ts).
  const operationsToken = derive('operations token');
  const isolation = visitorIsolation(derive, {
    secure: origin.startsWith('https:'),
    maxAgeMs: keep,
  });
  const companion = await createCompanion({
    publicUrl: `${publicUrl}/companion`,
    gateway: {
      baseUrl: env.SANDBOX_URL ?? `${selfUrl}/sandbox`,
      merchantId: merchant.merchant_id,
      accountId: merchant.account_id,
      secretKey: merchant.secret_key,
    },
    database: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    allowedOrigins: [origin],
    operationsToken,
    ...isolation.companion,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    resolveOrder,
    ...PAYMENT_OPTIONS,
    resolveShopper: demoShopper(signIn.secret),
    // The sandbox's issuer pages are on the public origin, not the address the companion calls.
    issuerHosts: [new URL(publicUrl).host],
    // Only the sandbox's test cards ever reach it.
    directCardPayments: true,
    retention: { ordersMs: keep },
    // A visitor's audit entries go about when their orders do (whole days: its unit).
    auditRetentionDays: Math.max(1, Math.ceil(env.DEMO_RETENTION_HOURS / 24)),
    logger,
  });
  const demo = await createDemo({
    origins: [origin],
    companionUrl: `${publicUrl}/companion`,
    companionInternalUrl: `${selfUrl}/companion`,
    sandboxUrl: `${publicUrl}/sandbox`,
    spaces: isolation.spaces,
    prebuiltBundles: true,
    signIn,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  // The companion's health and readiness, at the root where a platform looks for them.
  app.get(['/healthz', '/readyz'], (request, response, next) =>
    companion.router(request, response, next),
  );
  if (sandbox) app.use('/sandbox', sandbox.app);
  app.use('/companion', companion.router);
  app.use(demo);
  return {
    app,
    companion,
    sandbox,
    close: async () => {
      await companion.close();
      await sandbox?.close();
    },
  };
}
