import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { companionEnv } from 'acquiring-checkout-server/companion';
import { sandboxConfigFromEnv } from 'acquiring-checkout-server/sandbox';

describe('server/.env.example', () => {
  const example = parseEnv(readFileSync('server/.env.example', 'utf8'));

  it('is a configuration the companion accepts as it stands', () => {
    const env = companionEnv(example);
    assert.equal(env.ORDER_RESOLVER, './resolve-order.js');
    assert.equal(env.DIRECT_CARD_PAYMENTS, '0');
  });

  it('names the sandbox the companion expects', () => {
    const { config } = sandboxConfigFromEnv(example);
    assert.equal(new URL(example.GATEWAY_BASE_URL ?? '').port, '3100');
    assert.equal(config.merchants[0]?.secret_key, example.SECRET_KEY);
    assert.equal(config.merchants[0]?.merchant_id, example.MERCHANT_ID);
  });
});
