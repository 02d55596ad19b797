/**
 * A merchant's own Express app with the companion's router mounted in it, against a sandbox from
 * `startSandbox()`, on a fresh store of a test database: what the mounted-router and health tests
 * start.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import {
  createCompanion,
  type Companion,
  type ResolvedOrder,
} from 'acquiring-checkout-server/companion';
import { startSandbox, type RunningSandbox } from 'acquiring-checkout-server/sandbox';
import { OPS_TOKEN, sessionBody, SHOP } from './companion.ts';
import type { TestDatabase } from './databases.ts';

/** The merchant's own orders: every `mug.*` reference is one mug. */
function resolveOrder(orderRef: string): ResolvedOrder | undefined {
  if (!orderRef.startsWith('mug.')) return undefined;
  return {
    amount: '12.00',
    currency: 'USD',
    items: [{ name: 'Enamel mug', unit_price: '12.00', quantity: 1 }],
  };
}

export interface Host {
  origin: string;
  sandbox: RunningSandbox;
  companion: Companion;
  /** POSTs a checkout session to the mounted companion as the widget on the storefront does. */
  createSession(orderRef: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * The merchant's app: its own /other route and its own 404, the companion at /payments with
 * `publicUrl` = origin + `publicPath`; `jsonEverywhere` puts `express.json()` in front of it all,
 * as many apps do.
 */
export async function startHost(
  database: TestDatabase,
  publicPath: string,
  { jsonEverywhere = false } = {},
): Promise<Host> {
  const store = await database.create();
  const sandbox = await startSandbox();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const companion = await createCompanion({
    publicUrl: origin + publicPath,
    gateway: { ...sandbox.gateway, timeoutMs: 5_000 },
    database: store.location,
    allowedOrigins: [SHOP],
    operationsToken: OPS_TOKEN,
    resolveOrder,
    reconcileEveryMs: 0,
    logger: pino({ level: 'silent' }),
  });
  const app = express();
  if (jsonEverywhere) app.use(express.json());
  app.get('/other', (_request, response) => void response.type('text').send('the host’s page'));
  app.use('/payments', companion.router);
  app.use((_request, response) => void response.status(404).type('text').send('host 404'));
  server.on('request', app);
  return {
    origin,
    sandbox,
    companion,
    async createSession(orderRef) {
      const response = await fetch(`${origin}/payments/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SHOP },
        body: JSON.stringify(sessionBody(orderRef)),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await companion.close();
      await sandbox.close();
      await store.drop();
    },
  };
}
