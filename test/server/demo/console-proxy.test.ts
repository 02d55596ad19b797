/**
 * The demo's console proxy alone (demo/console-proxy.ts), in front of a real HTTP server that
 * records what reaches it: every operation of CONSOLE_OPERATIONS by its method and no other, one
 * order's detail and audit trail, the visitor's token and name, the idempotency key, the body as it
 * came, and the companion's answer passed back as it was. Fast, so the mutation run (StrykerJS)
 * uses it; the proxy with a real companion and demo is console-matrix.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { CONSOLE_OPERATIONS, consoleProxy } from '../../../demo/console-proxy.ts';
import { companionStandIn, listen, type Seen } from './companion-stand-in.ts';

describe('the console proxy', () => {
  const seen: Seen[] = [];
  let upstream: Server;
  let front: Server;
  let url = '';
  before(async () => {
    // The companion's stand-in answers 418 with a body of its own.
    let companionUrl: string;
    ({ server: upstream, url: companionUrl } = await companionStandIn(seen, (response) =>
      response
        .writeHead(418, { 'content-type': 'application/problem+json' })
        .end('{"at":"companion"}'),
    ));
    const app = express();
    app.use('/console', (request, response, next) => {
      response.locals.space = request.get('x-space');
      next();
    });
    const tokenFor = (space: string | undefined) => (space ? `token-of-${space}` : 'console-token');
    app.use('/console', consoleProxy({ companionUrl, tokenFor }));
    front = createServer(app);
    url = await listen(front);
  });
  after(() => {
    front.close();
    upstream.close();
  });

  const call = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
    seen.length = 0;
    const response = await fetch(`${url}/console/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  }; // prettier-ignore

  for (const [name, method] of Object.entries(CONSOLE_OPERATIONS)) {
    it(`${method} ${name}: forwarded with the visitor's token and name, the body as it came`, async () => {
      const body = method === 'POST' ? '{"orders":[{"order_ref":"a.1"}]}' : undefined;
      const headers = { 'x-space': 'sp1', 'idempotency-key': `key-${name}` };
      const answer = await call(method, name, { ...(body ? { body } : {}), headers });
      assert.deepEqual(answer, { status: 418, type: 'application/problem+json; charset=utf-8', text: '{"at":"companion"}' }); // prettier-ignore
      assert.equal(seen.length, 1);
      const [got] = seen as [Seen];
      assert.equal(got.method, method);
      assert.equal(got.url, `/api/ops/${name === 'payouts/new' ? 'payouts' : name}`);
      assert.equal(got.headers.authorization, 'Bearer token-of-sp1');
      assert.equal(got.headers['x-actor'], 'demo visitor sp1');
      assert.equal(got.headers['idempotency-key'], `key-${name}`);
      assert.equal(got.headers['content-type'], 'application/json');
      assert.equal(got.body, method === 'POST' ? body : '');
    });
    const other = method === 'GET' ? 'POST' : 'GET';
    it(`${other} ${name}: not an operation of the console (404), nothing forwarded`, async () => {
      assert.equal((await call(other, name, other === 'POST' ? { body: '{}' } : {})).status, 404);
      assert.equal(seen.length, 0);
    });
  }

  it("one order's detail and its audit trail, and nothing else under orders/", async () => {
    await call('GET', 'orders/a.1-x_Y');
    assert.equal(seen[0]?.url, '/api/ops/orders/a.1-x_Y');
    await call('GET', 'orders/a.1/audit');
    assert.equal(seen[0]?.url, '/api/ops/audit?order_ref=a.1');
    for (const path of [
      'orders/a.1/other',
      `orders/${'a'.repeat(49)}`,
      'orders/a%20b',
      'nothing',
    ]) {
      assert.equal((await call('GET', path)).status, 404, path);
      assert.equal(seen.length, 0, path);
    }
    assert.equal((await call('POST', 'orders/a.1', { body: '{}' })).status, 404);
  });

  it("the console's own token and name without a space; an empty body sent as {}; no key, none sent", async () => {
    await call('POST', 'reconcile', { body: '' });
    const [got] = seen as [Seen];
    assert.equal(got.headers.authorization, 'Bearer console-token');
    assert.equal(got.headers['x-actor'], 'operations console');
    assert.equal(got.headers['idempotency-key'], undefined);
    assert.equal(got.body, '{}');
  }); // prettier-ignore

  it('answers 502 when the companion does not answer', async () => {
    const gone = createServer();
    const companionUrl = await listen(gone);
    gone.close();
    const app = express().use(consoleProxy({ companionUrl, tokenFor: () => 't' }));
    const server = createServer(app);
    const at = await listen(server);
    const answer = await fetch(`${at}/orders`);
    assert.equal(answer.status, 502);
    assert.deepEqual(await answer.json(), { title: 'Companion unreachable', detail: 'the companion did not answer' }); // prettier-ignore
    server.close();
  });
});
