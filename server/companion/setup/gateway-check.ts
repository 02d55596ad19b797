/**
 * The merchant's key, checked at start with one harmless signed call (a query for an order that
 * does not exist): a wrong SECRET_KEY or MERCHANT_ID is a permanent failure, found before the
 * first shopper meets it as "payments are unavailable". A service that cannot be reached now is
 * not a wrong setting: the companion starts, and says so in its log and `/readyz`.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { GatewayError, type GatewayClient } from '../../gateway/index.ts';
import type { CompanionConfig } from '../config/index.ts';
import { signatureRefused } from '../core/index.ts';

/** How long the start waits for the service's answer. */
const CHECK_TIMEOUT_MS = 5_000;

/** What the start learnt of the key: `ok`, or why it could not be checked. */
export type GatewayKeyCheck = 'ok' | `not checked: ${string}`;

function refusal(error: GatewayError, gateway: CompanionConfig['gateway']): string | undefined {
  const { merchantId, accountId } = gateway;
  if (signatureRefused(error))
    return `the payment service refused the companion's signature: SECRET_KEY (gateway.secretKey) is not the key of merchant ${merchantId}; check it, and MERCHANT_ID and ACCOUNT_ID`;
  if (error.code === 'record_not_found')
    return `the payment service does not know merchant ${merchantId} with account ${accountId}: check MERCHANT_ID (gateway.merchantId) and ACCOUNT_ID (gateway.accountId)`;
  return undefined;
}

/** Throws when the service refuses the merchant's key or identifiers; otherwise what it learnt. */
export async function checkGatewayKey(
  client: GatewayClient,
  gateway: CompanionConfig['gateway'],
  log: Logger,
): Promise<GatewayKeyCheck> {
  let error: Error | undefined;
  try {
    const options = {
      maxRetries: 0,
      timeoutMs: Math.min(gateway.timeoutMs ?? CHECK_TIMEOUT_MS, CHECK_TIMEOUT_MS),
    };
    const answer = await client.query({ order_no: [`keycheck-${randomUUID()}`] }, options);
    error = answer.failures[0]?.error;
  } catch (thrown) {
    error = thrown instanceof Error ? thrown : new Error(String(thrown));
  }
  if (!error) return 'ok';
  const refused = error instanceof GatewayError ? refusal(error, gateway) : undefined;
  if (refused) throw new Error(`invalid companion configuration:\n  ${refused}`);
  const reason = `the payment service could not be asked (${error.message})`;
  log.warn({ err: error }, `the merchant's key was not checked at start: ${reason}`);
  return `not checked: ${reason}`;
}
