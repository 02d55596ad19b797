/**
 * Per-client limits on the companion's public doors, answered 429 with RateLimit headers: payment
 * starts, status polls (counted apart, so a shopper waiting for a result never uses up the
 * starts), guesses at one-time page addresses, and failed operations-API authentication. In one
 * process the counters live in memory; with `redisUrl` they live in Redis, so every instance of
 * the companion counts together, and in memory while Redis does not answer (rate-limit-store.ts).
 * The client is the socket's address unless `trust proxy` says a
 * proxy in front sets X-Forwarded-For, so a spoofed header cannot reset a limit.
 */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
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
  /** `counted`: which answers use up the limit (all, by default). */
  const limiter = (name: string, perMinute: number, counted?: readonly number[]) =>
    rateLimit({
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
      // A store that fails anyway must not stop payments: that request goes uncounted (and logged).
      passOnStoreError: true,
      // Its errors as the companion's JSON lines, not plain text on the console.
      logger: {
        error: (error: unknown, message?: string) =>
          log.warn({ err: error, limit: name }, message ?? 'rate limit error'),
        warn: (error: unknown, message?: string) =>
          log.warn({ err: error, limit: name }, message ?? 'rate limit warning'),
      },
      // Without Redis, express-rate-limit's own memory store, one per limit.
      ...(shared ? { store: shared.store(`acquiring-checkout:rl:${name}:`) } : {}),
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
  return {
    starts: limiter('starts', limits.startsPerMinute),
    polls: limiter('polls', limits.pollsPerMinute),
    pageGuesses: limiter('pages', limits.pageGuessesPerMinute, [400, 404, 410]),
    authFailures: limiter('auth', limits.authFailuresPerMinute, [401]),
    counting: () => shared?.counting() ?? 'per instance',
    close: async () => shared?.close(),
  };
}
