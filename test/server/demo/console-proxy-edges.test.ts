/**
 * The console proxy's edges (demo/console-proxy.ts), beyond console-proxy.test.ts: a path that
 * only ends like an order's is no order's, a POST that came without a JSON body is sent as `{}`,
 * and a companion answer without a content type reaches the console as JSON. Fast, so the
 * mutation run (StrykerJS) uses it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { consoleProxy } from '../../../demo/console-proxy.ts';
import { companionStandIn, listen, type Seen } from './companion-stand-in.ts';

describe('the console proxy at its edges', () => {
  const seen: Seen[] = [];
  const urlsAndBodies = () => seen.map(({ url, body }) => ({ url, body }));
  let upstream: Server;
  let front: Server;
  let url = '';
  before(async () => {
    // The companion's stand-in answers with no content type at all: only a body.
    let companionUrl: string;
    ({ server: upstream, url: companionUrl } = await companionStandIn(seen, (response) => {
      response.removeHeader('content-type');
      response.writeHead(200).end('{"untyped":true}');
    }));
    front = createServer(express().use(consoleProxy({ companionUrl, tokenFor: () => 't' })));
    url = await listen(front);
  });
  after(() => {
    front.close();
    upstream.close();
  });

  it('finds no order in a path that only ends like one', async () => {
    seen.length = 0;
    for (const path of ['x/orders/a.1', 'x/orders/a.1/audit', 'api/orders/a.1']) {
      assert.equal((await fetch(`${url}/${path}`)).status, 404, path);
    }
    assert.deepEqual(seen, [], 'nothing reached the companion');
  });

  it('sends {} for a POST whose body was not JSON, so never read', async () => {
    seen.length = 0;
    const answer = await fetch(`${url}/reconcile`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not json',
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(urlsAndBodies(), [{ url: '/api/ops/reconcile', body: '{}' }]);
    seen.length = 0;
    await fetch(`${url}/capture`, { method: 'POST' });
    assert.deepEqual(urlsAndBodies(), [{ url: '/api/ops/capture', body: '{}' }], 'no body at all');
  });

  it('passes an answer without a content type on as JSON', async () => {
    const answer = await fetch(`${url}/orders`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await answer.json(), { untyped: true });
  });
});
