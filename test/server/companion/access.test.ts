/**
 * Who may call the operations API, decided without a server: core/access.ts (roles, scopes,
 * references reached) and core/operations-tokens.ts (the settings' tokens, and tokens a key
 * signs), and the settings' rules for both ways in (createCompanion's options, the bin's
 * environment). The routes' side is authorization-matrix.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  authorize,
  callersOf,
  inScope,
  mayUse,
  mintOperationsToken,
  principalOf,
  type Principal,
} from '../../../server/companion/core/index.ts';
import { companionEnv, ROLES } from '../../../server/companion/config/index.ts';
import { checkCompanionConfig } from '../../../server/companion/config/checks.ts';
import {
  orderRefOf,
  SearchBody,
  searchReach,
} from '../../../server/companion/http/routes/search-filters.ts';

const DEFAULT = 'default-token-0123456789abcdef';
const KEY = { key: 'k'.repeat(32), roles: ['read', 'refund'] as const, scope: ['shop-a.'] };
const callers = callersOf({
  operationsToken: DEFAULT,
  operationsTokens: {
    ada: 'ada-token-0123456789abcdef00',
    support: { token: 'support-token-0123456789abcd', roles: ['read', 'refund'], scope: 'shop-a.' },
    finance: { token: 'finance-token-0123456789abcd', roles: ['payouts', 'reconcile'] },
  },
  operationsTokenKeys: { sellers: { ...KEY, roles: [...KEY.roles] } },
});
const seller: Principal = { name: 's', roles: ['refund'], scope: ['shop-a.', 'shop-b.'] };

describe('the authorization decision', () => {
  it('allows a role held, or any with admin, and says which role was used', () => {
    assert.deepEqual(mayUse({ name: 'x', roles: ['refund'] }, 'refund'), { allowed: true, role: 'refund' }); // prettier-ignore
    assert.deepEqual(mayUse({ name: 'x', roles: ['admin'] }, 'refund'), { allowed: true, role: 'admin' }); // prettier-ignore
    assert.deepEqual(mayUse({ name: 'x', roles: ['refund', 'admin'] }, 'refund'), { allowed: true, role: 'refund' }); // prettier-ignore
    for (const role of ROLES.filter((r) => r !== 'refund' && r !== 'admin'))
      assert.deepEqual(mayUse({ name: 'x', roles: ['refund'] }, role), { allowed: false, lacks: role }); // prettier-ignore
  });

  it('checks the role before the references', () => {
    const outside = [{ path: 'orders.0.order_ref', ref: 'shop-c.1' }];
    assert.deepEqual(authorize(seller, 'capture', outside), { allowed: false, lacks: 'capture' });
  });

  it('allows references within any prefix of the scope, and lists each one outside', () => {
    const reach = [
      { path: 'orders.0.order_ref', ref: 'shop-a.1' },
      { path: 'orders.1.order_ref', ref: 'shop-c.2' },
      { path: 'orders.2.order_ref', ref: 'shop-b.3' },
      { path: 'orders.3.order_ref', ref: 'shop-' },
    ];
    assert.deepEqual(authorize(seller, 'refund', reach.slice(0, 1)), { allowed: true, role: 'refund' }); // prettier-ignore
    assert.deepEqual(authorize(seller, 'refund', [reach[0], reach[2]] as never), { allowed: true, role: 'refund' }); // prettier-ignore
    assert.deepEqual(authorize(seller, 'refund', reach), { allowed: false, outside: [reach[1], reach[3]] }); // prettier-ignore
  });

  it('lets a token without scope reach anything, and a scoped one its narrowed lists only', () => {
    const unscoped = { name: 'x', roles: ['read'] } as const;
    assert.deepEqual(authorize(unscoped, 'read', { unnamed: 'order_no' }), { allowed: true, role: 'read' }); // prettier-ignore
    assert.deepEqual(authorize(unscoped, 'read', [{ path: 'order_ref', ref: 'any' }]), { allowed: true, role: 'read' }); // prettier-ignore
    const reader = { ...seller, roles: ['read'] } as const;
    assert.deepEqual(authorize(reader, 'read', 'narrowed'), { allowed: true, role: 'read' });
    assert.deepEqual(authorize(reader, 'read', { unnamed: 'order_no' }), {
      allowed: false,
      outside: [{ path: 'order_no', ref: '*' }],
    });
    assert.deepEqual(authorize(reader, 'read', []), { allowed: true, role: 'read' });
  });

  it('reads a scope as prefixes: undefined is everything, an empty list nothing', () => {
    assert.equal(inScope(undefined, 'x'), true);
    assert.equal(inScope([], 'x'), false);
    assert.equal(inScope(['a.'], 'a.'), true);
    assert.equal(inScope(['a.'], 'a'), false);
    assert.equal(inScope(['a.', 'b.'], 'b.1'), true);
  });
});

describe('what a search reaches', () => {
  it('reads an order number as its order reference: attempts, direct payments, renewals', () => {
    const cases = [
      ['shop-a.mug.x-1', 'shop-a.mug.x'],
      ['A-1001-12', 'A-1001'],
      ['A-1001-T1790000000000', 'A-1001'],
      ['A-1001-1-R2', 'A-1001'],
      ['A-1001-1-1-R3', 'A-1001-1'],
      ['A-R2', 'A-R2'],
      ['no-number', 'no-number'],
    ];
    for (const [orderNo, ref] of cases) assert.equal(orderRefOf(orderNo ?? ''), ref, orderNo);
  });

  it('parses order numbers as the service is sent them, each one apart', () => {
    const reach = (body: unknown) => searchReach(SearchBody.parse(body));
    const refs = [
      { path: 'order_no', ref: 'a' },
      { path: 'order_no', ref: 'b' },
    ];
    assert.deepEqual(reach({ order_no: 'a-1,b-1' }), refs);
    assert.deepEqual(reach({ order_no: ['a-1,b-1'] }), refs);
    assert.deepEqual(reach({ order_no: [' a-1', 'b-1 ', ''] }), refs);
    for (const body of [{}, { order_no: ' , ' }, { order_no: [] }, { transaction_id: 'T1' }])
      assert.deepEqual(reach(body), { unnamed: 'order_no' }, JSON.stringify(body));
    assert.deepEqual(SearchBody.parse({ order_no: 'a-1, b-1' }).order_no, ['a-1', 'b-1']);
  });
});

describe('the operations tokens', () => {
  it('knows the settings’ tokens by name: a token alone holds every role', () => {
    assert.deepEqual(principalOf(DEFAULT, callers), { name: 'default', roles: ['admin'] });
    assert.deepEqual(principalOf('ada-token-0123456789abcdef00', callers), { name: 'ada', roles: ['admin'] }); // prettier-ignore
    assert.deepEqual(principalOf('support-token-0123456789abcd', callers), {
      name: 'support',
      roles: ['read', 'refund'],
      scope: ['shop-a.'],
    });
    for (const given of ['', 'ada', `${DEFAULT} `, DEFAULT.toUpperCase(), DEFAULT.slice(0, -1)])
      assert.equal(principalOf(given, callers), undefined, given);
  });

  const mint = (claims: Parameters<typeof mintOperationsToken>[2], now?: number) =>
    mintOperationsToken('sellers', { ...KEY, roles: [...KEY.roles] }, claims, now);

  it('accepts a token its key signed, as `<key>.<name>`, with its roles and scope', () => {
    const token = mint({ name: 'seller-42', roles: ['refund'], scope: 'shop-a.42.' });
    assert.deepEqual(principalOf(token, callers), {
      name: 'sellers.seller-42',
      roles: ['refund'],
      scope: ['shop-a.42.'],
    });
  });

  it('refuses a token changed, signed by another key, expired, or of a key not configured', () => {
    const token = mint({ name: 'seller-42', roles: ['refund'], scope: 'shop-a.' });
    const [version, payload = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const widened = Buffer.from(JSON.stringify({ ...claims, s: ['shop-'] })).toString('base64url');
    const other = mintOperationsToken('sellers', { key: 'o'.repeat(32), roles: ['read', 'refund'] }, { name: 'x', roles: ['refund'], scope: 'shop-a.' }); // prettier-ignore
    const expired = mint({ name: 'x', roles: ['refund'], scope: 'shop-a.', ttlSeconds: 60 }, Date.now() - 61_000); // prettier-ignore
    const unknown = mintOperationsToken('buyers', { ...KEY, roles: ['refund'] }, { name: 'x', roles: ['refund'], scope: 'shop-a.' }); // prettier-ignore
    for (const given of [
      `${version}.${widened}.${mac}`,
      `${version}.${payload}.${mac.slice(0, -2)}`,
      `ops2.${payload}.${mac}`,
      `${token}.extra`,
      other,
      expired,
      unknown,
      `ops1.${'a'.repeat(12_001)}.${mac}`,
      'ops1.not-json.x',
    ])
      assert.equal(principalOf(given, callers), undefined, given.slice(0, 80));
    const fresh = mint({ name: 'x', roles: ['refund'], scope: 'shop-a.', ttlSeconds: 60 });
    assert.equal(principalOf(fresh, callers)?.name, 'sellers.x');
  });

  it('will not sign, nor accept, more than its key allows', () => {
    assert.throws(() => mint({ name: 'x', roles: ['capture'], scope: 'shop-a.' }), /may not sign/);
    assert.throws(() => mint({ name: 'x', roles: ['refund'], scope: 'shop-b.' }), /may not sign/);
    assert.throws(() => mint({ name: 'x', roles: ['refund'] }), /may not sign/);
    assert.throws(() => mint({ name: 'X Y', roles: ['refund'], scope: 'shop-a.' }));
    assert.throws(() => mint({ name: 'n'.repeat(60), roles: ['refund'], scope: 'shop-a.' }), /64/);
    // Signed by the same key when it allowed more: no longer accepted.
    const broad = mintOperationsToken('sellers', { key: KEY.key, roles: ['admin'] }, { name: 'x', roles: ['capture'] }); // prettier-ignore
    assert.equal(principalOf(broad, callers), undefined);
  });
});

describe('the token settings', () => {
  const valid = {
    publicUrl: 'http://127.0.0.1:3200',
    gateway: { baseUrl: 'http://127.0.0.1:9', merchantId: 'm', accountId: 'a', secretKey: 'secret-key-1' }, // prettier-ignore
    database: ':memory:',
    allowedOrigins: ['http://shop.test'],
    operationsToken: DEFAULT,
    resolveOrder: () => undefined,
  };
  const problem = (change: object) => {
    try {
      checkCompanionConfig({ ...valid, ...change } as never);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('refuses a role, a scope or a key it cannot use, naming the option and its variable', () => {
    const token = 'a-token-0123456789abcdefgh';
    assert.match(problem({ operationsTokens: { x: { token, roles: ['refunds'] } } }), /operationsTokens\.x\.roles \(OPERATIONS_TOKENS\): Invalid option: .*"refund"/); // prettier-ignore
    assert.match(problem({ operationsTokens: { x: { token, roles: [] } } }), /at least one role/);
    assert.match(problem({ operationsTokens: { x: { token, roles: ['read'], scope: 'a b' } } }), /letters, digits/); // prettier-ignore
    assert.match(problem({ operationsTokens: { x: { token, roles: ['read'], scope: [] } } }), /at least one prefix/); // prettier-ignore
    assert.match(problem({ operationsTokens: { x: { token: 'short', roles: ['read'] } } }), /at least 24/); // prettier-ignore
    assert.match(problem({ operationsTokens: { x: { token, roles: ['read'], scopes: 'a.' } } }), /scopes/); // prettier-ignore
    assert.match(problem({ operationsTokenKeys: { k: { key: 'short', roles: ['read'] } } }), /operationsTokenKeys\.k\.key \(OPERATIONS_TOKEN_KEYS\): at least 32/); // prettier-ignore
    assert.match(problem({ rateLimitPrefix: 'a prefix' }), /rateLimitPrefix \(RATE_LIMIT_PREFIX\)/);
    assert.equal(problem({ operationsTokens: { x: { token, roles: ['read'], scope: ['a.', 'b.'] } } }), ''); // prettier-ignore
  });

  it('reads OPERATIONS_TOKENS as pairs or JSON, and OPERATIONS_TOKEN_KEYS as JSON', () => {
    const env = {
      GATEWAY_BASE_URL: 'http://127.0.0.1:9', MERCHANT_ID: 'm', ACCOUNT_ID: 'a', SECRET_KEY: 'secret-key-1',
      ALLOWED_ORIGINS: 'http://shop.test', OPERATIONS_TOKEN: DEFAULT, ORDER_RESOLVER: './orders.mjs',
    }; // prettier-ignore
    const token = 'a-token-0123456789abcdefgh';
    assert.deepEqual(companionEnv({ ...env, OPERATIONS_TOKENS: `ada=${token}=` }).OPERATIONS_TOKENS, { ada: `${token}=` }); // prettier-ignore
    const json = JSON.stringify({ support: { token, roles: ['read'], scope: 'shop-a.' } });
    assert.deepEqual(companionEnv({ ...env, OPERATIONS_TOKENS: ` ${json}` }).OPERATIONS_TOKENS, {
      support: { token, roles: ['read'], scope: ['shop-a.'] },
    });
    assert.throws(() => companionEnv({ ...env, OPERATIONS_TOKENS: '{"support":' }), /OPERATIONS_TOKENS: not JSON/); // prettier-ignore
    const keys = JSON.stringify({ sellers: { key: 'k'.repeat(32), roles: ['refund'] } });
    assert.deepEqual(companionEnv({ ...env, OPERATIONS_TOKEN_KEYS: keys }).OPERATIONS_TOKEN_KEYS, {
      sellers: { key: 'k'.repeat(32), roles: ['refund'] },
    });
    assert.equal(companionEnv({ ...env, RATE_LIMIT_PREFIX: 'shop-a:rl:' }).RATE_LIMIT_PREFIX, 'shop-a:rl:'); // prettier-ignore
  });
});
