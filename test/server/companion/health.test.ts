/**
 * `/healthz` and `/readyz` on a real companion: the database (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, reached through a TCP proxy this test can take
 * away and bring back, or stall), draining, and neither route rate limited nor missing from a
 * mounted router.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import express from 'express';
import pino from 'pino';
import { createCompanion } from '../../../server/companion/app.ts';
import { resolveOrder } from '../../../demo/catalogue.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { OPS_TOKEN, SHOP, startCompanion, type RunningCompanion } from '../helpers/companion.ts';
import { MERCHANT, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

interface Readiness {
  status: number;
  body: { ready?: boolean; draining?: boolean; checks?: { database?: string; redis?: string } };
  ms: number;
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

/**
 * A TCP proxy in front of the test Redis: `down()` closes it and every connection through it
 * (Redis unreachable), `up()` listens again on the same port, `stall()` stops passing what the
 * clients send (Redis that no longer answers).
 */
async function redisProxy(target: string) {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let stalled = false;
  const server: Server = createServer((client) => {
    const redis = connect(Number(upstream.port || 6379), upstream.hostname);
    const pair = [client, redis];
    for (const socket of pair) {
      sockets.add(socket);
      socket.on('error', () => pair.forEach((s) => s.destroy()));
      socket.on('close', () => {
        sockets.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    client.on('data', (chunk) => void (stalled || redis.write(chunk)));
    redis.on('data', (chunk) => void client.write(chunk));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stall: () => void (stalled = true),
    async down() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async up() {
      stalled = false;
      await listen(port);
    },
  };
}

describe('GET /healthz', () => {
  let sandbox: RunningSandbox;
  let running: RunningCompanion;
  before(async () => {
    sandbox = await startSandbox();
    running = await startCompanion(sandbox.url);
  });
  after(async () => {
    await running.close();
    await sandbox.close();
  });

  it('answers 200 { ok: true }, even while draining', async () => {
    const live = await fetch(`${running.url}/healthz`);
    assert.deepEqual([live.status, await live.json()], [200, { ok: true }]);
    running.companion.drain();
    const draining = await fetch(`${running.url}/healthz`);
    assert.deepEqual([draining.status, await draining.json()], [200, { ok: true }]);
  });
});

describe('GET /readyz', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  for (const database of TEST_DATABASES) {
    describe(`on ${database.name}`, () => {
      let location: Awaited<ReturnType<typeof database.create>>;
      let running: RunningCompanion;
      before(async () => {
        location = await database.create();
        running = await startCompanion(sandbox.url, { database: location.location });
      });
      after(async () => {
        await running.close();
        await location.drop();
      });

      it('answers ready, with Redis not used', async () => {
        const answer = await readyz(running.url);
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.body, {
          ready: true,
          checks: { database: 'ok', redis: 'not used' },
        });
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
            checks: { database: 'unreachable: no answer within 1000 ms', redis: 'not used' },
          });
          assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
        } finally {
          release();
          await Promise.all(holders);
        }
        assert.equal((await readyz(running.url)).status, 200);
      });
    });
  }

  describe('once the companion drains', () => {
    let running: RunningCompanion;
    before(async () => (running = await startCompanion(sandbox.url)));
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
      running = await startCompanion(sandbox.url, {
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
    let server: HttpServer;
    let origin: string;
    let close: () => Promise<void>;
    before(async () => {
      server = createHttpServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const companion = await createCompanion({
        publicUrl: `${origin}/payments`,
        gateway: {
          baseUrl: sandbox.url,
          merchantId: MERCHANT.merchant_id,
          accountId: MERCHANT.account_id,
          secretKey: MERCHANT.secret_key,
          timeoutMs: 5_000,
        },
        database: ':memory:',
        allowedOrigins: [SHOP],
        operationsToken: OPS_TOKEN,
        resolveOrder,
        reconcileEveryMs: 0,
        logger: pino({ level: 'silent' }),
      });
      const app = express();
      app.use('/payments', companion.router);
      server.on('request', app);
      close = async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await companion.close();
      };
    });
    after(() => close());

    it('answers /payments/healthz and /payments/readyz', async () => {
      const health = await fetch(`${origin}/payments/healthz`);
      assert.deepEqual([health.status, await health.json()], [200, { ok: true }]);
      const answer = await readyz(`${origin}/payments`);
      assert.deepEqual(
        [answer.status, answer.body],
        [200, { ready: true, checks: { database: 'ok', redis: 'not used' } }],
      );
    });
  });

  describe('with Redis', { skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set' }, () => {
    let proxy: Awaited<ReturnType<typeof redisProxy>>;
    let running: RunningCompanion;
    before(async () => {
      proxy = await redisProxy(REDIS_URL as string);
      running = await startCompanion(sandbox.url, { redisUrl: proxy.url });
    });
    after(async () => {
      await running.close();
      await proxy.down();
    });

    it('answers ready when Redis answers PING', async () => {
      const answer = await readyz(running.url);
      assert.deepEqual(
        [answer.status, answer.body],
        [200, { ready: true, checks: { database: 'ok', redis: 'ok' } }],
      );
    });

    it('answers 503 naming Redis within 1.5 s once it is unreachable, and ready once it is back', async () => {
      await proxy.down();
      try {
        const answer = await readyz(running.url);
        assert.equal(answer.status, 503);
        assert.equal(answer.body.ready, false);
        assert.equal(answer.body.checks?.database, 'ok');
        assert.match(answer.body.checks?.redis ?? '', /^unreachable: /);
        assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
        // Once the client has tried to reconnect, the answer says why it cannot.
        const why = await readyzUntil(running.url, (a) =>
          /ECONNREFUSED/.test(a.body.checks?.redis ?? ''),
        );
        assert.equal(why.status, 503);
      } finally {
        await proxy.up();
      }
      const back = await readyzUntil(running.url, (a) => a.status === 200);
      assert.deepEqual(back.body.checks, { database: 'ok', redis: 'ok' });
    });

    it('answers 503 within 1.5 s when Redis stops answering', async () => {
      proxy.stall();
      try {
        const answer = await readyz(running.url);
        assert.equal(answer.status, 503);
        assert.deepEqual(answer.body.checks, {
          database: 'ok',
          redis: 'unreachable: no answer within 1000 ms',
        });
        assert.ok(answer.ms < 1_500, `answered after ${Math.round(answer.ms)} ms`);
      } finally {
        // Whatever was sent meanwhile is lost: new connections put the clients back in step.
        await proxy.down();
        await proxy.up();
      }
      await readyzUntil(running.url, (a) => a.status === 200);
    });
  });
});
