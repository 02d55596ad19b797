/**
 * The two bins, `server/bin/sandbox.ts` and `server/bin/companion.ts`, run as a merchant runs them:
 * a child process started in a directory of its own that holds a `.env`.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { GatewayClient } from 'acquiring-checkout-server/gateway';
import { startSandbox, type RunningSandbox } from 'acquiring-checkout-server/sandbox';
import {
  companionBinEnv,
  freePort,
  killStarted,
  run,
  writeEnv,
  type Bin,
} from '../helpers/bins.ts';
import { sessionBody, SHOP } from '../helpers/companion.ts';
import { until } from '../helpers/until.ts';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bin-test-'))));
afterEach(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox bin', () => {
  it('reads .env from its working directory, keeps its state there, and stops on SIGTERM with 0', async () => {
    const port = await freePort();
    writeEnv(dir, { SANDBOX_PORT: String(port), SANDBOX_MERCHANT_ID: 'merchant-from-env-file' });
    const sandbox = run('sandbox', dir);
    assert.equal(
      await sandbox.line(/^sandbox of the acquiring service: /),
      `sandbox of the acquiring service: http://127.0.0.1:${port} (the companion's GATEWAY_BASE_URL; its API is under /v1)`,
    );
    assert.match(
      await sandbox.line(/merchant_id/),
      /merchant_id merchant-from-env-file, account_id sandbox-account; state in data\/sandbox\.sqlite/,
    );
    assert.ok(existsSync(join(dir, 'data/sandbox.sqlite')), 'the default database is under cwd');
    const answer = await fetch(`http://127.0.0.1:${port}/admin/faults/x`);
    assert.equal(answer.status, 404, 'no admin routes unless SANDBOX_ADMIN=1');
    assert.deepEqual(await answer.json(), {
      error: 'not_found',
      message: 'no such route',
      field: '(path)',
    });

    sandbox.child.kill('SIGTERM');
    assert.equal(await sandbox.exit(), 0);
  });

  it('lets a variable already in the environment win over .env', async () => {
    const port = await freePort();
    writeEnv(dir, {
      SANDBOX_PORT: String(port),
      SANDBOX_DATABASE: ':memory:',
      SANDBOX_MERCHANT_ID: 'merchant-from-env-file',
      SANDBOX_ADMIN: '0',
    });
    const sandbox = run('sandbox', dir, {
      SANDBOX_MERCHANT_ID: 'merchant-from-environment',
      SANDBOX_ADMIN: '1',
    });
    assert.match(await sandbox.line(/merchant_id/), /merchant_id merchant-from-environment,/);
    await sandbox.line(/admin routes on/);
    const faults = await fetch(`http://127.0.0.1:${port}/admin/faults/merchant-from-environment`);
    assert.equal(faults.status, 200);
    sandbox.child.kill('SIGTERM');
    assert.equal(await sandbox.exit(), 0);
  });

  it('stops with 1 and names a malformed variable', async () => {
    writeEnv(dir, { SANDBOX_PORT: 'not-a-port', SANDBOX_DATABASE: ':memory:' });
    const sandbox = run('sandbox', dir);
    assert.equal(await sandbox.exit(), 1);
    assert.match(sandbox.stderr(), /invalid sandbox configuration:\n\s+SANDBOX_PORT: /);
    assert.equal(sandbox.stdout(), '');
  });

  it('with SANDBOX_PORT=0 prints the port it took', async () => {
    writeEnv(dir, { SANDBOX_PORT: '0', SANDBOX_DATABASE: ':memory:' });
    const sandbox = run('sandbox', dir);
    const line = await sandbox.line(/^sandbox of the acquiring service: /);
    sandbox.child.kill('SIGTERM');
    assert.equal(await sandbox.exit(), 0);
    assert.match(line, /: http:\/\/127\.0\.0\.1:[1-9]\d* \(the companion's GATEWAY_BASE_URL/);
  });
});

describe('the companion bin', () => {
  let service: RunningSandbox;
  before(async () => (service = await startSandbox()));
  after(() => service.close());

  /** A complete configuration, with the merchant's resolveOrder in a module in the directory. */
  function configuration(port: number): Record<string, string> {
    writeFileSync(
      join(dir, 'resolve-order.mjs'),
      `export function resolveOrder(ref) {
  if (!ref.startsWith('mug.')) return undefined;
  return { amount: '12.00', currency: 'USD', items: [{ name: 'Mug', unit_price: '12.00', quantity: 1 }] };
}\n`,
    );
    return companionBinEnv(service, port, './resolve-order.mjs');
  }

  /** The companion's pino line saying it listens. */
  async function listening(bin: Bin): Promise<{ url: string; gateway: string }> {
    return JSON.parse(await bin.line(/"msg":"companion listening"/)) as {
      url: string;
      gateway: string;
    };
  }

  it('reads .env, prices orders with the ORDER_RESOLVER module, and stops on SIGTERM with 0', async () => {
    const port = await freePort();
    writeEnv(dir, configuration(port));
    const companion = run('companion', dir);
    const logged = await listening(companion);
    assert.deepEqual([logged.url, logged.gateway], [`http://127.0.0.1:${port}`, service.url]);

    const health = await fetch(`${logged.url}/healthz`);
    assert.deepEqual([health.status, await health.json()], [200, { ok: true }]);
    assert.ok(existsSync(join(dir, 'state/companion.sqlite')), 'the store is in DATA_DIR');

    const created = await fetch(`${logged.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SHOP },
      body: JSON.stringify(sessionBody('mug.bin1')),
    });
    assert.equal(created.status, 201);
    const [order] = (await new GatewayClient(service.gateway).query({ order_no: 'mug.bin1-1' }))
      .orders;
    assert.deepEqual([order?.amount, order?.currency], ['12.00', 'USD']);

    companion.child.kill('SIGTERM');
    assert.equal(await companion.exit(), 0);
  });

  it('lets a variable already in the environment win over .env', async () => {
    const [filePort, envPort] = [await freePort(), await freePort()];
    writeEnv(dir, configuration(filePort));
    const companion = run('companion', dir, { PORT: String(envPort) });
    assert.equal((await listening(companion)).url, `http://127.0.0.1:${envPort}`);
    assert.equal((await fetch(`http://127.0.0.1:${envPort}/healthz`)).status, 200);
    companion.child.kill('SIGTERM');
    assert.equal(await companion.exit(), 0);
  });

  it('answers 503 with Retry-After to a request while it starts, then serves', async () => {
    // A service that accepts and does not answer until the test has seen the 503: the key check
    // at start waits on it, however long the bin takes to load on a busy machine.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    writeEnv(dir, {
      ...configuration(port),
      GATEWAY_BASE_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    });
    const companion = run('companion', dir);
    try {
      const early = await until(
        () => fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined),
        (answer) => answer !== undefined,
        { what: 'a first answer', timeoutMs: 60_000 },
      );
      assert.equal(early?.status, 503);
      assert.equal(early?.headers.get('retry-after'), '1');
      assert.equal(((await early?.json()) as { title: string }).title, 'Starting');
    } finally {
      // The service goes away: the key is "not checked", and the companion starts.
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
    await listening(companion);
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
    companion.child.kill('SIGTERM');
    assert.equal(await companion.exit(), 0);
  });

  it('stops with 1 naming SECRET_KEY when the service refuses the key', async () => {
    writeEnv(dir, { ...configuration(await freePort()), SECRET_KEY: 'not-the-merchants-key' });
    const companion = run('companion', dir);
    assert.equal(await companion.exit(), 1);
    assert.match(companion.stderr(), /refused the companion's signature: SECRET_KEY/);
  });

  describe('stops with 1 and a message naming the variable', () => {
    it('when ORDER_RESOLVER is missing', async () => {
      const { ORDER_RESOLVER: _omitted, ...rest } = configuration(await freePort());
      writeEnv(dir, rest);
      const companion = run('companion', dir);
      assert.equal(await companion.exit(), 1);
      assert.match(companion.stderr(), /invalid companion configuration:\n\s+ORDER_RESOLVER: /);
    });

    it('when ORDER_RESOLVER is set empty in the environment (which wins over .env)', async () => {
      writeEnv(dir, configuration(await freePort()));
      const companion = run('companion', dir, { ORDER_RESOLVER: '' });
      assert.equal(await companion.exit(), 1);
      assert.match(companion.stderr(), /ORDER_RESOLVER: the merchant's resolveOrder/);
    });

    it('when OPERATIONS_TOKEN is too short, with every other problem', async () => {
      writeEnv(dir, { ...configuration(await freePort()), OPERATIONS_TOKEN: 'short', PORT: 'x' });
      const companion = run('companion', dir);
      assert.equal(await companion.exit(), 1);
      assert.match(companion.stderr(), /OPERATIONS_TOKEN: at least 24 characters/);
      assert.match(companion.stderr(), /PORT: /);
    });

    it('when the ORDER_RESOLVER module exports no resolveOrder function', async () => {
      writeEnv(dir, { ...configuration(await freePort()), ORDER_RESOLVER: './empty.mjs' });
      writeFileSync(join(dir, 'empty.mjs'), 'export const nothing = 1;\n');
      const companion = run('companion', dir);
      assert.equal(await companion.exit(), 1);
      assert.match(
        companion.stderr(),
        /ORDER_RESOLVER: \.\/empty\.mjs exports no resolveOrder function/,
      );
    });

    it('when the ORDER_RESOLVER module is not there', async () => {
      writeEnv(dir, { ...configuration(await freePort()), ORDER_RESOLVER: './nowhere.mjs' });
      const companion = run('companion', dir);
      assert.equal(await companion.exit(), 1);
      assert.match(companion.stderr(), /nowhere\.mjs/);
      assert.match(companion.stderr(), /ORDER_RESOLVER/);
    });
  });

  it('with PORT=0 and no PUBLIC_URL logs (and hands out) the port it took', async () => {
    writeEnv(dir, { ...configuration(0), PORT: '0' });
    const companion = run('companion', dir);
    const { url } = await listening(companion);
    companion.child.kill('SIGTERM');
    assert.equal(await companion.exit(), 0);
    assert.match(url, /^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  });
});
