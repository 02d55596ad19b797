/** The sandbox's configuration: built in code by tests, or read from the environment by main.ts. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { httpAddress } from '../address.ts';
import { optionalWholeNumber, wholeNumber } from '../env-values.ts';

/** A merchant the sandbox knows: its ids and signing key. */
export interface SandboxMerchant {
  merchant_id: string;
  account_id: string;
  secret_key: string;
}

/** Everything the sandbox is configured by; `sandboxConfig` fills in the defaults. */
export interface SandboxConfig {
  /**
   * The address shoppers' browsers reach the sandbox at (hosted page, issuer page): its origin,
   * or the path of a bigger app it is mounted under (`https://demo.example/sandbox`).
   */
  publicUrl: string;
  merchants: SandboxMerchant[];
  /** SQLite file; `:memory:` in tests. */
  database: string;
  /** Addresses allowed to query (rule 4 of the interface). Loopback by default. */
  queryIps: string[];
  /** Delays of notification retries, in ms; one more attempt than delays, then it gives up. */
  notificationRetryMs: number[];
  /** How often due notifications, payouts and subscription charges are looked for. */
  tickMs: number;
  /** How long after it is created a payout completes or fails. */
  payoutSettleMs: number;
  /** The delay of the "slow answer" test amount. */
  slowAnswerMs: number;
  /** Origins allowed to frame the hosted payment page (`*` for any). */
  frameAncestors: string[];
  /** The /admin routes (faults, clock): never on unless asked for. */
  admin: boolean;
  /** Largest request body, in bytes. */
  bodyLimit: number;
  /** A public demo's: orders and what belongs to them are deleted this long after. Unset: kept. */
  retentionMs?: number;
  /**
   * Every response waits this long before it is handled (0: none): a service far away, for
   * measuring what a shopper waits for with the network's latency in it (the bench's latency
   * figures). A whole number of ms, at most `MAX_LATENCY_MS`.
   */
  latencyMs?: number;
}

/** The longest `latencyMs` taken: more is a slip (seconds given as ms), refused at start. */
export const MAX_LATENCY_MS = 10_000;

/** The merchant a sandbox knows unless told otherwise (`sandbox-merchant`, its key public). */
export const DEFAULT_MERCHANT: SandboxMerchant = {
  merchant_id: 'sandbox-merchant',
  account_id: 'sandbox-account',
  secret_key: 'sandbox-secret-key',
};

/** A `SandboxConfig` from the fields given, the rest at their defaults. */
export function sandboxConfig(
  overrides: Partial<SandboxConfig> & { publicUrl: string },
): SandboxConfig {
  return {
    merchants: [DEFAULT_MERCHANT],
    database: ':memory:',
    queryIps: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    notificationRetryMs: [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000],
    tickMs: 200,
    payoutSettleMs: 2_000,
    slowAnswerMs: 5_000,
    frameAncestors: ['*'],
    admin: false,
    bodyLimit: 100_000,
    latencyMs: 0,
    ...overrides,
  };
}

/**
 * Refuses a `latencyMs` that is not a whole number of ms from 0 to `MAX_LATENCY_MS`, naming the
 * field: a bad value would otherwise make every answer wait for ever, or not at all.
 */
export function checkLatency(latencyMs: unknown): void {
  const ms = Number(latencyMs);
  if (!Number.isInteger(latencyMs) || ms < 0 || ms > MAX_LATENCY_MS)
    throw new Error(
      `invalid sandbox configuration: latencyMs must be a whole number of ms from 0 to ${MAX_LATENCY_MS}, not ${String(latencyMs)}`,
    );
}

/**
 * The path every address the sandbox hands a browser starts with: `''` at the root of its own
 * origin, `/sandbox` when publicUrl is `https://demo.example/sandbox`.
 */
export function basePath(publicUrl: string): string {
  return new URL(publicUrl).pathname.replace(/\/+$/, '');
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A frame-ancestors source: `*`, `'self'`, a scheme (`https:`) or an origin, `*.` host allowed. */
const FRAME_SOURCE = /^(\*|'self'|'none'|https?:|https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?)$/i;

/** A comma-separated list each of whose entries `ok` takes; `what` says what each must be. */
const listOf = (ok: (entry: string) => boolean, what: string) =>
  z.string().superRefine((text, context) => {
    for (const entry of list(text))
      if (!ok(entry)) context.addIssue({ code: 'custom', message: `"${entry}" is not ${what}` });
  });

const Env = z.object({
  SANDBOX_PORT: wholeNumber(0, 65535, 3100, 'a port'),
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      hostname: /./,
      error: 'an http(s) address, like https://sandbox.example',
    })
    .optional(),
  SANDBOX_MERCHANT_ID: z.string().min(1).default(DEFAULT_MERCHANT.merchant_id),
  SANDBOX_ACCOUNT_ID: z.string().min(1).default(DEFAULT_MERCHANT.account_id),
  SANDBOX_SECRET_KEY: z.string().min(8).default(DEFAULT_MERCHANT.secret_key),
  SANDBOX_DATABASE: z.string().default('data/sandbox.sqlite'),
  SANDBOX_QUERY_IPS: listOf((entry) => isIP(entry) !== 0, 'an IP address').optional(),
  SANDBOX_ADMIN: z.enum(['0', '1']).default('0'),
  /**
   * Who may frame the payment pages: origins, comma-separated; `*` (anyone) by default. Each
   * checked, as it goes into the pages' CSP header as it is (a `;` would add a directive).
   */
  SANDBOX_FRAME_ANCESTORS: listOf(
    (entry) => FRAME_SOURCE.test(entry),
    "a frame-ancestors source: *, 'self', https: or an origin like https://shop.example",
  ).default('*'),
  /** Payments older than this are deleted (a public demo); unset, everything is kept. */
  SANDBOX_RETENTION_HOURS: optionalWholeNumber(1, 24 * 365, 'a whole number of hours'),
  /** Every response waits this many ms (a service far away, for the bench); 0 by default. */
  SANDBOX_LATENCY_MS: wholeNumber(0, MAX_LATENCY_MS, 0, 'milliseconds, a whole number'),
});

/** Reads the environment; a malformed variable stops the start with a message naming it. */
export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv): {
  config: SandboxConfig;
  port: number;
  host: string;
} {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('\n  ');
    throw new Error(`invalid sandbox configuration:\n  ${problems}`);
  }
  const e = parsed.data;
  const config = sandboxConfig({
    publicUrl: e.SANDBOX_PUBLIC_URL ?? httpAddress(e.SANDBOX_HOST, e.SANDBOX_PORT),
    merchants: [
      {
        merchant_id: e.SANDBOX_MERCHANT_ID,
        account_id: e.SANDBOX_ACCOUNT_ID,
        secret_key: e.SANDBOX_SECRET_KEY,
      },
    ],
    database: e.SANDBOX_DATABASE,
    admin: e.SANDBOX_ADMIN === '1',
    frameAncestors: list(e.SANDBOX_FRAME_ANCESTORS),
    latencyMs: e.SANDBOX_LATENCY_MS,
    ...(e.SANDBOX_QUERY_IPS ? { queryIps: list(e.SANDBOX_QUERY_IPS) } : {}),
    ...(e.SANDBOX_RETENTION_HOURS ? { retentionMs: e.SANDBOX_RETENTION_HOURS * 3_600_000 } : {}),
  });
  return { config, port: e.SANDBOX_PORT, host: e.SANDBOX_HOST };
}
