import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { companionConfig, companionEnv } from 'acquiring-checkout-server/companion';
import { sandboxConfigFromEnv } from 'acquiring-checkout-server/sandbox';

describe('server/.env.example', () => {
  const example = parseEnv(readFileSync('server/.env.example', 'utf8'));

  it('is a configuration the companion accepts once its token placeholder is replaced', () => {
    assert.throws(
      () => companionEnv(example),
      /^Error: invalid companion configuration:\n {2}OPERATIONS_TOKEN: replace the placeholder with a random token$/,
    );
    const env = companionEnv({ ...example, OPERATIONS_TOKEN: 'k7Qx9mP2vL4sT8wZ1nB6cR3yH5' });
    assert.equal(env.ORDER_RESOLVER, './resolve-order.mjs');
    assert.equal(env.DIRECT_CARD_PAYMENTS, '0');
  });

  it('reads a variable set empty as not set', () => {
    const env = companionEnv({
      ...example,
      OPERATIONS_TOKEN: 'k7Qx9mP2vL4sT8wZ1nB6cR3yH5',
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    assert.deepEqual([env.DATABASE_URL, env.REDIS_URL], [undefined, undefined]);
  });

  it('reads the commented payment method and instalment settings, and names a bad one', () => {
    const text = readFileSync('server/.env.example', 'utf8');
    const commented = (name: string) => new RegExp(`^# ${name}=(.*)$`, 'm').exec(text)?.[1] ?? '';
    const token = { OPERATIONS_TOKEN: 'k7Qx9mP2vL4sT8wZ1nB6cR3yH5' };
    const env = companionEnv({
      ...example,
      ...token,
      PAYMENT_METHODS: commented('PAYMENT_METHODS'),
      METHOD_ORDER: commented('METHOD_ORDER'),
      INSTALLMENTS: commented('INSTALLMENTS'),
    });
    const config = companionConfig(env, () => undefined);
    assert.equal(config.paymentMethods?.[1]?.payerDocument, 'CPF');
    assert.deepEqual(config.methodOrder, ['card']);
    assert.deepEqual(config.installments?.BRL?.counts, [1, 2, 3, 6, 12]);
    assert.throws(
      () => companionEnv({ ...example, ...token, PAYMENT_METHODS: '[{"method":' }),
      /PAYMENT_METHODS: not JSON/,
    );
    assert.throws(
      () => companionEnv({ ...example, ...token, INSTALLMENTS: '{"BRL":{"counts":[0]}}' }),
      /INSTALLMENTS\.BRL\.counts\.0: /,
    );
  });

  it('speaks of what a merchant’s app has: the bins by name, no script of this repository', () => {
    const text = readFileSync('server/.env.example', 'utf8');
    const { bin } = JSON.parse(readFileSync('server/package.json', 'utf8')) as {
      bin: Record<string, string>;
    };
    assert.doesNotMatch(text, /npm run /, 'npm run <script> is this repository’s, not the app’s');
    const named = [...text.matchAll(/npx ([\w-]+)/g)].map((m) => m[1]);
    assert.ok(named.length > 0, 'it says how to start the sandbox');
    for (const name of named) assert.ok(name && name in bin, `npx ${name}: no such bin`);
  });

  it('names the sandbox the companion expects', () => {
    const { config } = sandboxConfigFromEnv(example);
    assert.equal(new URL(example.GATEWAY_BASE_URL ?? '').port, '3100');
    assert.equal(config.merchants[0]?.secret_key, example.SECRET_KEY);
    assert.equal(config.merchants[0]?.merchant_id, example.MERCHANT_ID);
  });
});
