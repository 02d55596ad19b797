/**
 * A server for the benchmarks, in a process of its own so the load generator does not share its
 * event loop, run by plain Node from the packages' compiled files (`server/dist`, as a merchant
 * runs them; never the sources under tsx):
 *
 * - `bare`: an Express 5 handler and nothing else, the yardstick;
 * - `sandbox [latency ms]`: the sandbox of the acquiring service, each answer after the latency;
 * - `instant`: a stand-in service that answers every checkout at once with the same page, so the
 *   companion's own cost is measured apart from the sandbox's;
 * - `companion <gateway> [storefront origin] [public url]`: the companion, its store a SQLite file
 *   (the public url: where browsers reach it, when a proxy stands in front of it);
 * - `companion-traced <gateway>`: the same with a tracer provider registered (spans kept in memory);
 * - `relay <upstream>`: Express 5 that parses the JSON body, POSTs it to the upstream over a
 *   kept-alive connection and answers JSON: what any companion that calls the service costs at
 *   least, the ceiling of `companion_own_rps_ratio`.
 *
 * Prints `READY <url>` when it listens. Plain JavaScript because Node 20 runs no TypeScript.
 */
import express from 'express';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createCompanion } from 'acquiring-checkout-server/companion';
import { createSandbox, sandboxConfig, DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';

/** The storefront origin the benchmarks call the companion from (processes.ts says the same). */
const BENCH_ORIGIN = 'http://bench.test';

/** Every benchmark order is one 12.00 USD mug: the merchant's lookup is not what is measured. */
const resolveOrder = () => ({
  amount: '12.00',
  currency: 'USD',
  items: [{ name: 'Enamel mug', sku: 'mug', unit_price: '12.00', quantity: 1 }],
});

/** What `instant` answers every checkout: a page whose form posts to a hosted page. */
const CHECKOUT_PAGE = (url) =>
  `<!doctype html><html><body><form id="pay" method="POST" action="${url}/hosted/checkout"><input type="hidden" name="session_token" value="instant"></form><script>document.getElementById('pay').submit();</script></body></html>`;

const [kind, gateway, origin = BENCH_ORIGIN, publicUrl] = process.argv.slice(2);
/** The companion's data folder, removed as it stops. */
let dataDir;
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}`;

if (kind === 'bare') {
  const app = express();
  app.use(express.json());
  app.post('/', (_request, response) => void response.json({ ok: true }));
  server.on('request', app);
} else if (kind === 'sandbox') {
  server.on(
    'request',
    createSandbox(
      sandboxConfig({
        publicUrl: url,
        tickMs: 20,
        notificationRetryMs: [100],
        latencyMs: Number(gateway ?? 0), // the argument after `sandbox`
      }),
    ).app,
  );
} else if (kind === 'instant') {
  const page = CHECKOUT_PAGE(url);
  server.on('request', (request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    });
  });
} else if (kind === 'relay' && gateway) {
  const agent = new Agent({ keepAlive: true });
  const app = express();
  app.use(express.json());
  app.post('/', (request, response, next) => {
    const body = JSON.stringify(request.body);
    const upstream = httpRequest(
      gateway,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on(
          'end',
          () => void response.status(201).json({ length: Buffer.concat(chunks).length }),
        );
      },
    );
    upstream.on('error', next);
    upstream.end(body);
  });
  server.on('request', app);
} else if ((kind === 'companion' || kind === 'companion-traced') && gateway) {
  // Traced: a tracer provider registered first, as a merchant's OpenTelemetry SDK would, its
  // spans batched to an exporter that keeps them in memory (the cost of the spans, not of a
  // collector's network).
  if (kind === 'companion-traced') await registerTracing();
  dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const companion = await createCompanion({
    publicUrl: publicUrl ?? url,
    gateway: {
      baseUrl: gateway,
      merchantId: DEFAULT_MERCHANT.merchant_id,
      accountId: DEFAULT_MERCHANT.account_id,
      secretKey: DEFAULT_MERCHANT.secret_key,
    },
    database: join(dataDir, 'companion.sqlite'),
    allowedOrigins: [origin],
    operationsToken: 'bench-operations-token-0123456789',
    resolveOrder,
    rateLimitPerMinute: 10_000_000,
    reconcileEveryMs: 0,
    logger: pino({ level: 'silent' }),
  });
  server.on('request', companion.app);
} else {
  console.error(
    'usage: servers.mjs bare | sandbox [latency ms] | instant | relay <upstream url> | companion[-traced] <gateway url> [origin] [public url]',
  );
  process.exit(2);
}

/** A tracer provider with an AsyncLocalStorage context manager, as NodeSDK registers them. */
async function registerTracing() {
  const { context, trace } = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const sdk = await import('@opentelemetry/sdk-trace-base');
  const exporter = new sdk.InMemorySpanExporter();
  setInterval(() => exporter.reset(), 1_000).unref();
  const processor = new sdk.BatchSpanProcessor(exporter);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new sdk.BasicTracerProvider({ spanProcessors: [processor] }));
}

console.log(`READY ${url}`);
process.on('SIGTERM', () => {
  // The companion's database goes with it: a run starts a dozen companions.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
