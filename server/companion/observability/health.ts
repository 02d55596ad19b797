/**
 * The companion's health, for a load balancer or an orchestrator: `GET /healthz` says the process
 * lives; `GET /readyz` says whether to send it requests: its database answers a query within a
 * second, no request has shown it served where `publicUrl` does not say (http/mount-check.ts),
 * and it is not draining (it stops on SIGTERM, or the merchant called `companion.drain()`). With
 * `redisUrl`, Redis is asked PING within a second too, but a Redis that does not answer leaves
 * the instance ready, reported as degraded: payments go on, each instance counting its rate
 * limits in its own memory, since one shared Redis must not take every instance out of the load
 * balancer at once. Neither route is rate limited.
 */
import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../store/index.ts';
import { messageOf } from '../../unknown.ts';

/** How long each readiness check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 1_000;

/** What the readiness checks found: `ok`, `not used` (Redis without `redisUrl`), or why not. */
export interface ReadinessChecks {
  database: string;
  redis: string;
}

export interface Health {
  /** `GET /healthz` and `GET /readyz`. */
  router: Router;
  /**
   * The readiness checks now, each within `CHECK_TIMEOUT_MS`: `database` (a query of the
   * caller's; `select 1` for `/readyz`) and Redis's PING. Never throws.
   */
  check(database?: () => Promise<unknown>): Promise<ReadinessChecks>;
  /** `listener` hears the answer of every round of checks. */
  onChecked(listener: (checks: ReadinessChecks) => void): void;
  /** From now on `/readyz` answers 503: the instance is stopping. */
  drain(): void;
  readonly draining: boolean;
  close(): Promise<void>;
}

/** `call` settled within `ms`, or a rejection saying it did not. */
export async function within<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A Redis client of its own, that reconnects in the background and never queues a PING. Nothing
 * waits for it to connect: until it does, PING fails at once.
 */
async function redisProbe(url: string, log: Logger) {
  let lastError: Error | undefined;
  const { createClient } = await import('redis'); // only with a Redis to probe: see rate-limits.ts
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CHECK_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, CHECK_TIMEOUT_MS),
    },
  });
  // Without a listener an unreachable Redis would crash the process.
  client.on('error', (error: Error) => {
    lastError = error;
    log.debug({ err: error }, 'readiness Redis error');
  });
  client.on('ready', () => (lastError = undefined));
  // Rejects only when closed while still connecting; its errors are the 'error' events above.
  client.connect().catch(() => undefined);
  return {
    ping: async () => {
      try {
        await client.ping();
      } catch (error) {
        // "The client is offline" says less than why it is.
        throw client.isReady ? error : (lastError ?? error);
      }
    },
    close: () => client.destroy(),
  };
}

export async function createHealth(
  options: {
    db: Kysely<Database>;
    redisUrl?: string | undefined;
    /** What the start learnt of the merchant's key (shown, never a reason to be unready). */
    gateway?: () => string;
    /** Where the rate limits count now (shown, never a reason to be unready). */
    rateLimits?: () => string;
    /** What is wrong with where requests reach the companion, once seen (http/mount-check.ts). */
    mount?: () => string | undefined;
  },
  log: Logger,
): Promise<Health> {
  const redis = options.redisUrl ? await redisProbe(options.redisUrl, log) : undefined;
  let draining = false;

  const check = async (probe: () => Promise<unknown>) => {
    try {
      await within(probe(), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch (error) {
      return `unreachable: ${messageOf(error)}`;
    }
  };

  const listeners: ((checks: ReadinessChecks) => void)[] = [];
  const checkAll = async (database = () => sql`select 1`.execute(options.db)) => {
    const [db, cache] = await Promise.all([
      check(database),
      redis ? check(redis.ping) : 'not used',
    ]);
    const checks = { database: db, redis: cache };
    for (const listener of listeners) listener(checks);
    return checks;
  };

  const router = express.Router();
  router.get('/healthz', (_request, response) => void response.json({ ok: true }));
  router.get('/readyz', async (_request, response) => {
    response.set('Cache-Control', 'no-store');
    if (draining) return void response.status(503).json({ ready: false, draining: true });
    const { database, redis: cache } = await checkAll();
    const mount = options.mount?.();
    const ready = database === 'ok' && mount === undefined;
    // The mount's mismatch was logged once, at error, when it was seen.
    if (database !== 'ok') log.warn({ database, redis: cache }, 'not ready');
    // Redis's outage is logged once by the rate limits (http/rate-limit-store.ts), not per probe.
    const degraded = cache === 'ok' || cache === 'not used' ? [] : ['redis'];
    const checks = {
      database,
      redis: cache,
      rate_limits: options.rateLimits?.() ?? 'per instance',
      gateway: options.gateway?.() ?? 'not checked',
      ...(mount ? { mount } : {}),
    };
    response
      .status(ready ? 200 : 503)
      .json({ ready, ...(degraded.length ? { degraded } : {}), checks });
  });

  return {
    router,
    check: checkAll,
    onChecked: (listener) => void listeners.push(listener),
    drain: () => void (draining = true),
    get draining() {
      return draining;
    },
    close: async () => redis?.close(),
  };
}
