/**
 * A merchant's setting mistakes stop the start, each with the option, its variable and the fix:
 * the same rules for `createCompanion`'s options and the bin's environment (issue 22, item 2).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCompanion } from '../../../server/companion/app.ts';
import {
  checkCompanionConfig,
  companionConfig,
  companionEnv,
  type CompanionConfig,
} from '../../../server/companion/config/index.ts';
import { SHOP, sessionBody, startCompanion } from '../helpers/companion.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { ENV, OPTIONS } from '../helpers/settings.ts';

const valid = OPTIONS;

describe('createCompanion refuses a setting it cannot use, naming it and its variable', () => {
  for (const [what, change, message] of [
    ['no operations token', { operationsToken: undefined }, 'operationsToken (OPERATIONS_TOKEN): required: the bearer token of the operations API'],
    ['an origin with a trailing slash', { allowedOrigins: ['http://127.0.0.1:3000/'] }, 'allowedOrigins (ALLOWED_ORIGINS): "http://127.0.0.1:3000/" is not an origin; write http://127.0.0.1:3000'],
    ['an origin with a path', { allowedOrigins: ['https://shop.example/checkout'] }, 'write https://shop.example'],
    ['a wildcard origin', { allowedOrigins: ['*'] }, '"*": a wildcard is not allowed; list each storefront origin'],
    ['no origin at all', { allowedOrigins: [] }, 'allowedOrigins (ALLOWED_ORIGINS): list the storefront origins'],
    ['a short secret key', { gateway: { ...valid.gateway, secretKey: 'short' } }, 'gateway.secretKey (SECRET_KEY): at least 8 characters'],
    ['the placeholder token', { operationsToken: 'change-me-to-a-long-random-token' }, 'replace the placeholder'],
    ['no resolveOrder', { resolveOrder: undefined }, 'resolveOrder (ORDER_RESOLVER): required'],
    ['audit entries kept a fraction of a day', { auditRetentionDays: 1.5 }, 'auditRetentionDays (AUDIT_RETENTION_DAYS): a whole number of days (0: kept for good)'],
  ] as const) {
    it(what, async () => {
      const config = { ...valid, ...change } as unknown as CompanionConfig;
      await assert.rejects(createCompanion(config), (error: Error) => {
        assert.match(error.message, /^invalid companion configuration:/);
        assert.ok(error.message.includes(message), error.message);
        return true;
      });
    });
  }

}); // prettier-ignore

describe('the merchant’s key, checked with the service at start', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());
  const at = (gateway: Partial<CompanionConfig['gateway']>) => ({
    ...valid,
    gateway: { ...valid.gateway, baseUrl: sandbox.url, ...gateway },
  });

  it('refuses to start with a key the service does not take, naming SECRET_KEY', async () => {
    await assert.rejects(
      createCompanion(at({ secretKey: 'not-the-merchants-key' })),
      /the payment service refused the companion's signature: SECRET_KEY \(gateway\.secretKey\) is not the key of merchant sandbox-merchant/,
    );
  });

  it('refuses to start for a merchant the service does not know, naming MERCHANT_ID', async () => {
    await assert.rejects(
      createCompanion(at({ merchantId: 'no-such-merchant' })),
      /does not know merchant no-such-merchant with account sandbox-account: check MERCHANT_ID/,
    );
  });

  it('starts when the key is right, and /readyz says it was checked', async () => {
    const running = await startCompanion(sandbox.url);
    try {
      const ready = (await (await fetch(`${running.url}/readyz`)).json()) as { checks: { gateway: string } };
      assert.equal(ready.checks.gateway, 'ok');
    } finally {
      await running.close();
    }
  });

  it('answers a payment the service refuses for its signature (a key changed since) with 502, not retryable, naming SECRET_KEY', async () => {
    const running = await startCompanion(sandbox.url);
    const merchants = sandbox.sandbox.engine.config.merchants;
    const kept = merchants[0]!;
    // The merchant's key at the service changes while the companion runs with the old one.
    merchants[0] = { ...kept, secret_key: 'a-key-the-companion-does-not-have' };
    try {
      const answer = await fetch(`${running.url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SHOP },
        body: JSON.stringify(sessionBody('mug.keychanged')),
      });
      const problem = (await answer.json()) as { retryable: boolean; detail: string };
      assert.equal(answer.status, 502);
      assert.equal(problem.retryable, false);
      assert.match(problem.detail, /check SECRET_KEY \(gateway\.secretKey\), MERCHANT_ID and ACCOUNT_ID$/);
    } finally {
      merchants[0] = kept;
      await running.close();
    }
  });

  it('starts when the service cannot be reached, and says so in /readyz', async () => {
    const running = await startCompanion('http://127.0.0.1:9');
    try {
      const answer = await fetch(`${running.url}/readyz`);
      assert.equal(answer.status, 200);
      const { checks } = (await answer.json()) as { checks: { gateway: string } };
      assert.match(checks.gateway, /^not checked: the payment service could not be asked/);
    } finally {
      await running.close();
    }
  });
}); // prettier-ignore

describe('the bin’s environment, checked by the same rules', () => {
  it('refuses ALLOWED_ORIGINS with a trailing slash, with the corrected value', () => {
    assert.throws(
      () => companionEnv({ ...ENV, ALLOWED_ORIGINS: `${SHOP}, http://127.0.0.1:3000/` }),
      /ALLOWED_ORIGINS: "http:\/\/127\.0\.0\.1:3000\/" is not an origin; write http:\/\/127\.0\.0\.1:3000/,
    );
  });

  it('refuses a wildcard in ALLOWED_ORIGINS', () => {
    assert.throws(() => companionEnv({ ...ENV, ALLOWED_ORIGINS: '*' }), /a wildcard is not allowed/);
  });

  it('reads AUDIT_RETENTION_DAYS into auditRetentionDays, and refuses one that is not a number of days', () => {
    assert.equal(companionConfig(companionEnv({ ...ENV, AUDIT_RETENTION_DAYS: '730' }), () => undefined).auditRetentionDays, 730);
    assert.equal(companionConfig(companionEnv(ENV), () => undefined).auditRetentionDays, undefined);
    assert.throws(() => companionEnv({ ...ENV, AUDIT_RETENTION_DAYS: 'a year' }), /AUDIT_RETENTION_DAYS: a whole number of days \(0: kept for good\)/);
    assert.throws(() => companionEnv({ ...ENV, AUDIT_RETENTION_DAYS: '-1' }), /AUDIT_RETENTION_DAYS: a whole number of days/);
  });

  // Each variable with a value that cannot work, and what the refusal says after its name.
  const BAD_VALUES: [string, string, RegExp][] = [
    ['PORT', '0x0BBA', /PORT: a port, in digits/],
    ['PORT', '3.499e3', /PORT: a port, in digits/],
    ['PORT', '65536', /PORT: a port of at most 65535/],
    ['GATEWAY_TIMEOUT_MS', '1e4', /GATEWAY_TIMEOUT_MS: milliseconds, a whole number, in digits/],
    ['RATE_LIMIT_PER_MINUTE', '0', /RATE_LIMIT_PER_MINUTE: a whole number of at least 1/],
    ['ORDER_RESOLVER', 'http://', /ORDER_RESOLVER: "http:\/\/" is not an address/],
    ['ORDER_RESOLVER', 'https://:80/orders', /ORDER_RESOLVER: .* is not an address/],
    ['PREVIOUS_SECRET_KEYS', 'a', /PREVIOUS_SECRET_KEYS: at least 8 characters/],
    ['PREVIOUS_SECRET_KEYS', 'long-enough-key,short', /PREVIOUS_SECRET_KEYS: at least 8 characters/],
    ['REDIS_URL', 'rediss:/127.0.0.1', /REDIS_URL: a redis:\/\/ or rediss:\/\/ address/],
  ];
  for (const [variable, value, message] of BAD_VALUES)
    it(`refuses ${variable}=${value}, naming it`, () => {
      assert.throws(() => companionEnv({ ...ENV, [variable]: value }), message);
    });

  it('takes a variable set but empty as not set: its default, never 0', () => {
    const env = companionEnv({ ...ENV, PORT: '', GATEWAY_TIMEOUT_MS: '', RATE_LIMIT_PER_MINUTE: '' });
    assert.deepEqual([env.PORT, env.GATEWAY_TIMEOUT_MS, env.RATE_LIMIT_PER_MINUTE], [3200, 30_000, 60]);
    assert.equal(companionEnv({ ...ENV, PORT: '0' }).PORT, 0, 'a port the system picks, asked for');
  });

  it('refuses a token given to two holders, naming the second', () => {
    const { OPERATIONS_TOKEN } = ENV;
    for (const [extra, named] of [
      [{ METRICS_TOKEN: OPERATIONS_TOKEN }, 'metricsToken (METRICS_TOKEN)'],
      [{ OPERATIONS_TOKENS: `ci=${OPERATIONS_TOKEN}` }, 'operationsTokens.ci (OPERATIONS_TOKENS)'],
    ] as const)
      assert.throws(
        () => checkCompanionConfig(companionConfig(companionEnv({ ...ENV, ...extra }), () => undefined)),
        (error: Error) => error.message.includes(`${named}: the same token as operationsToken (OPERATIONS_TOKEN)`),
      );
  });

  it('takes a list of origins', () => {
    assert.equal(companionEnv({ ...ENV, ALLOWED_ORIGINS: `${SHOP},https://shop.example` }).ALLOWED_ORIGINS, `${SHOP},https://shop.example`);
  });
}); // prettier-ignore
