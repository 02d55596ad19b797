/**
 * `acquiring-checkout-companion doctor` and `doctor()`: a merchant's whole setup checked at once,
 * each check printed in a sentence, with what to do when it fails. The setup is the bin's
 * environment or the `CompanionConfig` given to `createCompanion` in code: its settings first
 * (every variable or option, origins included), then the order resolver (with a sample
 * reference), the database (reached and migrated), Redis, the key against the service, and the
 * running companion at its public address with its notify route. Every check runs, so one run
 * shows every problem, not only the first.
 */
import pino from 'pino';
import {
  checkCompanionConfig,
  checkInstallmentPlans,
  checkMethodSettings,
  companionConfig,
  companionEnv,
  type CompanionConfig,
} from '../config/index.ts';
import {
  checkDatabase,
  checkKey,
  checkNotifyRoute,
  checkPublicUrl,
  checkRedis,
} from './doctor-checks.ts';
import { merchantHooks, type OrderResolver } from './order-resolver.ts';

/** One check: resolves with what it found, or throws with what to do. */
type Check = () => Promise<string>;

/** What `doctor` needs besides the setup. */
export interface DoctorOptions {
  /** An order reference the shop knows: the resolver is asked to price it. */
  sampleOrderRef?: string;
  /** Where each line goes (default: standard output). */
  print?: (line: string) => void;
}

/** A setup read: its configuration and how its resolver is had, or what is wrong with it. */
interface Read {
  /** What was read: `options` (in code) or `environment` (the bin's). */
  what: 'options' | 'environment';
  config: CompanionConfig;
  /** The merchant's resolveOrder, loaded as the companion would load it; the setting that names it, and its value. */
  resolver: { load(): Promise<OrderResolver>; setting: string; value: string };
}

const silent = pino({ level: 'silent' });

/** A `CompanionConfig` in code (its gateway an object), rather than an environment of strings. */
function inCode(setup: CompanionConfig | NodeJS.ProcessEnv): setup is CompanionConfig {
  return typeof setup.gateway === 'object' && setup.gateway !== null;
}

/** Reads `setup` by the rules `createCompanion` or the bin apply: throws with every problem. */
function read(setup: CompanionConfig | NodeJS.ProcessEnv): Read {
  if (inCode(setup)) {
    checkCompanionConfig(setup);
    checkMethodSettings(setup);
    if (setup.installments !== undefined) checkInstallmentPlans(setup.installments);
    const { resolveOrder } = setup;
    const resolver = { load: async () => resolveOrder, setting: 'resolveOrder', value: 'it' };
    return { what: 'options', config: setup, resolver };
  }
  const env = companionEnv(setup);
  const hooks = () => merchantHooks(env.ORDER_RESOLVER, env.ORDER_RESOLVER_TOKEN);
  return {
    what: 'environment',
    config: companionConfig(env, async () => undefined, silent),
    resolver: {
      load: async () => (await hooks()).resolveOrder,
      setting: 'ORDER_RESOLVER',
      value: env.ORDER_RESOLVER,
    },
  };
}

/** An error's message as lines to print: each problem of a configuration on a line of its own. */
function said(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const problems = message.replace(/^invalid companion configuration:\s*/, '').split(/\n\s*/);
  return problems.length > 1 ? `\n    ${problems.join('\n    ')}` : (problems[0] ?? '');
}

/**
 * Checks a companion's setup, printing `✓ check: what it found` or `✗ check: what to do`: the
 * bin's environment (`process.env` with `.env` loaded, as the bin reads it), or the
 * `CompanionConfig` your code gives `createCompanion` (`await doctor(config, { sampleOrderRef })`).
 * @returns true when every check passed.
 */
export async function doctor(
  setup: CompanionConfig | NodeJS.ProcessEnv,
  options: DoctorOptions = {},
): Promise<boolean> {
  const print = options.print ?? ((line: string) => console.log(line));
  let found: Read;
  try {
    found = read(setup);
  } catch (error) {
    print(`✗ ${inCode(setup) ? 'options' : 'environment'}: ${said(error)}`);
    return false;
  }
  const { config, what } = found;
  const each = what === 'options' ? 'option' : 'variable';
  print(`✓ ${what}: every ${each} valid; storefront origins ${config.allowedOrigins.join(', ')}`);
  let ok = true;
  for (const [name, check] of checks(found, options.sampleOrderRef)) {
    try {
      print(`✓ ${name}: ${await check()}`);
    } catch (error) {
      ok = false;
      print(`✗ ${name}: ${said(error)}`);
    }
  }
  return ok;
}

function checks({ config, resolver }: Read, sample: string | undefined): [string, Check][] {
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  return [
    ['order resolver', () => checkResolver(resolver, sample)],
    ['database', () => checkDatabase(config.database)],
    ['redis', () => checkRedis(config.redisUrl)],
    ['payment service key', () => checkKey(config)],
    ['PUBLIC_URL', () => checkPublicUrl(publicUrl)],
    ['notify route', () => checkNotifyRoute(publicUrl)],
  ];
}

async function checkResolver(resolver: Read['resolver'], sample: string | undefined) {
  const resolveOrder = await resolver.load();
  if (!sample)
    return `${resolver.value} loads; give a sample order reference (doctor <order_ref>) to have it price one`;
  const order = await resolveOrder(sample);
  if (!order)
    throw new Error(
      `${resolver.setting} knows no order ${sample}: give a reference your shop prices`,
    );
  return `${sample} is ${order.amount} ${order.currency}`;
}
