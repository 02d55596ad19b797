/**
 * The whole demo in one process: the sandbox, a companion in front of it (embedded SQLite), and
 * the demo's storefront, SPA and operations console. `npm start` runs it on fixed ports; the
 * end-to-end suite runs it on free ones, and restarts the companion in the middle of a payment.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import {
  createCompanion,
  listenBeforeReady,
  type Companion,
  type CompanionConfig,
  type Listening,
} from 'acquiring-checkout-server/companion';
import {
  createSandbox,
  DEFAULT_MERCHANT,
  sandboxConfig,
  type Sandbox,
  type SandboxConfig,
} from 'acquiring-checkout-server/sandbox';
import { resolveOrder } from './catalogue.ts';
import { PAYMENT_OPTIONS } from './payment-options.ts';
import { createDemo } from './server.ts';
import { demoShopper } from './sign-in.ts';

export interface DemoStackOptions {
  /** The storefront's port; 0 for any free one. The others follow unless given. */
  port: number;
  sandboxPort?: number;
  companionPort?: number;
  host?: string;
  /** Where the SQLite files of the sandbox and the companion live. */
  dataDir: string;
  /** The operations API's token; a random one when not given (the console holds it server-side). */
  operationsToken?: string;
  sandbox?: Partial<SandboxConfig>;
  companion?: Partial<CompanionConfig>;
  logger?: Logger;
}

export interface DemoStack {
  storefrontUrl: string;
  companionUrl: string;
  sandboxUrl: string;
  operationsToken: string;
  sandbox: Sandbox;
  companion(): Companion;
  /** Stops the companion and starts a new one on the same address and store. */
  restartCompanion(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Listens at once (the addresses are needed first), answering 503 until its app is served. */
async function listen(port: number, host: string): Promise<Listening & { url: string }> {
  const listening = await listenBeforeReady(port, host);
  return { ...listening, url: `http://${host}:${listening.port}` };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function startDemoStack(options: DemoStackOptions): Promise<DemoStack> {
  const host = options.host ?? '127.0.0.1';
  const next = (port: number | undefined, offset: number) =>
    port ?? (options.port === 0 ? 0 : options.port + offset);
  mkdirSync(options.dataDir, { recursive: true });
  const logger = options.logger ?? pino({ level: 'silent' });
  const operationsToken = options.operationsToken ?? randomBytes(24).toString('base64url');
  // Signs the demo shopper's cookie: the storefront sets it, the companion reads it.
  const signInSecret = randomBytes(32).toString('base64url');

  const shop = await listen(options.port, host);
  const service = await listen(next(options.sandboxPort, 100), host);
  let companionPort = next(options.companionPort, 200);
  let companionServer = await listen(companionPort, host);
  companionPort = companionServer.port;
  const companionUrl = companionServer.url;
  // The storefront under both names a developer may type; each is an origin of its own.
  const shopPort = new URL(shop.url).port;
  const storefronts = [shop.url, `http://localhost:${shopPort}`];

  const sandbox = createSandbox(
    sandboxConfig({
      publicUrl: service.url,
      database: join(options.dataDir, 'sandbox.sqlite'),
      ...options.sandbox,
    }),
  );
  service.serve(sandbox.app);

  const companionConfig: CompanionConfig = {
    publicUrl: companionUrl,
    gateway: {
      baseUrl: service.url,
      merchantId: DEFAULT_MERCHANT.merchant_id,
      accountId: DEFAULT_MERCHANT.account_id,
      secretKey: DEFAULT_MERCHANT.secret_key,
    },
    database: join(options.dataDir, 'companion.sqlite'),
    allowedOrigins: storefronts,
    operationsToken,
    resolveOrder,
    ...PAYMENT_OPTIONS,
    resolveShopper: demoShopper(signInSecret),
    directCardPayments: true,
    logger,
    ...options.companion,
  };
  let companion = await createCompanion(companionConfig);
  companionServer.serve(companion.app);

  const demo = await createDemo({
    origins: storefronts,
    companionUrl,
    sandboxUrl: service.url,
    operationsToken,
    signIn: { secret: signInSecret, secure: false },
  });
  shop.serve(demo);

  return {
    storefrontUrl: shop.url,
    companionUrl,
    sandboxUrl: service.url,
    operationsToken,
    sandbox,
    companion: () => companion,
    async restartCompanion(whileDown) {
      await stop(companionServer.server);
      await companion.close();
      await whileDown?.();
      companionServer = await listen(companionPort, host);
      companion = await createCompanion(companionConfig);
      companionServer.serve(companion.app);
    },
    async close() {
      await Promise.all([stop(shop.server), stop(companionServer.server), stop(service.server)]);
      await companion.close();
      await sandbox.close();
    },
  };
}
