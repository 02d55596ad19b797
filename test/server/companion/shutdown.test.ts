/**
 * The companion bin stopping as an orchestrator stops it: SIGTERM while a payment request is in
 * flight. The request is held at the merchant's order backend (ORDER_RESOLVER over http, a real
 * server this test controls), so the signal lands while the companion is answering it.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from 'acquiring-checkout-server/sandbox';
import { companionBinEnv, freePort, killStarted, run, writeEnv } from '../helpers/bins.ts';
import { sessionBody, SHOP } from '../helpers/companion.ts';

/** The merchant's order backend; each answer waits until the test releases it. */
async function heldBackend() {
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((_request, response) => {
    arrived();
    void released.then(() =>
      response.setHeader('content-type', 'application/json').end(
        JSON.stringify({
          amount: '12.00',
          currency: 'USD',
          items: [{ name: 'Mug', unit_price: '12.00', quantity: 1 }],
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`,
    asked,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the companion bin on SIGTERM', () => {
  let service: RunningSandbox;
  let dir: string;
  before(async () => (service = await startSandbox()));
  after(() => service.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'shutdown-test-'))));
  afterEach(() => {
    killStarted();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the request in flight, takes no new connection, and exits 0', async () => {
    const backend = await heldBackend();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    writeEnv(dir, { ...companionBinEnv(service, port, backend.url), SHUTDOWN_GRACE_MS: '10000' });
    const companion = run('companion', dir);
    await companion.line(/"msg":"companion listening"/);
    try {
      const inFlight = fetch(`${url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SHOP },
        body: JSON.stringify(sessionBody('mug.shutdown')),
      });
      await backend.asked;
      companion.child.kill('SIGTERM');
      await companion.line(/"msg":"companion stopping"/);
      await assert.rejects(fetch(`${url}/healthz`), 'a new connection is refused');

      backend.release();
      const answer = await inFlight;
      assert.equal(answer.status, 201, `${await answer.clone().text()}\n${companion.stdout()}`);
      assert.equal(answer.headers.get('connection'), 'close');
      assert.match(((await answer.json()) as { frame_url: string }).frame_url, /\/pay\//);
      assert.equal(await companion.exit(), 0);
      assert.match(companion.stdout(), /"grace_ms":10000/);
    } finally {
      await backend.close();
    }
  });
});
