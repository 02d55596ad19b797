/**
 * Signed operations tokens (core/operations-tokens.ts) to the letter, beyond access.test.ts: the
 * token's format against an HMAC worked out here, the claims a key may sign (every role and every
 * prefix within the key's, lists of them, prefixes of the allowed characters only), the length
 * past which a token is not read, the second it expires, and the settings' token list. Fast, so
 * the mutation run (StrykerJS) uses it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  callersOf,
  mintOperationsToken,
  principalOf,
} from '../../../server/companion/core/index.ts';

const SECRET = 's'.repeat(32);
const KEY = { key: SECRET, roles: ['read' as const, 'refund' as const], scope: ['shop-a.'] };
const DEFAULT = 'default-token-0123456789abcdef';
const callers = callersOf({ operationsToken: DEFAULT, operationsTokenKeys: { sellers: KEY } });

const b64 = (text: string) => Buffer.from(text).toString('base64url');
/** A token as the format says: `ops1.<claims>.<HMAC-SHA256 of "ops1.<claims>">`. */
const signed = (json: string) => {
  const payload = b64(json);
  const mac = createHmac('sha256', SECRET).update(`ops1.${payload}`).digest('base64url');
  return `ops1.${payload}.${mac}`;
};
const mint = (claims: Parameters<typeof mintOperationsToken>[2], now?: number) =>
  mintOperationsToken('sellers', KEY, claims, now);

describe('a signed operations token', () => {
  it('is ops1, the claims in base64url, and their HMAC under the key', () => {
    const token = mint({ name: 'seller-1', roles: ['refund'], scope: 'shop-a.1.' });
    assert.equal(token, signed('{"k":"sellers","n":"seller-1","r":["refund"],"s":["shop-a.1."]}'));
    const open = mint({ name: 'x', roles: ['read'], scope: ['shop-a.'] }, 1_800_000_000_500);
    assert.equal(mint({ name: 'x', roles: ['read'], scope: 'shop-a.' }, 1_800_000_000_500), open);
  });

  it('holds several roles and prefixes, each within the key', () => {
    const token = mint({ name: 'x', roles: ['read', 'refund'], scope: ['shop-a.1.', 'shop-a.2.'] });
    assert.deepEqual(principalOf(token, callers), {
      name: 'sellers.x',
      roles: ['read', 'refund'],
      scope: ['shop-a.1.', 'shop-a.2.'],
    });
    assert.throws(() => mint({ name: 'x', roles: ['refund', 'capture'], scope: 'shop-a.' }), /may not sign/); // prettier-ignore
    assert.throws(() => mint({ name: 'x', roles: ['refund'], scope: ['shop-a.1', 'shop-b.1'] }), /may not sign/); // prettier-ignore
    assert.throws(() => mint({ name: 'x', roles: [], scope: 'shop-a.' }));
    assert.throws(() => mint({ name: 'x', roles: ['refund'], scope: [] }));
    for (const prefix of ['shop-a.x y', 'shop-a.x/', ' shop-a.x'])
      assert.throws(() => mint({ name: 'x', roles: ['refund'], scope: prefix }), prefix);
    // Signed by the key itself, but claiming more than it allows: still refused.
    const wider = signed('{"k":"sellers","n":"x","r":["refund","capture"],"s":["shop-a."]}');
    assert.equal(principalOf(wider, callers), undefined);
    const outside = signed('{"k":"sellers","n":"x","r":["refund"],"s":["shop-a.","shop-b."]}');
    assert.equal(principalOf(outside, callers), undefined);
  });

  it('is refused, not thrown over, when its claims are JSON of another form', () => {
    for (const json of ['{}', '{"k":1}', '[]', '"x"', '{"k":"sellers","n":"x","r":[]}'])
      assert.equal(principalOf(signed(json), callers), undefined, json);
  });

  it('is read up to 12,000 characters and not past them', () => {
    // A key holder could pad the claims' JSON with spaces: 8,963 bytes make a token of 12,000.
    const json = '{"k":"sellers","n":"x","r":["refund"],"s":["shop-a."]}';
    const padded = (bytes: number) => signed(json.padEnd(bytes, ' '));
    assert.equal(padded(8_963).length, 12_000);
    assert.equal(principalOf(padded(8_963), callers)?.name, 'sellers.x');
    assert.equal(padded(8_964).length, 12_001);
    assert.equal(principalOf(padded(8_964), callers), undefined);
  });

  it('expires at the second its time to live ends', () => {
    const minted = 1_800_000_000_000;
    const token = mint({ name: 'x', roles: ['refund'], scope: 'shop-a.', ttlSeconds: 60 }, minted);
    assert.equal(principalOf(token, callers, minted + 59_999)?.name, 'sellers.x');
    assert.equal(principalOf(token, callers, minted + 60_000), undefined);
  });
});

describe("the settings' callers", () => {
  it('are the default token, the named ones, and the extra ones given: no other', () => {
    const scoped = { token: 'scoped-token-0123456789abcd', roles: ['read' as const], scope: ['a.', 'b.'] }; // prettier-ignore
    const config = { operationsToken: DEFAULT, operationsTokens: { ada: 'ada-token-0123456789abcdef00', scoped } }; // prettier-ignore
    assert.deepEqual(callersOf(config).tokens, [
      [DEFAULT, { name: 'default', roles: ['admin'] }],
      ['ada-token-0123456789abcdef00', { name: 'ada', roles: ['admin'] }],
      [scoped.token, { name: 'scoped', roles: ['read'], scope: ['a.', 'b.'] }],
    ]);
    assert.deepEqual(principalOf(scoped.token, callersOf(config))?.scope, ['a.', 'b.']);
    assert.equal(callersOf(config).keys.size, 0);
  });
});
