import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { companionConfig, companionEnv } from '../../../server/companion/config/index.ts';
import { REDACTED } from '../../../server/companion/observability/log.ts';
import { resolveOrder } from '../../fixtures/catalogue.mjs';
import { sessionBody, startStack, SHOP, type Stack } from '../helpers/companion.ts';

describe('hardening', () => {
  let stack: Stack;
  before(async () => (stack = await startStack({ companion: { rateLimitPerMinute: 5 } })));
  after(() => stack.close());

  it('answers a body over the limit with 413, as problem+json', async () => {
    const answer = await stack.widget('/checkout-sessions', {
      ...sessionBody('mug.h1'),
      padding: 'x'.repeat(20_000),
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.body.title, 'Request too large');
  });

  it('answers malformed JSON with 400', async () => {
    const answer = await stack.widget('/checkout-sessions', '{"order_ref": ');
    assert.equal(answer.status, 400);
  });

  it('limits the public routes per client with 429 and RateLimit headers; a spoofed X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    let last: Headers | undefined;
    for (let i = 0; i < 7; i++) {
      const answer = await stack.widget(
        '/checkout-sessions',
        {},
        {
          'x-forwarded-for': `10.0.0.${i}`,
        },
      );
      statuses.push(answer.status);
      last = answer.headers;
    }
    assert.ok(statuses.includes(429), `statuses: ${statuses.join(',')}`);
    assert.match(last?.get('ratelimit') ?? '', /"5-in-1min"; r=0/);
  });

  it('sends security headers with a CSP without unsafe-inline', async () => {
    const response = await fetch(`${stack.companion.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('x-powered-by'), null);
  });

  it('answers CORS preflights only for storefront origins', async () => {
    const ok = await fetch(`${stack.companion.url}/api/checkout-sessions`, {
      method: 'OPTIONS',
      headers: { origin: SHOP, 'access-control-request-method': 'POST' },
    });
    assert.equal(ok.headers.get('access-control-allow-origin'), SHOP);
    const no = await fetch(`${stack.companion.url}/api/checkout-sessions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    assert.equal(no.headers.get('access-control-allow-origin'), null);
    // No resolveShopper: no cookies for the payment routes.
    assert.equal(ok.headers.get('access-control-allow-credentials'), null);
  });

  it('lets the widget ask for saved cards with cookies even without resolveShopper: signed out', async () => {
    const answer = await fetch(`${stack.companion.url}/api/saved-cards`, {
      headers: { origin: SHOP, cookie: 'session=ada' },
    });
    // A credentialed call the browser would refuse without it, in every shop's console.
    assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
    assert.deepEqual(await answer.json(), { signed_in: false, cards: [] });
  });
});

describe('configuration from the environment', () => {
  const env = {
    GATEWAY_BASE_URL: 'http://127.0.0.1:3100', MERCHANT_ID: 'm', ACCOUNT_ID: 'a', SECRET_KEY: 'sandbox-secret-key',
    ALLOWED_ORIGINS: 'http://shop.test, http://other.test', OPERATIONS_TOKEN: 'x'.repeat(32), ORDER_RESOLVER: './orders.js',
  }; // prettier-ignore

  it('reads a valid environment', () => {
    const config = companionConfig(companionEnv(env), resolveOrder);
    assert.deepEqual(config.allowedOrigins, ['http://shop.test', 'http://other.test']);
    assert.equal(config.database, 'data/companion.sqlite');
    assert.equal(config.trustProxy, false);
  });

  it('stops with a message naming each missing or malformed variable', () => {
    assert.throws(
      () =>
        companionEnv({
          ...env,
          SECRET_KEY: 'short',
          GATEWAY_BASE_URL: 'not a url',
          OPERATIONS_TOKEN: undefined,
        }),
      (error: Error) => {
        assert.match(error.message, /SECRET_KEY: at least 8 characters/);
        assert.match(error.message, /GATEWAY_BASE_URL/);
        assert.match(error.message, /OPERATIONS_TOKEN/);
        return true;
      },
    );
  });
});

describe('logs', () => {
  it('never carry card numbers, security codes or keys', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()),
    });
    const log = pino({ redact: { paths: REDACTED, censor: '[redacted]' } }, sink);
    log.info(
      {
        card: { number: '4111111111111111', security_code: '123' },
        body: { card: '4111111111111111', security_code: '999' },
        secretKey: 'sandbox-secret-key',
      },
      'payment',
    );
    const text = lines.join('');
    assert.doesNotMatch(text, /4111111111111111|"123"|"999"|sandbox-secret-key/);
  });
});
