/**
 * The checks `doctor` runs on a setup, each against the world outside: the database (reached
 * and migrated), Redis, the key with the service, and the running companion at its public address
 * with its notify route. Each resolves with what it found, or throws with what to do.
 */
import pino from 'pino';
import { GatewayClient } from '../../gateway/index.ts';
import { sqliteOwner } from '../../sqlite.ts';
import { messageOf } from '../../unknown.ts';
import type { CompanionConfig } from '../config/index.ts';
import { checkGatewayKey } from './gateway-check.ts';
import { openStore } from './store-opening.ts';

const silent = pino({ level: 'silent' });
/** How long a check waits for an answer from over the network. */
const NETWORK_TIMEOUT_MS = 3_000;

export async function checkDatabase(location: string): Promise<string> {
  const postgres = /^postgres(ql)?:\/\//.test(location);
  // The embedded store belongs to one process: a running companion holds it, migrated.
  const owner = postgres ? undefined : sqliteOwner(location);
  if (owner) return `SQLite ${location}, open in the running companion (process ${owner})`;
  const store = await openStore(location);
  await store.close();
  return `${postgres ? 'PostgreSQL' : `SQLite ${location}`} reached and migrated`;
}

export async function checkRedis(url: string | undefined): Promise<string> {
  if (!url) return 'not used: rate limits are counted per process (set REDIS_URL for several)';
  const { createClient } = await import('redis');
  const client = createClient({
    url,
    socket: { connectTimeout: NETWORK_TIMEOUT_MS, reconnectStrategy: false },
  });
  client.on('error', () => {}); // reported by connect() below
  try {
    await client.connect();
    await client.ping();
    return `${url} answers`;
  } catch (error) {
    throw new Error(`${url} does not answer (${messageOf(error)}): check REDIS_URL`, {
      cause: error,
    });
  } finally {
    if (client.isOpen) await client.destroy();
  }
}

export async function checkKey(config: CompanionConfig): Promise<string> {
  const answer = await checkGatewayKey(new GatewayClient(config.gateway), config.gateway, silent);
  if (answer !== 'ok')
    throw new Error(`${answer}: check GATEWAY_BASE_URL and that this host may reach it`);
  return `the service at ${config.gateway.baseUrl} accepts merchant ${config.gateway.merchantId}'s signature`;
}

export async function checkPublicUrl(publicUrl: string): Promise<string> {
  const answer = await fetch(`${publicUrl}/healthz`, {
    signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
  }).catch(() => undefined);
  if (answer?.status !== 200)
    throw new Error(
      `no companion answers at ${publicUrl}/healthz: start it, or set PUBLIC_URL to the address browsers and the service reach it at`,
    );
  return `${publicUrl} answers`;
}

export async function checkNotifyRoute(publicUrl: string): Promise<string> {
  const route = `${publicUrl}/api/notifications`;
  const answer = await fetch(route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
  }).catch(() => undefined);
  if (!answer)
    throw new Error(`${route} does not answer: the service's notifications would be lost`);
  // An unsigned notification is refused: 400 naming encryption_data, or 401.
  if (answer.status !== 400 && answer.status !== 401)
    throw new Error(
      `${route} answered ${answer.status} to an unsigned notification, not a refusal: is a proxy in front rewriting it?`,
    );
  return `${route} is reachable and refuses an unsigned notification`;
}
