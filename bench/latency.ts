/**
 * The network between the shopper and the servers, for the bench's latency figures: production's
 * service answers from far away, the companion from nearer. The service's latency is the
 * sandbox's own setting (`latencyMs`: every answer waits it out); the companion's is a small
 * delaying proxy in front of it, here, since a companion has no such setting (and should not).
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** The latencies of the latency figures: round trips, in ms. */
export interface Latency {
  /** Shopper ↔ companion (`BENCH_COMPANION_LATENCY_MS`, 30 unless set). */
  companionMs: number;
  /** Shopper and companion ↔ the service (`BENCH_SERVICE_LATENCY_MS`, 120 unless set). */
  serviceMs: number;
}

const SETTINGS = {
  companionMs: ['BENCH_COMPANION_LATENCY_MS', 30],
  serviceMs: ['BENCH_SERVICE_LATENCY_MS', 120],
} as const;

/** The longest latency taken, as the sandbox takes (its `MAX_LATENCY_MS`). */
const MAX_MS = 10_000;

/**
 * The latencies from the environment; a value that is not a whole number of ms from 0 to 10,000
 * stops the bench before anything starts, naming the variable.
 */
export function latencyFromEnv(env: NodeJS.ProcessEnv): Latency {
  const read = ([name, fallback]: readonly [string, number]): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const ms = Number(text);
    if (!/^\d+$/.test(text.trim()) || ms > MAX_MS)
      throw new Error(`${name} must be a whole number of ms from 0 to ${MAX_MS}, not "${text}"`);
    return ms;
  };
  return { companionMs: read(SETTINGS.companionMs), serviceMs: read(SETTINGS.serviceMs) };
}

/** A proxy listening, its target set once the server behind it listens too. */
export interface DelayingProxy {
  url: string;
  /** Where it forwards to (`http://127.0.0.1:port`). */
  target(url: string): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 that holds every chunk, each way, for half of `roundTripMs`: a link
 * that far away, without a bandwidth limit. Chunks leave in the order they came (timers of one
 * duration fire in the order they were set). With `handshake`, nothing the browser sends passes
 * until a round trip after it connected: TCP's handshake, which its connect to this local proxy
 * does not pay. A connection opened beforehand has paid it by the time it is used; one opened
 * for a request pays it then.
 */
export async function startDelayingProxy(
  roundTripMs: number,
  { handshake = false } = {},
): Promise<DelayingProxy> {
  const oneWay = roundTripMs / 2;
  let port = 0;
  const sockets = new Set<Socket>();
  // `openAt`: when the link lets data through (the handshake's round trip after the connect).
  const pipe = (from: Socket, to: Socket, openAt = 0) => {
    from.on('data', (chunk) => {
      const wait = Math.max(0, openAt - performance.now()) + oneWay;
      setTimeout(() => to.write(chunk), wait);
    });
    from.on('end', () => setTimeout(() => to.end(), oneWay));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    pipe(client, upstream, handshake ? performance.now() + roundTripMs : 0);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: (url) => void (port = Number(new URL(url).port)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
