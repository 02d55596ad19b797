/**
 * Server figures: the companion's throughput creating checkout sessions, as ratios to a bare
 * Express 5 handler in the same run: against the sandbox (the full path), and against a stand-in
 * service that answers at once (the companion's own cost), beside the ceiling of the latter (an
 * Express handler that only relays the body to the same stand-in); the sandbox's authorise
 * throughput; and how long a notification takes to arrive. Load goes to 127.0.0.1 only, bounded
 * in time.
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signed } from 'acquiring-checkout-server/gateway';
import { DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';
import {
  BENCH_ORIGIN,
  pinLoadGenerator,
  startServer,
  unpinLoadGenerator,
  type Child,
} from './processes.ts';
import { percentile, summarise, type Summary } from './stats.ts';

const ROUNDS = 3;
const SECONDS = 3;
/**
 * Load on every server before the measured rounds, not counted. A companion fresh from its start
 * spent 3.1 ms of CPU a session in its first 3 s, 2.3 in the next and about 1.5 from the third on
 * (V8 compiling its hot code): without it, the first round of each was measured cold, and the
 * rounds' median swung 1.7–4.5 ms in one run.
 */
const WARM_UP_SECONDS = 6;
const CONNECTIONS = 10;

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  /** Requests answered in the run. */
  total: number;
}

async function load(
  url: string,
  body: () => string,
  headers: Record<string, string> = {},
  seconds = SECONDS,
): Promise<Load> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...headers },
    requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    total: result.requests.total,
  };
}

let counter = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++counter}`;

function authoriseBody(): string {
  const { merchant_id, account_id, secret_key } = DEFAULT_MERCHANT;
  const fields = {
    merchant_id,
    account_id,
    order_no: `bench-${unique()}`,
    currency: 'USD',
    amount: '12.00',
    card: '4111111111111111',
    expiration_month: '12',
    expiration_year: '2030',
    security_code: '123',
  };
  return JSON.stringify(signed(fields, secret_key));
}

function sessionBody(): string {
  return JSON.stringify({
    order_ref: `mug.${unique()}`,
    attempt_key: `bench-${unique()}`,
    client_secret: `bench-client-secret-${unique()}`.padEnd(32, '0'),
    device: { time_zone: 'UTC', resolution: '1280x720' },
  });
}

export interface ServerFigures {
  companion_rps_ratio: Summary;
  companion_own_rps_ratio: Summary;
  relay_rps_ratio: Summary;
  /** The companion's own sessions per second ÷ the relay's, same round (issue 23's budget). */
  companion_own_relay_ratio: Summary;
  /** Sessions per second against the sandbox ÷ the relay's, same round. */
  companion_full_relay_ratio: Summary;
  /** Sessions per second with a tracer provider registered ÷ without, against `instant`. */
  companion_traced_rps_ratio: Summary;
  companion_rps: Summary;
  companion_own_rps: Summary;
  bare_express_rps: Summary;
  /**
   * CPU per request, in ms of the server process's user + system time over a round of load
   * (/proc): a checkout session against `instant` (the companion's own cost), the relay's, a bare
   * handler's. Unlike requests per second it hardly moves with what else the machine runs.
   */
  companion_session_cpu_ms: Summary;
  relay_request_cpu_ms: Summary;
  bare_request_cpu_ms: Summary;
  companion_p99_ms: Summary;
  sandbox_authorise_rps: Summary;
  notification_delivery_p99_ms: Summary;
  failed_requests: number;
}

export async function serverFigures(): Promise<ServerFigures> {
  const measured = { pin: 'measured' } as const;
  const withLoad = { pin: 'load' } as const;
  pinLoadGenerator();
  const bare = await startServer(['bare'], measured);
  const sandbox = await startServer(['sandbox'], withLoad);
  const instant = await startServer(['instant'], withLoad);
  const companion = await startServer(['companion', sandbox.url], measured);
  const alone = await startServer(['companion', instant.url], measured);
  const relay = await startServer(['relay', instant.url], measured);
  const traced = await startServer(['companion-traced', instant.url], measured);
  try {
    const samples = {
      ratio: [] as number[], ownRatio: [] as number[], relayRatio: [] as number[],
      rps: [] as number[], ownRps: [] as number[], bare: [] as number[], p99: [] as number[],
      sandbox: [] as number[], traced: [] as number[], ownRelay: [] as number[], fullRelay: [] as number[],
      ownCpu: [] as number[], relayCpu: [] as number[], bareCpu: [] as number[],
    }; // prettier-ignore
    /** `run`'s load, and the CPU ms per answered request `server` spent on it. */
    const measured = async (server: Child, run: () => Promise<Load>) => {
      const before = server.cpuMs();
      const result = await run();
      return { ...result, cpuMs: (server.cpuMs() - before) / Math.max(1, result.total) };
    };
    let failed = 0;
    const sessions = (url: string, seconds = SECONDS) =>
      load(`${url}/api/checkout-sessions`, sessionBody, { origin: BENCH_ORIGIN }, seconds);
    await load(bare.url, () => '{"ok":true}', {}, WARM_UP_SECONDS);
    for (const server of [companion, alone, traced]) await sessions(server.url, WARM_UP_SECONDS);
    await load(relay.url, sessionBody, {}, WARM_UP_SECONDS);
    await load(`${sandbox.url}/v1/authorise`, authoriseBody, {}, WARM_UP_SECONDS);
    // Interleaved rounds, so a slow moment of the machine falls on both sides of the ratios.
    for (let round = 0; round < ROUNDS; round++) {
      const plain = await measured(bare, () => load(bare.url, () => '{"ok":true}'));
      const full = await sessions(companion.url);
      const own = await measured(alone, () => sessions(alone.url));
      const relayed = await measured(relay, () => load(relay.url, sessionBody));
      const tracedOwn = await sessions(traced.url);
      const authorise = await load(`${sandbox.url}/v1/authorise`, authoriseBody);
      samples.bare.push(plain.rps);
      samples.rps.push(full.rps);
      samples.ownRps.push(own.rps);
      samples.ratio.push(full.rps / plain.rps);
      samples.ownRatio.push(own.rps / plain.rps);
      samples.relayRatio.push(relayed.rps / plain.rps);
      samples.traced.push(tracedOwn.rps / own.rps);
      samples.ownRelay.push(own.rps / relayed.rps);
      samples.fullRelay.push(full.rps / relayed.rps);
      samples.p99.push(full.p99);
      samples.ownCpu.push(own.cpuMs);
      samples.relayCpu.push(relayed.cpuMs);
      samples.bareCpu.push(plain.cpuMs);
      samples.sandbox.push(authorise.rps);
      failed += plain.non2xx + full.non2xx + own.non2xx + relayed.non2xx + authorise.non2xx;
      failed += tracedOwn.non2xx;
    }
    return {
      companion_rps_ratio: summarise(samples.ratio, 3),
      companion_own_rps_ratio: summarise(samples.ownRatio, 3),
      relay_rps_ratio: summarise(samples.relayRatio, 3),
      companion_traced_rps_ratio: summarise(samples.traced, 3),
      companion_own_relay_ratio: summarise(samples.ownRelay, 3),
      companion_full_relay_ratio: summarise(samples.fullRelay, 3),
      companion_rps: summarise(samples.rps, 0),
      companion_own_rps: summarise(samples.ownRps, 0),
      bare_express_rps: summarise(samples.bare, 0),
      companion_session_cpu_ms: summarise(samples.ownCpu, 3),
      relay_request_cpu_ms: summarise(samples.relayCpu, 3),
      bare_request_cpu_ms: summarise(samples.bareCpu, 3),
      companion_p99_ms: summarise(samples.p99),
      sandbox_authorise_rps: summarise(samples.sandbox, 0),
      notification_delivery_p99_ms: await notificationDelivery(sandbox.url),
      failed_requests: failed,
    };
  } finally {
    await Promise.all(
      [traced, relay, alone, companion, instant, sandbox, bare].map((server) => server.stop()),
    );
    unpinLoadGenerator();
  }
}

/** From a payment request leaving to its notification arriving at a receiver: 200 payments a round. */
async function notificationDelivery(sandboxUrl: string): Promise<Summary> {
  const sent = new Map<string, number>();
  const delays: number[] = [];
  let arrived: () => void = () => undefined;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { order_no } = JSON.parse(Buffer.concat(chunks).toString()) as { order_no: string };
      const start = sent.get(order_no);
      if (start !== undefined) delays.push(performance.now() - start);
      response.end('ok');
      arrived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  const p99s: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      delays.length = 0;
      for (let i = 0; i < 200; i++) {
        const { encryption_data: _old, ...fields } = JSON.parse(authoriseBody()) as Record<
          string,
          string
        >;
        const withNotify = signed(
          { ...fields, notify_url: notifyUrl },
          DEFAULT_MERCHANT.secret_key,
        );
        const done = new Promise<void>((resolve) => (arrived = resolve));
        sent.set(String(fields.order_no), performance.now());
        await fetch(`${sandboxUrl}/v1/authorise`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(withNotify),
        });
        await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      }
      p99s.push(percentile(delays, 99));
    }
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
  return summarise(p99s);
}
