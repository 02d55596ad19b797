/**
 * Rate limits (F9): guesses at one-time page addresses (and at order references on the return
 * pages) and failed operations-API logins are limited; status polls count apart from payment starts; and with Redis, two companions count
 * together (TEST_REDIS_URL; CI sets it).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sessionBody, SHOP, startCompanion, startStack, type Stack } from '../helpers/companion.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const limits = {
  startsPerMinute: 3,
  pollsPerMinute: 5,
  pageGuessesPerMinute: 4,
  authFailuresPerMinute: 4,
};

describe('rate limits on the public doors', () => {
  let stack: Stack;
  before(async () => (stack = await startStack({ companion: { rateLimits: limits } })));
  after(() => stack.close());

  it('limits guesses at one-time page addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await fetch(`${stack.companion.url}/pay/guess-${i}`)).status);
    assert.deepEqual(statuses.slice(4), [429, 429]);
    assert.ok(statuses.slice(0, 4).every((status) => status !== 429));
  });

  it('limits guesses at order references on the return pages, counted with the page guesses', async () => {
    const guesses = await startStack({ companion: { rateLimits: limits } });
    try {
      const statuses = [];
      for (const kind of ['checkout', 'apm', 'checkout'])
        for (let i = 0; i < 2; i++)
          statuses.push(
            (await fetch(`${guesses.companion.url}/return/${kind}/mug.${kind}-${i}`)).status,
          );
      assert.deepEqual(statuses, [404, 404, 404, 404, 429, 429]);
    } finally {
      await guesses.close();
    }
  });

  it('does not count a merchant’s own refused requests as failed logins', async () => {
    for (let i = 0; i < 6; i++) assert.equal((await stack.ops('/orders?limit=0')).status, 400);
    assert.equal((await stack.ops('/orders')).status, 200);
  });

  it('limits failed operations-API logins, then refuses even the right token for a while', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await stack.ops('/orders', undefined, { authorization: 'Bearer wrong-token-guess' }))
          .status,
      );
    assert.deepEqual(statuses, [401, 401, 401, 401, 429]);
    assert.equal((await stack.ops('/orders')).status, 429);
  });

  it('counts status polls apart from payment starts', async () => {
    const created = await stack.widget('/checkout-sessions', sessionBody('mug.rl1'));
    const token = String(created.body.status_token);
    const poll = () =>
      stack.widget('/orders/mug.rl1', undefined, { authorization: `Bearer ${token}` });
    for (let i = 0; i < 5; i++) assert.equal((await poll()).status, 200, `poll ${i + 1}`);
    assert.equal((await poll()).status, 429);
    // Two more starts are still allowed: the polls did not use them up.
    assert.equal((await stack.widget('/checkout-sessions', sessionBody('mug.rl2'))).status, 201);
    assert.equal((await stack.widget('/checkout-sessions', sessionBody('mug.rl3'))).status, 201);
    assert.equal((await stack.widget('/checkout-sessions', sessionBody('mug.rl4'))).status, 429);
  });
});

describe(
  'rate limits shared by two companions on one Redis',
  { skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set' },
  () => {
    let sandbox: RunningSandbox;
    let a: Awaited<ReturnType<typeof startCompanion>>;
    let b: Awaited<ReturnType<typeof startCompanion>>;
    before(async () => {
      sandbox = await startSandbox();
      // Behind a proxy that names the client: each run is a client of its own in the shared Redis.
      // One deployment's instances, under its prefix (theirs share a publicUrl; these two do not).
      const rateLimitPrefix = `acquiring-checkout:test-${randomBytes(4).toString('hex')}:rl:`;
      const options = {
        redisUrl: REDIS_URL,
        rateLimits: limits,
        trustProxy: true,
        rateLimitPrefix,
      };
      a = await startCompanion(sandbox.url, options);
      b = await startCompanion(sandbox.url, options);
    });
    after(async () => {
      await a.close();
      await b.close();
      await sandbox.close();
    });

    it('counts a client’s payment starts on both instances together', async () => {
      // A documentation address (RFC 3849), random within its /56, the unit IPv6 clients count in.
      const hex = randomBytes(3).toString('hex');
      const client = `2001:db8:${hex.slice(0, 4)}:${hex.slice(4)}00::1`;
      const start = (url: string, ref: string) =>
        fetch(`${url}/api/checkout-sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SHOP, 'x-forwarded-for': client },
          body: JSON.stringify(sessionBody(ref)),
        }).then((response) => response.status);
      const statuses = [
        await start(a.url, 'mug.rs1'),
        await start(b.url, 'mug.rs2'),
        await start(a.url, 'mug.rs3'),
        await start(b.url, 'mug.rs4'),
      ];
      assert.deepEqual(statuses, [201, 201, 201, 429]);
    });
  },
);
