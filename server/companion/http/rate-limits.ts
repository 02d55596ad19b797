/**
 * Per-client limits on the companion's public doors, answered 429 with RateLimit headers: payment
 * starts, status polls (counted apart, so a shopper waiting for a result never uses up the
 * starts), guesses at one-time page addresses, and failed operations-API authentication. In one
 * process the counters live in memory; with `redisUrl` they live in Redis, so every instance of
 * the companion counts together. The client is the socket's address unless `trust proxy` says a
 * proxy in front sets X-Forwarded-For, so a spoofed header cannot reset a limit.
 */
import type { RequestHandler } from 'express';
import { rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { RedisReply, RedisStore } from 'rate-limit-redis';
import type { CompanionConfig } from '../config/index.ts';
import { refusal, sendProblem } from '../core/index.ts';

export interface RateLimits {
  /** Starting a payment (sessions, APM and card payments). */
  starts: RequestHandler;
  /** Reading an order's status. */
  polls: RequestHandler;
  /** Unknown, used or expired one-time page addresses. */
  pageGuesses: RequestHandler;
  /** Operations-API requests refused for their bearer token. */
  authFailures: RequestHandler;
  close(): Promise<void>;
}

/** The limits' defaults, per client and minute (CompanionConfig.rateLimits). */
export const DEFAULT_RATE_LIMITS = {
  startsPerMinute: 60,
  pollsPerMinute: 600,
  pageGuessesPerMinute: 30,
  authFailuresPerMinute: 30,
} as const;

/** What a store needs of a Redis client. */
interface RedisClient {
  readonly isReady: boolean;
  on(event: 'ready' | 'end', listener: () => void): unknown;
  sendCommand(args: string[]): Promise<unknown>;
}

/**
 * A Redis store made anew each time the client is (re)connected: its scripts load only then, so
 * a Redis that was away at start, or restarted, is counted on again as soon as it answers. Until
 * then every call throws, and the limiter waives the limit (passOnStoreError).
 */
function whenReady(client: RedisClient, prefix: string, Shared: typeof RedisStore): Store {
  let current: RedisStore | undefined;
  let options: Options | undefined;
  const connect = () => {
    if (!options) return;
    const store = new Shared({
      prefix,
      sendCommand: (...args: string[]) => client.sendCommand(args) as Promise<RedisReply>,
    });
    store.init(options).then(
      () => void (current = store),
      () => undefined, // the next 'ready' tries again
    );
  };
  client.on('ready', connect);
  client.on('end', () => void (current = undefined));
  const ready = (): RedisStore => {
    if (!current || !client.isReady) throw new Error('Redis is not reachable');
    return current;
  };
  return {
    prefix,
    init(given: Options) {
      options = given;
      if (client.isReady) connect();
    },
    get: (key) => ready().get(key),
    increment: (key) => ready().increment(key),
    decrement: (key) => ready().decrement(key),
    resetKey: (key) => ready().resetKey(key),
  };
}

export async function createRateLimits(
  config: CompanionConfig,
  log: Logger,
  refused: (limit: string) => void = () => undefined,
): Promise<RateLimits> {
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    ...(config.rateLimitPerMinute ? { startsPerMinute: config.rateLimitPerMinute } : {}),
    ...config.rateLimits,
  };
  let store: (name: string) => Store | undefined = () => undefined;
  let close = async () => undefined;
  if (config.redisUrl) {
    // Loaded only when used: the Redis client alone was a fifth of the companion's start (174 ms).
    const [{ createClient }, { RedisStore: Shared }] = await Promise.all([
      import('redis'),
      import('rate-limit-redis'),
    ]);
    // Commands fail at once while Redis is away (no offline queue), so a limit is waived rather
    // than a request held; the client keeps reconnecting meanwhile, and /readyz says Redis is down.
    const client = createClient({ url: config.redisUrl, disableOfflineQueue: true });
    client.on('error', (error: unknown) => log.warn({ err: error }, 'rate-limit Redis error'));
    const connecting = client.connect().catch((error: unknown) => {
      log.warn({ err: error }, 'Redis is not reachable yet');
    });
    // Counted from the first request when Redis is there; started anyway, after a moment, when not.
    await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    store = (name) => whenReady(client, `acquiring-checkout:rl:${name}:`, Shared);
    close = async () => void (await client.close());
  }
  /** `counted`: which answers use up the limit (all, by default). */
  const limiter = (name: string, perMinute: number, counted?: readonly number[]) => {
    const shared = store(name);
    return rateLimit({
      windowMs: 60_000,
      limit: perMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // Guesses count, not a merchant's own requests or mistakes: only the answers named count.
      ...(counted
        ? {
            skipSuccessfulRequests: true,
            requestWasSuccessful: (_request, response) => !counted.includes(response.statusCode),
          }
        : {}),
      // A Redis outage must not stop payments: the limit is waived (and logged) meanwhile.
      passOnStoreError: true,
      // Its errors as the companion's JSON lines, not plain text on the console.
      logger: {
        error: (error: unknown, message?: string) =>
          log.warn({ err: error, limit: name }, message ?? 'rate limit error'),
        warn: (error: unknown, message?: string) =>
          log.warn({ err: error, limit: name }, message ?? 'rate limit warning'),
      },
      ...(shared ? { store: shared } : {}),
      handler: (_request, response) => {
        refused(name);
        sendProblem(
          response,
          // What is refused is the caller, not a field: named as its address (`ip`).
          refusal(429, 'Too many requests', '(client)', 'slow down and try again in a minute', {
            retryable: true,
          }),
        );
      },
    });
  };
  return {
    starts: limiter('starts', limits.startsPerMinute),
    polls: limiter('polls', limits.pollsPerMinute),
    pageGuesses: limiter('pages', limits.pageGuessesPerMinute, [400, 404, 410]),
    authFailures: limiter('auth', limits.authFailuresPerMinute, [401]),
    close,
  };
}
