/**
 * The operations API's bearer tokens: the ones the settings name (compared in constant time,
 * every one, so the time does not tell which matched), and scoped tokens made on demand, signed
 * by a key the settings name (`mintOperationsToken`). Either way, what a token is: a Principal.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  ROLES,
  TOKEN_NAME,
  type CompanionConfig,
  type OperationsKeySetting,
  type OperationsRole,
} from '../config/index.ts';
import { parsedJson } from '../../unknown.ts';
import { inScope, type Principal } from './access.ts';
import { sameSecret } from './tokens.ts';

/** What starts a signed token: its format's version. */
const SIGNED = 'ops1';
/** Longer than any token a key signs (a hundred prefixes of 64 characters): not read at all. */
const MAX_SIGNED_LENGTH = 12_000;

const asList = (scope: string | string[] | undefined) =>
  typeof scope === 'string' ? [scope] : scope;

/** What a signed token claims: its key, its name, roles, scope and when it expires (s). */
const Claims = z.strictObject({
  k: z.string().regex(TOKEN_NAME),
  n: z.string().regex(TOKEN_NAME),
  r: z.array(z.enum(ROLES)).min(1),
  s: z
    .array(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/))
    .min(1)
    .max(100)
    .optional(),
  e: z.number().int().optional(),
});
type Claims = z.infer<typeof Claims>;

/** Everything that may call the operations API, as one companion's settings name it. */
export interface Callers {
  tokens: [token: string, principal: Principal][];
  keys: Map<string, OperationsKeySetting>;
}

/**
 * The callers of a companion's settings: `default` (operationsToken, every role), each of
 * operationsTokens (a token alone: every role), and the keys of operationsTokenKeys. `extra`
 * adds tokens of a route's own (the metrics token).
 */
export function callersOf(
  config: Pick<CompanionConfig, 'operationsToken' | 'operationsTokens' | 'operationsTokenKeys'>,
  extra: [token: string, principal: Principal][] = [],
): Callers {
  const admin: OperationsRole[] = ['admin'];
  const named = Object.entries(config.operationsTokens ?? {}).map(
    ([name, setting]): [string, Principal] =>
      typeof setting === 'string'
        ? [setting, { name, roles: admin }]
        : [setting.token, { name, roles: setting.roles, scope: asList(setting.scope) }],
  );
  return {
    tokens: [[config.operationsToken, { name: 'default', roles: admin }], ...named, ...extra],
    keys: new Map(Object.entries(config.operationsTokenKeys ?? {})),
  };
}

const mac = (key: string, payload: string) =>
  createHmac('sha256', key).update(`${SIGNED}.${payload}`).digest('base64url');

/** A signed token's name, as the audit trail records it: its key's, a dot, its own. */
const nameOf = (claims: Pick<Claims, 'k' | 'n'>) => `${claims.k}.${claims.n}`;

/** Whether a key may sign `claims`: its roles at most the key's, its scope within the key's. */
function withinKey(key: OperationsKeySetting, claims: Pick<Claims, 'r' | 's'>): boolean {
  const keyScope = asList(key.scope);
  const roles = key.roles.includes('admin') || claims.r.every((role) => key.roles.includes(role));
  const scope =
    keyScope === undefined ||
    (claims.s !== undefined && claims.s.every((prefix) => inScope(keyScope, prefix)));
  return roles && scope;
}

/** The principal a signed token is, when its key signed it, it has not expired and the key allows it. */
function signedPrincipal(given: string, keys: Callers['keys'], now: number): Principal | undefined {
  if (given.length > MAX_SIGNED_LENGTH) return undefined;
  const parts = given.split('.');
  // Stryker disable next-line StringLiteral: a missing payload or signature fails either way (no JSON; not the MAC's 43 characters)
  const [version, payload = '', signature = '', ...rest] = parts;
  if (version !== SIGNED || rest.length > 0) return undefined;
  let claims: Claims;
  try {
    const parsed = Claims.safeParse(parsedJson(Buffer.from(payload, 'base64url').toString()));
    if (!parsed.success) return undefined;
    claims = parsed.data;
  } catch {
    return undefined;
  }
  const key = keys.get(claims.k);
  if (!key) return undefined;
  const expected = Buffer.from(mac(key.key, payload));
  const signed = Buffer.from(signature);
  if (signed.length !== expected.length || !timingSafeEqual(signed, expected)) return undefined;
  // No `e`: it never expires.
  if ((claims.e ?? Infinity) * 1000 <= now) return undefined;
  if (!TOKEN_NAME.test(nameOf(claims)) || !withinKey(key, claims)) return undefined;
  return { name: nameOf(claims), roles: claims.r, scope: claims.s };
}

/** The principal `given` (a bearer token) is, or undefined when it is none of `callers`'. */
export function principalOf(
  given: string,
  callers: Callers,
  now = Date.now(),
): Principal | undefined {
  let matched: Principal | undefined;
  for (const [token, principal] of callers.tokens)
    if (sameSecret(given, token)) matched ??= principal;
  // With no keys configured, signedPrincipal finds no key and answers undefined.
  return matched ?? signedPrincipal(given, callers.keys, now);
}

/** What a token made on demand may do, for whom, and for how long. */
export interface ScopedTokenClaims {
  /** Its holder (a seller, a visitor): `<key name>.<name>` is what the audit trail records. */
  name: string;
  roles: OperationsRole[];
  /** The reference prefixes it may act on; required when the key has a scope. */
  scope?: string | string[];
  /** How long it is valid, in seconds; unset: as long as its key is configured. */
  ttlSeconds?: number;
}

/**
 * A bearer token of the operations API, signed by the key `keyName` of `operationsTokenKeys`,
 * holding `claims`. The companion accepts it while that key is configured (and until its
 * `ttlSeconds` run out): a marketplace's backend makes one per seller, scoped to the seller's
 * references; the public demo one per visitor. Throws when the claims exceed what the key allows.
 */
export function mintOperationsToken(
  keyName: string,
  key: OperationsKeySetting,
  claims: ScopedTokenClaims,
  now = Date.now(),
): string {
  const parsed = Claims.parse({
    k: keyName,
    n: claims.name,
    r: claims.roles,
    // No scope: s is undefined, which the claims allow and JSON.stringify leaves out.
    s: asList(claims.scope),
    ...(claims.ttlSeconds === undefined ? {} : { e: Math.floor(now / 1000) + claims.ttlSeconds }),
  });
  if (!TOKEN_NAME.test(nameOf(parsed)))
    throw new Error(`token name ${nameOf(parsed)}: 1 to 64 of a-z 0-9 . _ @ - in all`);
  if (!withinKey(key, parsed))
    throw new Error(`the key ${keyName} may not sign these roles or this scope`);
  const payload = Buffer.from(JSON.stringify(parsed)).toString('base64url');
  return `${SIGNED}.${payload}.${mac(key.key, payload)}`;
}
