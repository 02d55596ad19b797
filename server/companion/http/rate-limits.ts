/**
 * Per-client limits on the companion's public doors, answered 429 with RateLimit headers: payment
 * starts, status polls (counted apart, so a shopper waiting for a result never uses up the
 * starts), guesses at one-time page addresses, and failed operations-API authentication (those two
 * count failures only). In one process the counters live in memory; with `redisUrl` they live in
 * Redis under `rateLimitPrefix`, so every instance of one deployment counts together and another
 * deployment on the same Redis apart, and in each instance's memory while Redis does not answer
 * (rate-limit-store.ts). The client is the socket's address unless `trust proxy` says a proxy in
 * front sets X-Forwarded-For, so a spoofed header cannot reset a limit.
 */
import type { RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { CompanionConfig } from '../config/index.ts';
import { refusal, sendProblem } from '../core/index.ts';
import { sharedCounting, type LimitsCounting } from './rate-limit-store.ts';

export interface RateLimits {
  /** Starting a payment (sessions, APM and card payments). */
  starts: RequestHandler;
  /** Reading an order's status. */
  polls: RequestHandler;
  /** Unknown, used or expired one-time page addresses. */
  pageGuesses: RequestHandler;
  /** Operations-API requests refused for their bearer token. */
  authFailures: RequestHandler;
  /** Where they count now: in Redis, or in this instance's memory. */
  counting(): LimitsCounting;
  close(): Promise<void>;
}

/** The limits' defaults, per client and minute (CompanionConfig.rateLimits). */
export const DEFAULT_RATE_LIMITS = {
  startsPerMinute: 60,
  pollsPerMinute: 600,
  pageGuessesPerMinute: 30,
  authFailuresPerMinute: 30,
} as const;

/** What the metrics hear of the limits: a request refused, and whether they count in Redis. */
export interface LimitsHeard {
  refused(limit: string): void;
  shared(shared: boolean): void;
}

const WINDOW_MS = 60_000;

/**
 * Redis's keys of a deployment: `acquiring-checkout:<publicUrl's host and path>:rl:` unless
 * `rateLimitPrefix` says otherwise. The instances of one deployment share their publicUrl.
 */
export function rateLimitPrefix(config: Pick<CompanionConfig, 'publicUrl' | 'rateLimitPrefix'>) {
  if (config.rateLimitPrefix !== undefined) return config.rateLimitPrefix;
  const url = new URL(config.publicUrl);
  return `acquiring-checkout:${url.host}${url.pathname.replace(/\/+$/, '')}:rl:`;
}

/** The client a limit counts: its address, an IPv6 one by its /56 network. */
const clientOf = (request: { ip?: string | undefined }) => ipKeyGenerator(request.ip ?? '', 56);

/**
 * A limit on failures alone: a request reads its client's count (and is refused past the limit
 * like any other), and adds to it only once answered with one of `counted`. Counting every request
 * as it came and taking the successes back as they ended (express-rate-limit's
 * skipSuccessfulRequests) refused the right caller: forty concurrent calls with the right token
 * were forty counted at once, and ten got 429.
 */
function failuresOnly(inner: Store, counted: readonly number[], onError: (error: unknown) => void) {
  if (!inner.get) throw new Error('a failures-only limit needs a store that reads a count');
  const get = inner.get.bind(inner);
  const read = async (key: string) => {
    const info = await get(key);
    return {
      totalHits: (info?.totalHits ?? 0) + 1,
      resetTime: info?.resetTime ?? new Date(Date.now() + WINDOW_MS),
    };
  };
  const store: Store = {
    ...(inner.prefix === undefined ? {} : { prefix: inner.prefix }),
    localKeys: inner.localKeys ?? false,
    init: (options) => inner.init?.(options),
    get,
    // A look at the count as this request would leave it: nothing counted yet.
    increment: read,
    decrement: () => undefined,
    resetKey: (key) => inner.resetKey(key),
  };
  const countFailures: RequestHandler = (request, response, next) => {
    response.once('finish', () => {
      if (!counted.includes(response.statusCode)) return;
      // The Redis store throws at once while Redis is away: caught as the limiter's own errors.
      Promise.resolve()
        .then(() => inner.increment(clientOf(request)))
        .catch(onError);
    });
    next();
  };
  return { store, countFailures };
}

export async function createRateLimits(
  config: CompanionConfig,
  log: Logger,
  heard: LimitsHeard = { refused: () => undefined, shared: () => undefined },
): Promise<RateLimits> {
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    ...(config.rateLimitPerMinute ? { startsPerMinute: config.rateLimitPerMinute } : {}),
    ...config.rateLimits,
  };
  const shared = config.redisUrl
    ? await sharedCounting(config.redisUrl, log, heard.shared)
    : undefined;
  const prefix = rateLimitPrefix(config);
  /** `counted`: the answers that use up the limit, the failures (by default, every request). */
  const limiter = (name: string, perMinute: number, counted?: readonly number[]) => {
    const store = shared?.store(`${prefix}${name}:`);
    const warn = (error: unknown, message?: string) =>
      log.warn({ err: error, limit: name }, message ?? 'rate limit error');
    // Guesses count, not a merchant's own requests or mistakes: only the answers named count.
    const failures = counted && failuresOnly(store ?? new MemoryStore(), counted, warn);
    const limit = rateLimit({
      windowMs: WINDOW_MS,
      limit: perMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: clientOf,
      // A store that fails anyway must not stop payments: that request goes uncounted (and logged).
      passOnStoreError: true,
      // Its errors as the companion's JSON lines, not plain text on the console.
      logger: { error: warn, warn },
      // Without Redis, express-rate-limit's own memory store, one per limit.
      ...(failures ? { store: failures.store } : store ? { store } : {}),
      handler: (_request, response) => {
        heard.refused(name);
        sendProblem(
          response,
          // What is refused is the caller, not a field: named as its address (`ip`).
          refusal(429, 'Too many requests', '(client)', 'slow down and try again in a minute', {
            retryable: true,
          }),
        );
      },
    });
    if (!failures) return limit;
    const { countFailures } = failures;
    const failuresCounted: RequestHandler = (request, response, next) =>
      countFailures(request, response, () => void limit(request, response, next));
    return failuresCounted;
  };
  return {
    starts: limiter('starts', limits.startsPerMinute),
    polls: limiter('polls', limits.pollsPerMinute),
    pageGuesses: limiter('pages', limits.pageGuessesPerMinute, [400, 404, 410]),
    authFailures: limiter('auth', limits.authFailuresPerMinute, [401]),
    counting: () => shared?.counting() ?? 'per instance',
    close: async () => shared?.close(),
  };
}
