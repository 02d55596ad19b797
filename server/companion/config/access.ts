/**
 * Who may call the operations API, as settings: the roles a token may hold, the order references
 * it may act on (its scope), and the keys that sign scoped tokens made on demand. Their shapes and
 * their rules, for `createCompanion`'s options and the bin's environment alike; the decision
 * itself is core/access.ts.
 */
import { z } from 'zod';
import { parsedJson } from '../../unknown.ts';

/**
 * What a token may do. Each route of the operations API needs one (docs: "Operations tokens");
 * `admin` holds them all.
 */
export const ROLES = [
  'read',
  'capture',
  'refund',
  'cancel',
  'review',
  'payouts',
  'charge',
  'reconcile',
  'metrics',
  'admin',
] as const;
/** One of ROLES: what an operations token may do (`admin`: all of them). */
export type OperationsRole = (typeof ROLES)[number];

/** A named token with its roles and, optionally, the order references it may act on. */
export interface OperationsTokenSetting {
  /** The bearer token itself: at least 24 characters. */
  token: string;
  roles: OperationsRole[];
  /**
   * Only orders (and payouts) whose reference starts with this prefix, or with one of these
   * (`'shop-a.'`, `['shop-a.', 'shop-b.']`). Unset: every order.
   */
  scope?: string | string[];
}

/**
 * A key that signs scoped tokens made on demand (`mintOperationsToken`): a marketplace's token per
 * seller, the public demo's per visitor. A token it signs holds at most `roles`, within `scope`.
 */
export interface OperationsKeySetting {
  /** The signing key: at least 32 characters. */
  key: string;
  roles: OperationsRole[];
  /** The prefixes its tokens' scopes must lie within; unset: any. */
  scope?: string | string[];
}

/** A token or key name: what the audit trail records as `token_name`. */
export const TOKEN_NAME = /^[a-z0-9._@-]{1,64}$/;
const tokenName = z.string().regex(TOKEN_NAME, 'a name of 1 to 64 of a-z 0-9 . _ @ -');

export const operationsToken = z
  .string({ error: 'required: the bearer token of the operations API' })
  .min(24, 'at least 24 characters')
  // .env.example's placeholder is long enough: refuse it by name.
  .refine((token) => !token.startsWith('change-me'), 'replace the placeholder with a random token');

/** A reference prefix: an order reference's characters, or a payout reference's (up to 64). */
export const ScopePrefix = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, '1 to 64 letters, digits, dots, dashes or underscores');

/** A scope as given (one prefix, or a list), as the list the decision reads. */
export const Scope = z
  .union([ScopePrefix, z.array(ScopePrefix).min(1, 'at least one prefix').max(100)])
  .transform((scope) => (typeof scope === 'string' ? [scope] : scope));

const Roles = z.array(z.enum(ROLES)).min(1, 'at least one role');

const TokenSetting = z.strictObject({
  token: operationsToken,
  roles: Roles,
  scope: Scope.optional(),
});

const KeySetting = z.strictObject({
  key: z.string().min(32, 'at least 32 characters'),
  roles: Roles,
  scope: Scope.optional(),
});

/** Each token different: a token shared by two names would be recorded under the first. */
const distinct = (tokens: string[]) => new Set(tokens).size === tokens.length;
export const tokenOf = (entry: string | { token: string }) =>
  typeof entry === 'string' ? entry : entry.token;

/** A named token's entry: a token alone, or a setting; each checked as what it is. */
const TokenEntry = z.unknown().transform((value, context) => {
  const parsed =
    typeof value === 'string' ? operationsToken.safeParse(value) : TokenSetting.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/**
 * Named operations tokens: a token alone holds every role (as before roles existed); a setting
 * names its roles and scope.
 */
export const tokensByName = z
  .record(tokenName, TokenEntry)
  .refine((tokens) => !('default' in tokens), 'default is operationsToken (OPERATIONS_TOKEN)')
  .refine((tokens) => distinct(Object.values(tokens).map(tokenOf)), 'each token different');

/** Keys that sign scoped tokens, by name. */
export const keysByName = z.record(tokenName, KeySetting);

/** JSON text, read before a schema checks it. */
function jsonOf(text: string, context: z.RefinementCtx): unknown {
  try {
    return parsedJson(text);
  } catch {
    context.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
}

/** `name=token,name=token`; a token may hold `=` (base64's padding): the first one parts them. */
const pairsOf = (text: string) =>
  Object.fromEntries(
    text.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );

/**
 * OPERATIONS_TOKENS: `name=token,name=token` (each with every role), or JSON of named settings:
 * `{"support":{"token":"…","roles":["read","refund"],"scope":"shop-a."}}`.
 */
export const namedTokens = z
  .string()
  .transform((text, context) =>
    text.trim().startsWith('{') ? jsonOf(text, context) : pairsOf(text),
  )
  .pipe(tokensByName);

/** OPERATIONS_TOKEN_KEYS: JSON, `{"sellers":{"key":"…","roles":["read","refund"]}}`. */
export const namedKeys = z.string().transform(jsonOf).pipe(keysByName);
