/**
 * A Redis that does not answer, as the rate limits meet it (http/rate-limit-store.ts): the start
 * does not wait for it; the limits keep holding, counted in the instance's own memory, never
 * waived; each outage is logged once as it starts and once as it ends, however often the client
 * tries again; and `acquiring_companion_rate_limits_shared` says whether they count in Redis.
 * The readiness side (ready, degraded) is health.test.ts's; the alert, alerts.test.ts's.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createCompanion, type Companion } from '../../../server/companion/app.ts';
import type { CompanionConfig } from '../../../server/companion/config/index.ts';
import { resolveOrder } from '../../fixtures/catalogue.mjs';
import { freePort } from '../helpers/bins.ts';
import { OPS_TOKEN, SHOP, sessionBody } from '../helpers/companion.ts';
import { samplesOf, scrapeOf } from '../helpers/prometheus.ts';
import { redisProxy, type RedisProxy } from '../helpers/redis-proxy.ts';
import { gatewayAt, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { OPTIONS } from '../helpers/settings.ts';
import { until } from '../helpers/until.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const OUTAGE = "Redis does not answer: rate limits are counted in this instance's memory until it does"; // prettier-ignore
const BACK = 'Redis answers again: rate limits are shared again';

/** A companion on an embedded store, its log lines kept (debug and up). */
async function start(sandbox: RunningSandbox, settings: Partial<CompanionConfig>) {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  const companion: Companion = await createCompanion({
    ...OPTIONS,
    gateway: gatewayAt(sandbox.url),
    resolveOrder,
    logger: pino({ level: 'debug' }, sink),
    ...settings,
  });
  const server: Server = createServer(companion.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    companion,
    logged: (msg: string) => lines.filter((line) => line.msg === msg).length,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await companion.close();
    },
  };
}

/** Starts a payment from one client address (the socket's), answering its status. */
const startPayment = (url: string, ref: string) =>
  fetch(`${url}/api/checkout-sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SHOP },
    body: JSON.stringify(sessionBody(ref)),
  }).then((answer) => answer.status);

const sharedGauge = async (url: string) =>
  samplesOf(await scrapeOf(url, OPS_TOKEN)).get('acquiring_companion_rate_limits_shared');

describe('a Redis that does not answer', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  it('is not waited for at start: with the clock stopped, the companion starts all the same', async (t) => {
    const redisUrl = `redis://127.0.0.1:${await freePort()}`;
    // A start that waited on a timer for Redis would never end while no timer may fire.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const starting = start(sandbox, { redisUrl });
    const deadline = performance.now() + 20_000;
    let started: Awaited<typeof starting> | undefined;
    void starting.then((running) => (started = running));
    while (!started && performance.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve));
    t.mock.timers.reset();
    assert.ok(started, 'the start waited on a timer');
    await started.close();
  });

  it('leaves the limits holding, counted in the instance’s own memory', async () => {
    const redisUrl = `redis://127.0.0.1:${await freePort()}`;
    const running = await start(sandbox, { redisUrl, rateLimitPerMinute: 2 });
    try {
      const statuses = [];
      for (const ref of ['mug.ro1', 'mug.ro2', 'mug.ro3']) statuses.push(await startPayment(running.url, ref)); // prettier-ignore
      assert.deepEqual(statuses, [201, 201, 429]);
      assert.equal(await sharedGauge(running.url), 0);
    } finally {
      await running.close();
    }
  });

  describe('and comes back', { skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
    let proxy: RedisProxy;
    let running: Awaited<ReturnType<typeof start>>;
    before(async () => {
      proxy = await redisProxy(REDIS_URL as string);
      running = await start(sandbox, { redisUrl: proxy.url });
    });
    after(async () => {
      await running?.close();
      await proxy?.down();
    });
    const counting = () => running.companion.context.limits.counting();
    const retries = () => running.logged('rate-limit Redis error');

    it('is logged once as each outage starts and once as it ends, and the metric follows', async () => {
      await until(counting, (where) => where === 'shared in Redis', { timeoutMs: 10_000 });
      assert.equal(await sharedGauge(running.url), 1);
      for (const outage of [1, 2]) {
        const before = retries();
        await proxy.down();
        // However often the client tries again meanwhile: three tries at least.
        await until(retries, (n) => n >= before + 3, { timeoutMs: 20_000, what: 'three retries' });
        assert.equal(running.logged(OUTAGE), outage);
        assert.equal(counting(), 'per instance: Redis unreachable');
        assert.equal(await sharedGauge(running.url), 0);
        await proxy.up();
        await until(counting, (where) => where === 'shared in Redis', { timeoutMs: 10_000 });
        assert.deepEqual([running.logged(OUTAGE), running.logged(BACK)], [outage, outage]);
        assert.equal(await sharedGauge(running.url), 1);
      }
    });
  });
});
