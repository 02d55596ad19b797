/**
 * The hosted demo's and the companion's configuration as read at start: every bad variable named,
 * and `TRUST_PROXY` read as Express would take it, before anything is opened.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { companionEnv, trustProxySetting } from 'acquiring-checkout-server/companion';
import { hostedEnv } from '../../../demo/hosted-app.ts';

const HOSTED = {
  PUBLIC_URL: 'https://demo.example',
  DATABASE_URL: 'postgres://demo@db/demo',
  REDIS_URL: 'redis://cache:6379',
  DEMO_SECRET: 'x'.repeat(32),
};

describe('the hosted demo’s environment', () => {
  it('is read with its defaults: no proxy trusted unless said', () => {
    const env = hostedEnv(HOSTED);
    assert.deepEqual(
      [env.PORT, env.HOST, env.TRUST_PROXY, env.DEMO_RETENTION_HOURS],
      [8080, '0.0.0.0', 'false', 24],
    );
  });

  it('names every bad variable at once', () => {
    assert.throws(
      () =>
        hostedEnv({
          ...HOSTED,
          DATABASE_URL: 'mysql://x',
          DEMO_SECRET: 'short',
          TRUST_PROXY: 'abc',
          PORT: 'x',
        }),
      (error: Error) =>
        ['DATABASE_URL: ', 'DEMO_SECRET: at least 32', 'TRUST_PROXY: true, false', 'PORT: '].every(
          (part) => error.message.includes(part),
        ),
    );
  });

  it('takes SANDBOX_URL and SANDBOX_SECRET_KEY together or not at all', () => {
    assert.throws(
      () => hostedEnv({ ...HOSTED, SANDBOX_URL: 'http://sandbox:3100' }),
      /SANDBOX_SECRET_KEY: set both SANDBOX_URL and SANDBOX_SECRET_KEY, or neither/,
    );
    const env = hostedEnv({
      ...HOSTED,
      SANDBOX_URL: 'http://sandbox:3100',
      SANDBOX_SECRET_KEY: 'k'.repeat(32),
    });
    assert.equal(env.SANDBOX_URL, 'http://sandbox:3100');
  });
});

describe('TRUST_PROXY', () => {
  it('is what Express can take: a flag, a count, addresses or subnets, or their names', () => {
    const cases: [string, boolean | number | string | undefined][] = [
      ['false', false],
      ['true', true],
      ['1', 1],
      ['loopback', 'loopback'],
      ['10.0.0.0/8, 192.168.1.7', '10.0.0.0/8, 192.168.1.7'],
      ['::1', '::1'],
      ['abc', undefined],
      ['10.0.0.300', undefined],
      ['10.0.0.0/33', undefined],
      ['fd00::/64', 'fd00::/64'],
      ['', undefined],
    ];
    for (const [value, wanted] of cases) assert.equal(trustProxySetting(value), wanted, value);
  });

  it('stops the companion bin’s configuration with its name when Express could not take it', () => {
    const env = {
      GATEWAY_BASE_URL: 'http://127.0.0.1:3100',
      MERCHANT_ID: 'm',
      ACCOUNT_ID: 'a',
      SECRET_KEY: 'secret-key',
      ALLOWED_ORIGINS: 'https://shop.example',
      OPERATIONS_TOKEN: 't'.repeat(24),
      ORDER_RESOLVER: './orders.mjs',
    };
    assert.throws(() => companionEnv({ ...env, TRUST_PROXY: 'abc' }), /TRUST_PROXY: true, false/);
    assert.equal(companionEnv({ ...env, TRUST_PROXY: '2' }).TRUST_PROXY, '2');
  });
});
