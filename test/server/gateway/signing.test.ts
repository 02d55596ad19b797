import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalString, sign, signed, verify } from '../../../server/gateway/index.ts';

/**
 * The test vector published in the docs (gateway/wire-formats-and-signing.md, which
 * test/server/docs/figures.test.ts checks), so signers in other languages can check themselves.
 */
const VECTOR = {
  key: 'test-key-123',
  request: {
    merchant_id: 'M1',
    account_id: 'A1',
    order_no: 'ORDER-1',
    currency: 'USD',
    amount: '10.50',
    note: '',
    checkout_time: 1700000000,
    subscription: { interval: 'day', billing_cycle: 3, contract: 'C1' },
  },
  canonical:
    'account_id=A1&amount=10.50&checkout_time=1700000000&currency=USD&merchant_id=M1&order_no=ORDER-1' +
    '&subscription={"billing_cycle":"3","contract":"C1","interval":"day"}',
  // Computed independently: printf '%s' "$canonical" | openssl dgst -sha256 -hmac test-key-123
  hex: '1f9a55c90e2b4b1449fe421fd6cbe306d8f8a65ca4145799499442b44939aa0d',
};

const fieldName = fc
  .stringMatching(/^[a-z][a-z_]{0,15}$/)
  .filter((name) => name !== 'encryption_data');
const fields = fc.dictionary(fieldName, fc.string({ minLength: 1, maxLength: 20 }), {
  minKeys: 1,
  maxKeys: 12,
});
const key = fc.string({ minLength: 1, maxLength: 40 });

describe('signing', () => {
  it('matches the published test vector', () => {
    assert.equal(canonicalString(VECTOR.request), VECTOR.canonical);
    assert.equal(sign(VECTOR.request, VECTOR.key), VECTOR.hex);
    assert.ok(verify({ ...VECTOR.request, encryption_data: VECTOR.hex }, [VECTOR.key]));
  });

  it('signs the same whether a nested number travelled as a number or as text', () => {
    const asText = {
      ...VECTOR.request,
      checkout_time: '1700000000',
      subscription: { interval: 'day', billing_cycle: '3', contract: 'C1' },
    };
    assert.equal(sign(asText, VECTOR.key), VECTOR.hex);
  });

  it('does not depend on the order of the fields', () => {
    fc.assert(
      fc.property(fields, key, fc.integer(), (body, k, seed) => {
        const entries = Object.entries(body);
        const shuffled = entries
          .map((entry, i) => ({ entry, rank: (i * 7919 + seed) % 104729 }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ entry }) => entry);
        assert.equal(sign(Object.fromEntries(shuffled), k), sign(body, k));
      }),
    );
  });

  it('fails verification when any one character of any signed field changes', () => {
    fc.assert(
      fc.property(
        fields,
        key,
        fc.nat(),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 1 }),
        (body, k, which, at, replacement) => {
          const names = Object.keys(body);
          const name = names[which % names.length] as string;
          const value = body[name] as string;
          const position = at % value.length;
          fc.pre(value[position] !== replacement);
          const tampered = {
            ...signed(body, k),
            [name]: value.slice(0, position) + replacement + value.slice(position + 1),
          };
          assert.equal(verify(tampered, [k]), false);
        },
      ),
    );
  });

  it('rejects malformed signatures without throwing', () => {
    const body = signed({ order_no: '1', amount: '1.00' }, 'k');
    for (const bad of [
      '',
      'abc',
      'z'.repeat(64),
      `${body.encryption_data}0`,
      body.encryption_data.slice(1),
      undefined,
      42,
      null,
      {},
    ]) {
      assert.equal(verify({ ...body, encryption_data: bad }, ['k']), false, String(bad));
    }
    fc.assert(
      fc.property(
        fc.anything(),
        (bad) =>
          verify({ ...body, encryption_data: bad }, ['k']) === false ||
          bad === body.encryption_data,
      ),
    );
  });

  it('verifies with any of several keys, for rotation', () => {
    const body = signed({ order_no: '1' }, 'new-key');
    assert.ok(verify(body, ['old-key', 'new-key']));
    assert.ok(!verify(body, ['old-key']));
    assert.ok(!verify(body, []));
  });

  it('accepts an upper-case signature', () => {
    const body = signed({ order_no: '1' }, 'k');
    assert.ok(verify({ ...body, encryption_data: body.encryption_data.toUpperCase() }, ['k']));
  });

  it('supports the sha256-concat scheme over a configured field order', () => {
    const scheme = {
      kind: 'sha256-concat',
      fields: ['merchant_id', 'order_no', 'amount'],
    } as const;
    const body = { merchant_id: 'M1', order_no: 'O1', amount: '1.00', note: 'not signed' };
    const signature = sign(body, 'k', scheme);
    // printf '%s' M1O11.00k | openssl dgst -sha256
    assert.equal(signature, '5d4f5a9a6ff7a4cc9cb1fd5c7ffcc0e4eb8a15ec402d85e3c93cb3d04d2f6f59');
    assert.ok(verify({ ...body, encryption_data: signature }, ['k'], scheme));
    assert.ok(verify({ ...body, note: 'changed', encryption_data: signature }, ['k'], scheme));
    assert.ok(!verify({ ...body, amount: '2.00', encryption_data: signature }, ['k'], scheme));
  });
});
