/**
 * Companion instances as a load balancer sees them: each a process of its own (the crash matrix's
 * companion-process.mjs) on a port of its own, all on one database and one Redis, so that any of
 * them can answer any request, and any of them can die.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitForLine } from '../../../consumer/helpers.ts';
import { OPS_TOKEN, SHOP } from '../../helpers/companion.ts';

const CHILD = fileURLToPath(new URL('../crash/companion-process.mjs', import.meta.url));

export interface Instance {
  url: string;
  /** Resolves with the signal the process died of, once it has died. */
  exited: Promise<NodeJS.Signals | null>;
  /** Kills the process with SIGKILL: no drain, no goodbye; resolves once it is gone. */
  kill(): Promise<NodeJS.Signals | null>;
}

export interface InstanceOptions {
  /** The service's address. */
  gateway: string;
  /** A `postgres://` location every instance shares. */
  database: string;
  /** Every instance's counters live here. */
  redisUrl: string;
  /** Their start in Redis: the same for instances of one deployment. */
  rateLimitPrefix: string;
  /** Payment starts per client and minute; without it the child's own (very high) limit. */
  startsPerMinute?: number;
  /** Reads the client from X-Forwarded-For, as behind a proxy. */
  trustProxy?: boolean;
}

/** Starts one instance and resolves once it answers requests (it printed READY). */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort();
  const args = [CHILD, String(port), options.gateway, options.database, SHOP];
  const env = {
    ...process.env,
    CRASH_AT: '',
    REDIS_URL: options.redisUrl,
    RATE_LIMIT_PREFIX: options.rateLimitPrefix,
    RATE_LIMIT_STARTS: options.startsPerMinute === undefined ? '' : String(options.startsPerMinute),
    TRUST_PROXY: options.trustProxy ? 'true' : '',
  };
  const child = spawn(process.execPath, [...args, OPS_TOKEN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await waitForLine(child, /READY/);
  return {
    url: `http://127.0.0.1:${port}`,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}
