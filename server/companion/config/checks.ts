/**
 * The rules a companion's settings follow, in one place for both ways in: the bin's environment
 * (`companionEnv`) and `createCompanion`'s options. A mistake stops the start, named by the option
 * and its variable, with the fix where there is one (`http://shop.test/` → `http://shop.test`).
 */
import { z } from 'zod';
import { keysByName, operationsToken, tokenOf, tokensByName } from './access.ts';
import { databaseLocation, gatewayAddress, publicAddress, required } from './addresses.ts';
import type { CompanionConfig } from './options.ts';

/** Why `value` is not a storefront origin (`scheme://host[:port]`), or undefined when it is one. */
export function originProblem(value: string): string | undefined {
  if (value.includes('*'))
    return `"${value}": a wildcard is not allowed; list each storefront origin`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an origin (scheme://host[:port])`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `"${value}": only http and https origins can host a storefront`;
  // What a browser sends in Origin: no path, no trailing slash, the host in lower case.
  if (url.origin !== value) return `"${value}" is not an origin; write ${url.origin}`;
  return undefined;
}

/** A list of storefront origins: each one checked. */
export const storefrontOrigins = z
  .array(z.string(), required("the storefront origins, like ['https://shop.example']"))
  .min(1, 'list the storefront origins')
  .superRefine((origins, context) => {
    for (const origin of origins) {
      const problem = originProblem(origin);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }
  });

export const secretKey = z
  .string(required("the merchant's signing key at the service"))
  .min(8, 'at least 8 characters');

export const merchantId = z
  .string(required('your merchant id at the service'))
  .min(1, 'your merchant id at the service');
export const accountId = z
  .string(required("your merchant's account id at the service"))
  .min(1, "your merchant's account id at the service");

/** How many days audit entries are kept: a whole number, 0 for good (see maintenance.ts). */
export const auditRetentionDays = z
  .number({ error: 'a whole number of days (0: kept for good)' })
  .int('a whole number of days (0: kept for good)')
  .min(0, 'a whole number of days (0: kept for good)')
  .max(36_500, 'at most 36500 days (0 keeps them for good)');

/** The start of the rate limits' keys in Redis: printable, no spaces. */
export const rateLimitPrefix = z
  .string()
  .regex(/^[\x21-\x7e]{1,128}$/, '1 to 128 printable characters without spaces');

/** The options `createCompanion` checks before it opens anything, by their variable's name too. */
const Options = z.object({
  publicUrl: publicAddress,
  gateway: z.object(
    { baseUrl: gatewayAddress, merchantId, accountId, secretKey },
    required('the payment service and the merchant: { baseUrl, merchantId, accountId, secretKey }'),
  ),
  database: databaseLocation,
  allowedOrigins: storefrontOrigins,
  operationsToken,
  operationsTokens: tokensByName.optional(),
  operationsTokenKeys: keysByName.optional(),
  metricsToken: operationsToken.optional(),
  auditRetentionDays: auditRetentionDays.optional(),
  rateLimitPrefix: rateLimitPrefix.optional(),
  mayOpenOrder: z
    .custom<CompanionConfig['mayOpenOrder']>((value) => typeof value === 'function', {
      error: 'a function from an order reference and the request to true or false',
    })
    .optional(),
  resolveOrder: z.custom<CompanionConfig['resolveOrder']>((value) => typeof value === 'function', {
    error: 'required: a function from an order reference to the order',
  }),
}).superRefine((options, context) => {
  // One token, one holder: the audit trail names who acted by the token, and /metrics's token
  // must not move money.
  const given = [
    ...Object.entries(options.operationsTokens ?? {}).map(([name, entry]) => ({ path: ['operationsTokens', name], token: tokenOf(entry) })),
    ...(options.metricsToken ? [{ path: ['metricsToken'], token: options.metricsToken }] : []),
  ]; // prettier-ignore
  for (const { path, token } of given)
    if (token === options.operationsToken)
      context.addIssue({ code: 'custom', path, message: 'the same token as operationsToken (OPERATIONS_TOKEN): give each holder its own' });
}); // prettier-ignore

const VARIABLES: Record<string, string> = {
  publicUrl: 'PUBLIC_URL',
  'gateway.baseUrl': 'GATEWAY_BASE_URL',
  'gateway.merchantId': 'MERCHANT_ID',
  'gateway.accountId': 'ACCOUNT_ID',
  'gateway.secretKey': 'SECRET_KEY',
  database: 'DATABASE_URL',
  allowedOrigins: 'ALLOWED_ORIGINS',
  operationsToken: 'OPERATIONS_TOKEN',
  operationsTokens: 'OPERATIONS_TOKENS',
  operationsTokenKeys: 'OPERATIONS_TOKEN_KEYS',
  metricsToken: 'METRICS_TOKEN',
  auditRetentionDays: 'AUDIT_RETENTION_DAYS',
  rateLimitPrefix: 'RATE_LIMIT_PREFIX',
  resolveOrder: 'ORDER_RESOLVER',
};

/** Throws with every problem of `config`, each naming the option and its environment variable. */
export function checkCompanionConfig(config: CompanionConfig): void {
  const parsed = Options.safeParse(config);
  if (parsed.success) return;
  const lines = parsed.error.issues.map((issue) => {
    const option = issue.path.filter((p) => typeof p === 'string').join('.');
    const variable = VARIABLES[option] ?? VARIABLES[option.split('.')[0] ?? ''];
    return `${option}${variable ? ` (${variable})` : ''}: ${issue.message}`;
  });
  throw new Error(`invalid companion configuration:\n  ${lines.join('\n  ')}`);
}
