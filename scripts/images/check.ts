/**
 * CI's check of the two images of the `Dockerfile` (`.ci/run`, after `npm test`;
 * `.ci/node-20-slim` first makes the base they build on): the hosted demo's (its default target)
 * and the companion's alone (`--target companion`), each built with buildah, started as its image says against this
 * machine's PostgreSQL (a schema of its own) and Redis, and ready (`/readyz` 200). The demo's
 * pages answer; the companion, run as a merchant whose backend is in Python runs it (the
 * example resolver beside it, the sandbox for the service), pays one order over HTTP at the price
 * that backend gave. Each is then stopped with SIGTERM and must end with 0, its process having run
 * as a user that is not root. Prints each step's time, and fails on the first step that fails.
 *
 *   TEST_DATABASE_URL=postgres://… TEST_REDIS_URL=redis://… node --import tsx scripts/images/check.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { GatewayClient } from 'acquiring-checkout-server/gateway';
import { startSandbox } from 'acquiring-checkout-server/sandbox';
import pg from 'pg';
import { payOverHttp } from '../http-shopper.ts';
import { buildImage, imageConfig, startContainer, type Container } from './container.ts';

const IMAGES = {
  demo: { target: 'demo', tag: 'localhost/acquiring-demo' },
  companion: { target: 'companion', tag: 'localhost/acquiring-checkout-companion' },
};
const SHOP = 'http://shop.test';
const POSTGRES = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
if (!POSTGRES || !REDIS) {
  console.error('TEST_DATABASE_URL and TEST_REDIS_URL name the PostgreSQL and Redis to run on');
  process.exit(1);
}

const times: string[] = [];
/** Runs `step`, noting how long it took. */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  const seconds = (performance.now() - started) / 1_000;
  times.push(`${what} ${seconds.toFixed(seconds < 10 ? 1 : 0)} s`);
  console.log(`${what}: ${seconds.toFixed(1)} s`);
  return result;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A PostgreSQL schema of its own for one container: its URL, and how to drop it. */
async function freshSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `image_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(POSTGRES as string);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

/** Waits for `/readyz` at `base` to answer 200 (the container answers 503 while it starts). */
async function ready(base: string, container: Container): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await fetch(`${base}/readyz`).catch(() => undefined);
    if (answer?.status === 200) return (await answer.json()) as Record<string, unknown>;
    if (container.ended() || Date.now() > deadline)
      throw new Error(`${base}/readyz not 200:\n${container.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops `container` with SIGTERM, which must end it with 0, then removes it. */
async function stop(name: string, container: Container): Promise<void> {
  const code = await timed(`${name} stopped by SIGTERM`, () => container.stop('SIGTERM'));
  await container.remove();
  if (code !== 0) throw new Error(`${name} ended with ${code} on SIGTERM:\n${container.output()}`);
}

/** Runs `image` with `env` until `use` is done with it at `base`; checks it ran as a user. */
async function withContainer(
  name: string,
  tag: string,
  env: Record<string, string>,
  use: (base: string) => Promise<void>,
): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const database = await freshSchema();
  const container = await startContainer(tag, {
    ...env,
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: database.url,
    REDIS_URL: REDIS as string,
  });
  try {
    const checks = await timed(`${name} ready`, () => ready(base, container));
    console.log(`  /readyz: ${JSON.stringify(checks)}`);
    const { uid } = await container.process();
    if (uid === 0) throw new Error(`${name} runs as root`);
    const health = await container.health();
    if (health !== 0) throw new Error(`${name}'s HEALTHCHECK failed (${health}) while it is ready`);
    await use(base);
    await stop(name, container);
  } catch (error) {
    await container.remove();
    throw error;
  } finally {
    await database.drop();
  }
}

async function checkDemo(): Promise<void> {
  await timed('demo image built', () => buildImage(IMAGES.demo.target, IMAGES.demo.tag));
  const env = { DEMO_SECRET: randomBytes(32).toString('hex') };
  await withContainer('demo', IMAGES.demo.tag, env, async (base) => {
    for (const page of ['/', '/playground', '/docs/', '/console']) {
      const answer = await fetch(`${base}${page}`);
      if (answer.status !== 200) throw new Error(`the demo's ${page} answered ${answer.status}`);
    }
  });
}

async function checkCompanion(): Promise<void> {
  const { target, tag } = IMAGES.companion;
  await timed('companion image built', () => buildImage(target, tag));
  const sandbox = await startSandbox();
  const resolverPort = await freePort();
  const token = randomBytes(24).toString('hex');
  const resolver = spawn('python3', ['examples/python/resolver.py'], {
    env: { ...process.env, PORT: String(resolverPort), ORDER_RESOLVER_TOKEN: token },
    stdio: 'ignore',
  });
  try {
    const env = {
      GATEWAY_BASE_URL: sandbox.url,
      MERCHANT_ID: sandbox.merchant.merchant_id,
      ACCOUNT_ID: sandbox.merchant.account_id,
      SECRET_KEY: sandbox.merchant.secret_key,
      ALLOWED_ORIGINS: SHOP,
      OPERATIONS_TOKEN: randomBytes(24).toString('hex'),
      ORDER_RESOLVER: `http://127.0.0.1:${resolverPort}/orders/{order_ref}`,
      ORDER_RESOLVER_TOKEN: token,
    };
    await withContainer('companion', tag, env, async (base) => {
      const payment = await timed('an order paid through the companion image', () =>
        payOverHttp(base, SHOP, 'order-1001'),
      );
      const client = new GatewayClient(sandbox.gateway);
      const [order] = (await client.query({ order_no: payment.order_no })).orders;
      const paid = `${payment.status} ${order?.amount} ${order?.currency}`;
      if (paid !== 'authorised 62.00 USD') throw new Error(`paid as ${paid}, not 62.00 USD`);
      console.log(`  order-1001: ${paid}, the price the Python backend gave`);
    });
  } finally {
    resolver.kill();
    await sandbox.close();
  }
}

await checkDemo();
await checkCompanion();
for (const { tag } of Object.values(IMAGES))
  times.push(`${tag} ${((await imageConfig(tag)).size / 1e6).toFixed(0)} MB`);
console.log(`\nimages: ${times.join(', ')}`);
