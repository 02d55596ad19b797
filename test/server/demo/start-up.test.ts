/**
 * The demo's servers answer from their first accepted connection: `npm start`'s stack
 * (demo/stack.ts, what demo/start.ts runs) and the hosted demo (demo/hosted.ts) listen before they
 * are built, and a request that reaches them meanwhile gets 503 with `Retry-After`, never silence.
 * Each start is held at the companion's key check by a service that accepts and does not answer
 * until the test has seen the 503, however long the start takes on a busy machine.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';
import { startDemoStack } from '../../../demo/stack.ts';
import { freePort, killStarted, runScript, type Bin } from '../helpers/bins.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { until } from '../helpers/until.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A payment service that takes connections and never answers: the companion's key check waits on
 * it (5 s at most) until `release()` drops them, and the start goes on ("not checked").
 */
async function silentService(): Promise<{
  url: string;
  called: Promise<void>;
  release(): void;
}> {
  const sockets = new Set<Socket>();
  let called!: () => void;
  const reached = new Promise<void>((resolve) => (called = resolve));
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    called();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    called: reached,
    release() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** The first answer `url` gives once its port accepts connections. */
const firstAnswer = (url: string) =>
  until(
    () => fetch(url).catch(() => undefined),
    (answer) => answer !== undefined,
    { what: `a first answer from ${url}`, timeoutMs: 60_000 },
  ) as Promise<Response>;

async function assertStarting(answer: Response): Promise<void> {
  assert.equal(answer.status, 503);
  assert.equal(answer.headers.get('retry-after'), '1');
  assert.equal(((await answer.json()) as { title: string }).title, 'Starting');
}

describe('npm start’s stack, while it starts', () => {
  let dataDir = '';
  before(() => (dataDir = mkdtempSync(join(tmpdir(), 'demo-start-up-'))));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers the storefront and the companion 503 with Retry-After, then serves them', async () => {
    const service = await silentService();
    const [port, companionPort] = [await freePort(), await freePort()];
    const starting = startDemoStack({
      port,
      sandboxPort: 0,
      companionPort,
      dataDir,
      companion: {
        gateway: {
          baseUrl: service.url,
          merchantId: DEFAULT_MERCHANT.merchant_id,
          accountId: DEFAULT_MERCHANT.account_id,
          secretKey: DEFAULT_MERCHANT.secret_key,
        },
      },
    });
    let stack: Awaited<typeof starting> | undefined;
    try {
      // The companion is checking its key: the stack is listening and not yet built.
      await service.called;
      await assertStarting(await firstAnswer(`http://127.0.0.1:${port}/`));
      await assertStarting(await firstAnswer(`http://127.0.0.1:${companionPort}/healthz`));
    } finally {
      service.release();
      stack = await starting;
    }
    try {
      const page = await fetch(`${stack.storefrontUrl}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<acquiring-checkout|acquiring-checkout\.js/);
      assert.equal((await fetch(`${stack.companionUrl}/healthz`)).status, 200);
    } finally {
      await stack.close();
    }
  });
});

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
const REDIS_URL = process.env.TEST_REDIS_URL;

describe(
  'the hosted demo (demo/hosted.ts from its sources), while it starts',
  { skip: postgres && REDIS_URL ? false : 'TEST_DATABASE_URL or TEST_REDIS_URL is not set' },
  () => {
    let dataDir = '';
    let database: { location: string; drop(): Promise<void> };
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'hosted-start-up-'));
      database = await postgres!.create();
    });
    afterEach(killStarted);
    after(async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** `node --import tsx demo/hosted.ts` on `port`, on the test's database and Redis. */
    const startHosted = (port: number, env: Record<string, string> = {}) =>
      runScript(join(ROOT, 'demo/hosted.ts'), ROOT, {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: database.location,
        REDIS_URL: REDIS_URL!,
        DEMO_SECRET: 'start-up-secret-0123456789abcdef-0123',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ...env,
      });

    it('answers 503 with Retry-After on its one port, then the storefront', async () => {
      const service = await silentService();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let hosted: Bin;
      try {
        hosted = startHosted(port, {
          // The sandbox as a service of its own: the one that does not answer.
          SANDBOX_URL: service.url,
          SANDBOX_SECRET_KEY: 'k'.repeat(32),
        });
        await service.called;
        await assertStarting(await firstAnswer(`${url}/healthz`));
        await assertStarting(await firstAnswer(`${url}/`));
      } finally {
        service.release();
      }
      await hosted.line(/hosted demo listening/, 60_000);
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /acquiring-checkout/);
      hosted.child.kill('SIGTERM');
      assert.equal(await hosted.exit(), 0);
    });

    it('with its own sandbox, serves the sandbox first: the companion’s key is checked at start', async () => {
      const port = await freePort();
      const hosted = startHosted(port);
      await hosted.line(/hosted demo listening/, 60_000);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      const { checks } = (await ready.json()) as { checks: { gateway: string } };
      assert.equal(checks.gateway, 'ok', 'the start asked the sandbox behind the same port');
      hosted.child.kill('SIGTERM');
      assert.equal(await hosted.exit(), 0);
    });
  },
);
