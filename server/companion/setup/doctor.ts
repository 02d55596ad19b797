/**
 * `acquiring-checkout-companion doctor` and `doctor()`: a merchant's whole setup checked at once,
 * each check printed with what to do when it fails. The environment (every variable, origins
 * included), the order resolver (with a sample reference), the database (reached and migrated),
 * Redis, the key against the service, and the running companion at PUBLIC_URL with its notify
 * route. Every check runs, so one command shows every problem, not only the first.
 */
import pino from 'pino';
import { GatewayClient } from '../../gateway/index.ts';
import { sqliteOwner } from '../../sqlite.ts';
import { messageOf } from '../../unknown.ts';
import {
  companionConfig,
  companionEnv,
  type CompanionConfig,
  type CompanionEnv,
} from '../config/index.ts';
import { checkGatewayKey } from './gateway-check.ts';
import { merchantHooks } from './order-resolver.ts';
import { CompanionStore } from '../store/index.ts';

/** One check: resolves with what it found, or throws with what to do. */
type Check = () => Promise<string>;

/** What `doctor` needs besides the environment. */
export interface DoctorOptions {
  /** An order reference the shop knows: the resolver is asked to price it. */
  sampleOrderRef?: string;
  /** Where each line goes (default: standard output). */
  print?: (line: string) => void;
}

const silent = pino({ level: 'silent' });
/** How long a check waits for an answer from over the network. */
const NETWORK_TIMEOUT_MS = 3_000;

/**
 * Checks a companion's setup from its environment (`process.env` with `.env` loaded, as the bin
 * reads it), printing `✓ check: what it found` or `✗ check: what to do`.
 * @returns true when every check passed.
 */
export async function doctor(
  environment: NodeJS.ProcessEnv,
  options: DoctorOptions = {},
): Promise<boolean> {
  const print = options.print ?? ((line: string) => console.log(line));
  let env: CompanionEnv;
  try {
    env = companionEnv(environment);
    print(`✓ environment: every variable valid; storefront origins ${env.ALLOWED_ORIGINS}`);
  } catch (error) {
    print(`✗ environment: ${withoutPrefix(error)}`);
    return false;
  }
  let ok = true;
  for (const [name, check] of checks(env, options.sampleOrderRef)) {
    try {
      print(`✓ ${name}: ${await check()}`);
    } catch (error) {
      ok = false;
      print(`✗ ${name}: ${withoutPrefix(error)}`);
    }
  }
  return ok;
}

function withoutPrefix(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^invalid companion configuration:\s*/, '');
}

function checks(env: CompanionEnv, sample: string | undefined): [string, Check][] {
  const config = companionConfig(env, async () => undefined, silent);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  return [
    ['order resolver', () => checkResolver(env, sample)],
    ['database', () => checkDatabase(config.database)],
    ['redis', () => checkRedis(env.REDIS_URL)],
    ['payment service key', () => checkKey(config)],
    ['PUBLIC_URL', () => checkPublicUrl(publicUrl)],
    ['notify route', () => checkNotifyRoute(publicUrl)],
  ];
}

async function checkResolver(env: CompanionEnv, sample: string | undefined): Promise<string> {
  const { resolveOrder } = await merchantHooks(env.ORDER_RESOLVER, env.ORDER_RESOLVER_TOKEN);
  if (!sample)
    return `${env.ORDER_RESOLVER} loads; give a sample order reference (doctor <order_ref>) to have it price one`;
  const order = await resolveOrder(sample);
  if (!order)
    throw new Error(`ORDER_RESOLVER knows no order ${sample}: give a reference your shop prices`);
  return `${sample} is ${order.amount} ${order.currency}`;
}

async function checkDatabase(location: string): Promise<string> {
  const postgres = /^postgres(ql)?:\/\//.test(location);
  // The embedded store belongs to one process: a running companion holds it, migrated.
  const owner = postgres ? undefined : sqliteOwner(location);
  if (owner) return `SQLite ${location}, open in the running companion (process ${owner})`;
  let store: CompanionStore;
  try {
    store = await CompanionStore.open(location);
  } catch (error) {
    const fix = postgres ? 'check DATABASE_URL and that the server is up' : 'check DATA_DIR';
    throw new Error(`${messageOf(error)}: ${fix}`, { cause: error });
  }
  await store.close();
  return `${postgres ? 'PostgreSQL' : `SQLite ${location}`} reached and migrated`;
}

async function checkRedis(url: string | undefined): Promise<string> {
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

async function checkKey(config: CompanionConfig): Promise<string> {
  const answer = await checkGatewayKey(new GatewayClient(config.gateway), config.gateway, silent);
  if (answer !== 'ok')
    throw new Error(`${answer}: check GATEWAY_BASE_URL and that this host may reach it`);
  return `the service at ${config.gateway.baseUrl} accepts merchant ${config.gateway.merchantId}'s signature`;
}

async function checkPublicUrl(publicUrl: string): Promise<string> {
  const answer = await fetch(`${publicUrl}/healthz`, {
    signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
  }).catch(() => undefined);
  if (answer?.status !== 200)
    throw new Error(
      `no companion answers at ${publicUrl}/healthz: start it, or set PUBLIC_URL to the address browsers and the service reach it at`,
    );
  return `${publicUrl} answers`;
}

async function checkNotifyRoute(publicUrl: string): Promise<string> {
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
