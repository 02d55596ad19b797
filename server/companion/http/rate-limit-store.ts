/**
 * Where the rate limits count with `redisUrl`: in Redis, so every instance counts together, and in
 * this instance's memory whenever Redis does not answer (at start, in an outage, or a call left
 * unanswered for `CALL_TIMEOUT_MS`), so the limits keep holding rather than being waived: a
 * checkout without limits invites card testing. One Redis client serves every limit. In an outage
 * no request waits for Redis: the client reconnects in the background (or, connected but silent,
 * is asked PING every second), and the limits count in Redis again as soon as it answers. Each
 * outage is logged once as it starts and once as it ends (the client's own errors, one per
 * reconnection attempt, at debug), and `onShared` hears each change. The start does not wait for
 * Redis: until it answers, the limits count in memory.
 */
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { RedisReply, RedisStore } from 'rate-limit-redis';
import { withoutPassword } from '../config/index.ts';
import { within } from '../observability/index.ts';
import { messageOf } from '../../unknown.ts';

/** Where the limits count now: shared in Redis, or per instance (and why, with Redis). */
export type LimitsCounting = 'shared in Redis' | 'per instance' | 'per instance: Redis unreachable';

/** How long a limit waits for Redis's answer before it counts the request in memory instead. */
export const CALL_TIMEOUT_MS = 500;

const OUTAGE =
  "Redis does not answer: rate limits are counted in this instance's memory until it does";

/** What a store needs of a Redis client. */
interface RedisClient {
  readonly isReady: boolean;
  on(event: 'ready' | 'end', listener: () => void): unknown;
  sendCommand(args: string[]): Promise<unknown>;
  ping(): Promise<unknown>;
}

/** Redis's state as the limits see it: answering, or in an outage (logged once each way). */
interface Link {
  readonly client: RedisClient;
  answering(): boolean;
  down(reason: string): void;
  up(): void;
}

export interface SharedCounting {
  /** A store for the limit named by `prefix`: Redis's while it answers, memory's otherwise. */
  store(prefix: string): Store;
  counting(): LimitsCounting;
  close(): Promise<void>;
}

/**
 * A limit's store: Redis's (made anew each time the client is ready, since its scripts load only
 * then) while Redis answers, else a memory store of its own. A call Redis fails or leaves
 * unanswered counts in memory instead, so no request goes uncounted.
 */
function sharedOrLocal(link: Link, prefix: string, Shared: typeof RedisStore) {
  const local = new MemoryStore();
  let current: RedisStore | undefined;
  let options: Options | undefined;
  const connect = () => {
    if (!options) return;
    const store = new Shared({
      prefix,
      sendCommand: (...args: string[]) => link.client.sendCommand(args) as Promise<RedisReply>,
    });
    store.init(options).then(
      () => void (current = store),
      () => undefined, // the next 'ready' tries again
    );
  };
  link.client.on('ready', connect);
  link.client.on('end', () => void (current = undefined));
  const either = async <T>(call: (store: Store) => Promise<T> | T): Promise<T> => {
    if (!current || !link.answering()) return call(local);
    try {
      return await within(Promise.resolve(call(current)), CALL_TIMEOUT_MS);
    } catch (error) {
      link.down(messageOf(error));
      return call(local);
    }
  };
  const store: Store = {
    prefix,
    init(given: Options) {
      options = given;
      local.init(given);
      if (link.client.isReady) connect();
    },
    get: (key) => either((chosen) => chosen.get?.(key)),
    increment: (key) => either((chosen) => chosen.increment(key)),
    decrement: (key) => either((chosen) => chosen.decrement(key)),
    resetKey: (key) => either((chosen) => chosen.resetKey(key)),
    shutdown: () => local.shutdown(),
  };
  return { store, shared: () => current !== undefined && link.answering() };
}

/** Counting in Redis at `url`, in memory meanwhile; `onShared` hears whether it is shared. */
export async function sharedCounting(
  url: string,
  log: Logger,
  onShared: (shared: boolean) => void,
): Promise<SharedCounting> {
  // Loaded only when used: the Redis client alone was a fifth of the companion's start (174 ms).
  const [{ createClient }, { RedisStore: Shared }] = await Promise.all([
    import('redis'),
    import('rate-limit-redis'),
  ]);
  // Commands fail at once while Redis is away (no offline queue): a request is never held.
  const client = createClient({ url, disableOfflineQueue: true });
  const where = withoutPassword(url);
  // In an outage from the start: nothing is shared until Redis first answers.
  let outage = true;
  let said = false;
  // Connected but silent (no 'ready' will come): asked PING every second until it answers.
  let asking: NodeJS.Timeout | undefined;
  const ask = () => {
    if (!client.isReady) return; // disconnected: its 'ready' will say when it is back
    within(client.ping(), CALL_TIMEOUT_MS).then(
      () => link.up(),
      () => undefined,
    );
  };
  const link: Link = {
    client,
    answering: () => !outage && client.isReady,
    down(reason) {
      asking ??= setInterval(ask, 1_000).unref();
      if (outage && said) return;
      [outage, said] = [true, true];
      onShared(false);
      log.warn({ redis: where, reason }, OUTAGE);
    },
    up() {
      clearInterval(asking);
      asking = undefined;
      if (!outage) return;
      if (said) log.info({ redis: where }, 'Redis answers again: rate limits are shared again');
      [outage, said] = [false, false];
      onShared(true);
    },
  };
  onShared(false);
  client.on('error', (error: Error) => {
    log.debug({ err: error }, 'rate-limit Redis error');
    link.down(messageOf(error));
  });
  client.on('ready', () => link.up());
  // Not awaited: the start goes on, counting in memory until Redis answers.
  client.connect().catch(() => undefined); // its errors are the 'error' events above
  const limits: ReturnType<typeof sharedOrLocal>[] = [];
  return {
    store: (prefix) => {
      const limit = sharedOrLocal(link, prefix, Shared);
      limits.push(limit);
      return limit.store;
    },
    // Shared once every limit's Redis store is ready (its scripts loaded), not merely connected.
    counting: () =>
      limits.every((limit) => limit.shared())
        ? 'shared in Redis'
        : 'per instance: Redis unreachable',
    close: async () => {
      clearInterval(asking);
      for (const { store } of limits) await store.shutdown?.();
      if (client.isOpen) await client.close();
    },
  };
}
