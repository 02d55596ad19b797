/**
 * `startSandbox()`: the stateful sandbox of the acquiring service, listening, for a merchant's own
 * test suites (what stripe-mock is for Stripe, but it keeps orders, sends notifications and moves
 * statuses the way the service does).
 */
import type { Server } from 'node:http';
import { httpAddress } from '../address.ts';
import type { GatewayClientConfig } from '../gateway/index.ts';
import { listenBeforeReady } from '../listening.ts';
import { createSandbox, type Sandbox } from './app.ts';
import {
  DEFAULT_MERCHANT,
  sandboxConfig,
  type SandboxConfig,
  type SandboxMerchant,
} from './config.ts';

/** `startSandbox`'s options: where it listens, and any `SandboxConfig` field. */
export interface StartSandboxOptions extends Partial<SandboxConfig> {
  /** 0 (the default) takes any free port. */
  port?: number;
  /** `127.0.0.1` by default: the sandbox takes test cards from anyone who reaches it. */
  host?: string;
}

/** A sandbox listening: its address, a ready `GatewayClientConfig` for it, and `close()`. */
export interface RunningSandbox {
  /** The service's base address, for `GATEWAY_BASE_URL` or `GatewayClient({ baseUrl })`. */
  url: string;
  /** The test merchant's ids and signing key. */
  merchant: SandboxMerchant;
  /** What a client needs to talk to this sandbox: `createCompanion({ gateway, … })`. */
  gateway: GatewayClientConfig;
  sandbox: Sandbox;
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts the sandbox on `host:port`. State is in memory unless `database` names a SQLite file;
 * `admin: true` adds the /admin routes (faults, clock) a test suite may want.
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { port = 0, host = '127.0.0.1', ...overrides } = options;
  // Listening comes first (the pages' addresses need the port taken), and whatever reaches the
  // port before the sandbox is built is answered 503 with Retry-After, never left hanging.
  const { server, port: bound, serve } = await listenBeforeReady(port, host);
  const url = httpAddress(host, bound);
  let sandbox: Sandbox;
  try {
    sandbox = createSandbox(sandboxConfig({ publicUrl: url, ...overrides }));
  } catch (error) {
    // Nothing left listening behind a failed start (better-sqlite3 missing, a bad path).
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  serve(sandbox.app);
  const merchant = overrides.merchants?.[0] ?? DEFAULT_MERCHANT;
  return {
    url,
    merchant,
    gateway: {
      baseUrl: url,
      merchantId: merchant.merchant_id,
      accountId: merchant.account_id,
      secretKey: merchant.secret_key,
    },
    sandbox,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}
