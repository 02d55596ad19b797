/**
 * A server for the benchmarks, in a process of its own so the load generator does not share its
 * event loop: `bare` (an Express 5 handler and nothing else), `sandbox`, or
 * `companion <gateway> [storefront origin]`.
 * Prints `READY <url>` when it listens.
 */
import express from 'express';
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createCompanion, type ResolvedOrder } from 'acquiring-checkout-server/companion';
import { createSandbox, sandboxConfig, DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';

import { BENCH_ORIGIN } from './processes.ts';

/** Every benchmark order is one 12.00 USD mug: the merchant's lookup is not what is measured. */
const resolveOrder = (): ResolvedOrder => ({
  amount: '12.00',
  currency: 'USD',
  items: [{ name: 'Enamel mug', sku: 'mug', unit_price: '12.00', quantity: 1 }],
});

const [kind, gateway, origin = BENCH_ORIGIN] = process.argv.slice(2);
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

if (kind === 'bare') {
  const app = express();
  app.use(express.json());
  app.post('/', (_request, response) => void response.json({ ok: true }));
  server.on('request', app);
} else if (kind === 'sandbox') {
  server.on(
    'request',
    createSandbox(sandboxConfig({ publicUrl: url, tickMs: 20, notificationRetryMs: [100] })).app,
  );
} else if (kind === 'companion' && gateway) {
  const companion = await createCompanion({
    publicUrl: url,
    gateway: {
      baseUrl: gateway,
      merchantId: DEFAULT_MERCHANT.merchant_id,
      accountId: DEFAULT_MERCHANT.account_id,
      secretKey: DEFAULT_MERCHANT.secret_key,
    },
    database: join(mkdtempSync(join(tmpdir(), 'bench-')), 'companion.sqlite'),
    allowedOrigins: [origin],
    operationsToken: 'bench-operations-token-0123456789',
    resolveOrder,
    rateLimitPerMinute: 10_000_000,
    reconcileEveryMs: 0,
    logger: pino({ level: 'silent' }),
  });
  server.on('request', companion.app);
} else {
  console.error('usage: servers.ts bare | sandbox | companion <gateway url>');
  process.exit(2);
}
console.log(`READY ${url}`);
process.on('SIGTERM', () => process.exit(0));
