/**
 * `/healthz` and `/readyz` on a real companion, each on both stores (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): the database and Redis (TEST_REDIS_URL, reached through a TCP proxy this test can take
 * away and bring back, or stall), draining, and neither route rate limited nor missing from a
 * mounted router.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { OPS_TOKEN, SHOP, startCompanionOn, type RunningCompanion } from '../helpers/companion.ts';
import { freePort } from '../helpers/bins.ts';
import { samplesOf, scrapeOf } from '../helpers/prometheus.ts';
import { startHost, type Host } from '../helpers/mounted.ts';
import { redisProxy, type RedisProxy } from '../helpers/redis-proxy.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
/** What /readyz answers a companion without Redis whose database and service answer. */
const READY_WITHOUT_REDIS = {
  ready: true,
  checks: { database: 'ok', redis: 'not used', rate_limits: 'per instance', gateway: 'ok' },
};

interface Readiness {
  status: number;
  body: {
    ready?: boolean;
    draining?: boolean;
    degraded?: string[];
    checks?: { database?: string; redis?: string; rate_limits?: string };
  };
  ms: number;
}

/** `acquiring_companion_ready` per check, as a scrape of `/metrics` finds it now. */
async function readyGauge(url: string): Promise<Record<string, number>> {
  const samples = samplesOf(await scrapeOf(url, OPS_TOKEN));
  return Object.fromEntries(
    [...samples].flatMap(([series, value]) => {
      const check = /^acquiring_companion_ready\{check="(\w+)"\}$/.exec(series)?.[1];
      return check ? [[check, value]] : [];
    }),
  );
}

async function readyz(url: string): Promise<Readiness> {
  const started = performance.now();
  const response = await fetch(`${url}/readyz`);
  return {
    status: response.status,
    body: (await response.json()) as Readiness['body'],
    ms: performance.now() - started,
  };
}

/** Asks `/readyz` until its answer is `wanted`, for up to `timeoutMs`; each within 1.5 s. */
async function readyzUntil(
  url: string,
  wanted: (answer: Readiness) => boolean,
  timeoutMs = 5_000,
): Promise<Readiness> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await readyz(url);
    assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
    if (wanted(answer)) return answer;
    if (Date.now() > deadline)
      throw new Error(`/readyz still ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

for (const database of TEST_DATABASES) {
  describe(`on ${database.name}`, () => {
    let sandbox: RunningSandbox;
    before(async () => (sandbox = await startSandbox()));
    after(() => sandbox.close());

    describe('GET /healthz', () => {
      let running: RunningCompanion;
      before(async () => (running = await startCompanionOn(database, sandbox.url)));
      after(() => running.close());

      it('answers 200 { ok: true }, even while draining', async () => {
        const live = await fetch(`${running.url}/healthz`);
        assert.deepEqual([live.status, await live.json()], [200, { ok: true }]);
        running.companion.drain();
        const draining = await fetch(`${running.url}/healthz`);
        assert.deepEqual([draining.status, await draining.json()], [200, { ok: true }]);
      });
    });

    describe('GET /readyz', () => {
      describe('with its store', () => {
        let running: RunningCompanion;
        before(async () => (running = await startCompanionOn(database, sandbox.url)));
        after(() => running.close());

        it('answers ready, with Redis not used', async () => {
          const answer = await readyz(running.url);
          assert.equal(answer.status, 200);
          assert.deepEqual(answer.body, READY_WITHOUT_REDIS);
          // The metrics say the same, with no series for a Redis not used.
          assert.deepEqual(await readyGauge(running.url), { database: 1, service: 1 });
        });

        it('answers 503 naming the database within 1.5 s while every connection is taken', async () => {
          const { db, dialect } = running.companion.context.store;
          // The pool's size in store/database.ts: one connection for SQLite, ten for PostgreSQL.
          const size = dialect === 'postgres' ? 10 : 1;
          let release = () => undefined as void;
          const released = new Promise<void>((resolve) => (release = resolve));
          let taken = 0;
          let allTaken = () => undefined as void;
          const full = new Promise<void>((resolve) => (allTaken = resolve));
          const holders = Array.from({ length: size }, () =>
            db.connection().execute(async () => {
              if (++taken === size) allTaken();
              await released;
            }),
          );
          await full;
          try {
            const answer = await readyz(running.url);
            assert.equal(answer.status, 503);
            assert.deepEqual(answer.body, {
              ready: false,
              checks: {
                database: 'unreachable: no answer within 1000 ms',
                redis: 'not used',
                rate_limits: 'per instance',
                gateway: 'ok',
              },
            });
            assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
            // A scrape meanwhile answers within the same bound, the database not ready.
            const started = performance.now();
            const samples = samplesOf(await scrapeOf(running.url, OPS_TOKEN));
            const ms = performance.now() - started;
            assert.ok(ms < 1_500, `scraped in ${Math.round(ms)} ms`);
            assert.equal(samples.get('acquiring_companion_ready{check="database"}'), 0);
            if (dialect === 'postgres')
              assert.equal(samples.get('acquiring_companion_db_pool_connections{state="inUse"}'), 10); // prettier-ignore
          } finally {
            release();
            await Promise.all(holders);
          }
          assert.equal((await readyz(running.url)).status, 200);
          assert.equal((await readyGauge(running.url)).database, 1);
        });
      });

      describe('with the payment service unreachable', () => {
        let running: RunningCompanion;
        before(async () => {
          // A port nobody listens on: every call fails to connect.
          const baseUrl = `http://127.0.0.1:${await freePort()}`;
          const gateway = { baseUrl, merchantId: 'm', accountId: 'a', secretKey: 'k'.repeat(32), maxRetries: 0 }; // prettier-ignore
          running = await startCompanionOn(database, baseUrl, { gateway });
        });
        after(() => running.close());

        it('stays ready, and its metrics say the service does not answer', async () => {
          const answer = await readyz(running.url);
          assert.equal(answer.status, 200);
          assert.match(String(Reflect.get(answer.body.checks ?? {}, 'gateway')), /^not checked: /);
          assert.deepEqual(await readyGauge(running.url), { database: 1, service: 0 });
        });
      });

      describe('once the companion drains', () => {
        let running: RunningCompanion;
        before(async () => (running = await startCompanionOn(database, sandbox.url)));
        after(() => running.close());

        it('answers 503 { ready: false, draining: true }, and other routes still answer', async () => {
          assert.equal((await readyz(running.url)).status, 200);
          running.companion.drain();
          const answer = await readyz(running.url);
          assert.deepEqual([answer.status, answer.body], [503, { ready: false, draining: true }]);
          const csp = await fetch(`${running.url}/api/csp`, { headers: { origin: SHOP } });
          assert.equal(csp.status, 200);
        });
      });

      describe('with the tightest rate limits', () => {
        let running: RunningCompanion;
        before(async () => {
          running = await startCompanionOn(database, sandbox.url, {
            rateLimitPerMinute: 1,
            rateLimits: { pollsPerMinute: 1, pageGuessesPerMinute: 1, authFailuresPerMinute: 1 },
          });
        });
        after(() => running.close());

        it('is never limited, nor is /healthz', async () => {
          for (let i = 0; i < 5; i++) {
            for (const path of ['/readyz', '/healthz']) {
              const response = await fetch(running.url + path);
              assert.equal(response.status, 200, `${path} #${i + 1}`);
              assert.equal(response.headers.get('ratelimit'), null);
            }
          }
        });
      });

      describe('in a merchant app that mounts the router at /payments', () => {
        let host: Host;
        before(async () => (host = await startHost(database, '/payments')));
        after(() => host.close());

        it('answers /payments/healthz and /payments/readyz', async () => {
          const health = await fetch(`${host.origin}/payments/healthz`);
          assert.deepEqual([health.status, await health.json()], [200, { ok: true }]);
          const answer = await readyz(`${host.origin}/payments`);
          assert.deepEqual([answer.status, answer.body], [200, READY_WITHOUT_REDIS]);
        });
      });

      describe('with Redis', { skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
        let proxy: RedisProxy;
        let running: RunningCompanion;
        before(async () => {
          proxy = await redisProxy(REDIS_URL as string);
          running = await startCompanionOn(database, sandbox.url, { redisUrl: proxy.url });
        });
        after(async () => {
          await running.close();
          await proxy.down();
        });

        const SHARED = {
          database: 'ok',
          redis: 'ok',
          rate_limits: 'shared in Redis',
          gateway: 'ok',
        };
        /** Redis answers both: the readiness probe's PING, and the limits' counting. */
        const shared = (answer: Readiness) =>
          answer.body.checks?.rate_limits === SHARED.rate_limits &&
          answer.body.checks.redis === 'ok';

        it('answers ready when Redis answers PING, the limits shared in it', async () => {
          const answer = await readyzUntil(running.url, shared);
          assert.deepEqual([answer.status, answer.body], [200, { ready: true, checks: SHARED }]);
        });

        it('stays ready once it is unreachable, degraded, naming Redis and counting per instance; shared again once it is back', async () => {
          await proxy.down();
          try {
            const answer = await readyz(running.url);
            assert.equal(answer.status, 200);
            assert.deepEqual([answer.body.ready, answer.body.degraded], [true, ['redis']]);
            assert.equal(answer.body.checks?.database, 'ok');
            assert.match(answer.body.checks?.redis ?? '', /^unreachable: /);
            assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
            assert.deepEqual(await readyGauge(running.url), { database: 1, redis: 0, service: 1 });
            // Once the clients have tried to reconnect, the answer says why they cannot.
            const why = await readyzUntil(
              running.url,
              (a) =>
                /ECONNREFUSED/.test(a.body.checks?.redis ?? '') &&
                a.body.checks?.rate_limits === 'per instance: Redis unreachable',
            );
            assert.equal(why.status, 200);
            assert.equal(why.body.checks?.rate_limits, 'per instance: Redis unreachable');
          } finally {
            await proxy.up();
          }
          const back = await readyzUntil(running.url, shared);
          assert.deepEqual(back.body, { ready: true, checks: SHARED });
          assert.deepEqual(await readyGauge(running.url), { database: 1, redis: 1, service: 1 });
        });

        it('stays ready, degraded, when Redis stops answering', async () => {
          proxy.stall();
          try {
            const answer = await readyz(running.url);
            assert.equal(answer.status, 200);
            assert.deepEqual(answer.body.degraded, ['redis']);
            assert.equal(answer.body.checks?.redis, 'unreachable: no answer within 1000 ms');
            assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
          } finally {
            // Whatever was sent meanwhile is lost: new connections put the clients back in step.
            await proxy.down();
            await proxy.up();
          }
          await readyzUntil(running.url, (a) => a.body.degraded === undefined);
        });
      });
    });
  });
}
