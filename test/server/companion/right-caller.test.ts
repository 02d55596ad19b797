/**
 * Limits that never lock out the right caller (issue 36): the operations API's limit counts failed
 * authentications only, so forty concurrent calls with the right token are all answered; a manual
 * reconciliation runs once at a time, a call meanwhile joining the run under way; and with Redis,
 * two deployments on one Redis count apart, under a prefix each can set. Run on each store (the
 * route tests' TEST_STORE).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answer,
  OPS_TOKEN,
  sessionBody,
  SHOP,
  startCompanion,
  startStack,
  type RunningCompanion,
  type Stack,
} from '../helpers/companion.ts';
import { MERCHANT, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { until } from '../helpers/until.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** The count of reconciliation runs by hand that ended well. */
async function runsByHand(companion: RunningCompanion): Promise<number> {
  const { registry } = companion.companion.context.metrics;
  const metric = registry.getSingleMetric('acquiring_companion_reconciliation_runs_total');
  const values = (await metric?.get())?.values ?? [];
  return values.find((v) => v.labels.trigger === 'by_hand' && v.labels.outcome === 'ok')?.value ?? 0; // prettier-ignore
}

const count = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((by, s) => ({ ...by, [s]: (by[s] ?? 0) + 1 }), {});

/** Makes each reconciliation last: an order to ask about, and a service slow to answer. */
async function slowReconciliation(stack: Stack, ref: string): Promise<() => Promise<unknown>> {
  assert.equal((await stack.widget('/checkout-sessions', sessionBody(ref))).status, 201);
  await stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, delay_ms: 500 });
  return () => stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id });
}

describe('the right caller of the operations API', () => {
  let stack: Stack;
  // The default limit of failed authentications: 30 a minute.
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  it('answers forty concurrent calls with the right token, none with 429', async () => {
    // Each call is still running when the last arrives.
    const restore = await slowReconciliation(stack, 'mug.forty');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await stack.ops('/reconcile', {})).status),
    );
    await restore();
    assert.deepEqual(count(statuses), { 200: 40 });
  });

  it('still refuses a guesser past the limit, and counts nothing of the right token', async () => {
    const wrong = { authorization: 'Bearer a-wrong-token-0123456789abcdef' };
    const guesses = [];
    for (let i = 0; i < 31; i++)
      guesses.push((await stack.ops('/orders', undefined, wrong)).status);
    assert.deepEqual(count(guesses), { 401: 30, 429: 1 });
  });
});

/**
 * A door in front of the sandbox (a real server the companion calls as the service) that holds the
 * service's queries while `held`: a reconciliation then lasts until the test opens it.
 */
async function queryDoor(sandboxUrl: string) {
  let open = () => undefined as void;
  let held: Promise<void> | undefined;
  let waiting = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (held && request.url?.startsWith('/v1/retrievalTrans')) {
          waiting++;
          await held;
        }
        const headers = { 'content-type': request.headers['content-type'] ?? 'text/plain' };
        const body = Buffer.concat(chunks);
        const answer = await fetch(sandboxUrl + request.url, { method: request.method, headers, body }); // prettier-ignore
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' }); // prettier-ignore
        response.end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => void (held = new Promise<void>((resolve) => (open = resolve))),
    release: () => (open(), (held = undefined)),
    waiting: () => waiting,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a reconciliation by hand', () => {
  let sandbox: RunningSandbox;
  let door: Awaited<ReturnType<typeof queryDoor>>;
  let companion: RunningCompanion;
  before(async () => {
    sandbox = await startSandbox();
    door = await queryDoor(sandbox.url);
    companion = await startCompanion(door.url);
  });
  after(async () => {
    await companion.close();
    await door.close();
    await sandbox.close();
  });
  const reconcile = async () =>
    answer(
      await fetch(`${companion.url}/api/ops/reconcile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    );

  it('runs once at a time: calls meanwhile join the run under way and get its answer', async () => {
    const runs = () => runsByHand(companion);
    // An order to ask about, so that a run asks the service, whose answer the door holds.
    const started = await fetch(`${companion.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SHOP },
      body: JSON.stringify(sessionBody('mug.join1')),
    });
    assert.equal(started.status, 201);
    const before = await runs();
    door.hold();
    const answers = Array.from({ length: 30 }, () => reconcile());
    // Every call is in: each wrote its audit entry before it ran (or joined) the reconciliation.
    const entries = () => companion.companion.context.store.audit.list({ operation: 'reconcile', outcome: 'requested' }, 100); // prettier-ignore
    await until(entries, (found) => found.length === 30, { what: '30 calls under way' });
    await until(door.waiting, (n) => n >= 1, { what: 'the run asking the service' });
    door.release();
    const answered = await Promise.all(answers);
    assert.deepEqual(count(answered.map((a) => a.status)), { 200: 30 });
    assert.equal(new Set(answered.map((a) => JSON.stringify(a.body))).size, 1);
    assert.equal((await runs()) - before, 1);
    // Once it ended, the next call is a run of its own.
    assert.equal((await reconcile()).status, 200);
    assert.equal((await runs()) - before, 2);
  });
});

describe(
  'rate limits of two deployments on one Redis',
  { skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set' },
  () => {
    let sandbox: RunningSandbox;
    const running: Awaited<ReturnType<typeof startCompanion>>[] = [];
    const limits = { authFailuresPerMinute: 2 };
    before(async () => (sandbox = await startSandbox()));
    after(async () => {
      for (const companion of running) await companion.close();
      await sandbox.close();
    });
    const start = async (settings: Record<string, unknown> = {}) => {
      const companion = await startCompanion(sandbox.url, {
        redisUrl: REDIS_URL,
        rateLimits: limits,
        trustProxy: true,
        ...settings,
      });
      running.push(companion);
      return companion;
    };
    /** A failed login from `client` at `url`: its status. */
    const guess = async (url: string, client: string) =>
      (
        await fetch(`${url}/api/ops/orders`, {
          headers: { authorization: 'Bearer wrong-token', 'x-forwarded-for': client },
        })
      ).status;
    const client = () => `198.51.100.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;

    it('counts each deployment apart by default, under its publicUrl in Redis', async () => {
      const [staging, production] = [await start(), await start()];
      const ip = client();
      assert.deepEqual(
        [await guess(staging.url, ip), await guess(staging.url, ip), await guess(staging.url, ip)],
        [401, 401, 429],
      );
      assert.equal(await guess(production.url, ip), 401, 'production has its own budget');
      const redis = await createClient({ url: REDIS_URL }).connect();
      const host = new URL(staging.url).host;
      const keys = await redis.keys(`acquiring-checkout:${host}:rl:auth:*`);
      await redis.close();
      assert.ok(keys.includes(`acquiring-checkout:${host}:rl:auth:${ip}`), keys.join());
    });

    it('counts the instances of one deployment together, under the prefix it sets', async () => {
      const rateLimitPrefix = `test-${randomBytes(4).toString('hex')}:`;
      const [a, b] = [await start({ rateLimitPrefix }), await start({ rateLimitPrefix })];
      const ip = client();
      assert.deepEqual(
        [await guess(a.url, ip), await guess(b.url, ip), await guess(a.url, ip)],
        [401, 401, 429],
      );
      const redis = await createClient({ url: REDIS_URL }).connect();
      assert.equal(await redis.exists(`${rateLimitPrefix}auth:${ip}`), 1);
      await redis.close();
    });
  },
);
