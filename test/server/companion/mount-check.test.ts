/**
 * The mount checked against `publicUrl` at the first request (http/mount-check.ts), over the
 * product of where the companion is served (its router mounted in the merchant's app, or its own
 * app at `/`, as the bin serves it), the path `publicUrl` ends with, and the way the request came
 * (as a browser's, through a proxy, through a proxy that names the prefix it removed). A mismatch
 * is logged once, `/readyz` turns 503 naming it, and the widget's request gets a 500 that is not
 * retryable, naming publicUrl, in place of a session whose page would 404 in the shopper's frame.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { createCompanion } from '../../../server/companion/app.ts';
import { resolveOrder } from '../../fixtures/catalogue.mjs';
import { SHOP } from '../helpers/companion.ts';
import { gatewayAt, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { OPTIONS } from '../helpers/settings.ts';

/** How a request comes: its headers besides Origin. */
const WAYS: Record<string, Record<string, string>> = {
  'as a browser’s': {},
  'through a proxy': { 'x-forwarded-for': '203.0.113.7' },
  'through a proxy that removed /payments': { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-prefix': '/payments' }, // prettier-ignore
};

/**
 * [served at, publicUrl's path, way in, whether the companion must refuse]. A proxy that does not
 * say what it did to the path may have removed a part of it, or added one: it is never judged, so
 * that no working setup is refused.
 */
const CASES: [string, string, keyof typeof WAYS, boolean][] = [
  ['/payments', '/payments', 'as a browser’s', false],
  ['/payments', '/pay', 'as a browser’s', true],
  ['/payments', '/shop/payments', 'through a proxy', false],
  ['/payments', '', 'through a proxy', false],
  ['/', '', 'as a browser’s', false],
  ['/', '/payments', 'as a browser’s', true],
  ['/', '/payments', 'through a proxy', false],
  ['/', '/payments', 'through a proxy that removed /payments', false],
  ['/', '/pay', 'through a proxy that removed /payments', true],
  ['/payments', '/shop/payments', 'through a proxy that removed /payments', true],
];

/** A companion served at `at` (its own app at `/`) under publicUrl origin + `path`; its error lines kept. */
async function serve(sandbox: RunningSandbox, at: string, path: string) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const errors: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString('utf8')) as { level: number; msg: string };
      if (line.level >= 50) errors.push(line.msg);
      done();
    },
  });
  const companion = await createCompanion({
    ...OPTIONS,
    publicUrl: origin + path,
    gateway: gatewayAt(sandbox.url),
    resolveOrder,
    logger: pino({ level: 'info' }, sink),
  });
  const app = express();
  app.use(at, companion.router);
  server.on('request', at === '/' ? companion.app : app);
  return {
    base: origin + (at === '/' ? '' : at),
    errors,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await companion.close();
    },
  };
}

describe('the mount, checked against publicUrl at the first request', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  for (const [at, path, way, refused] of CASES) {
    it(`served at ${at}, publicUrl ending in ${path || '/'}, ${way}: ${refused ? 'refused' : 'served'}`, async () => {
      const served = await serve(sandbox, at, path);
      try {
        const ask = () => fetch(`${served.base}/api/order-summaries/mug.m1`, { headers: { origin: SHOP, ...WAYS[way] } }); // prettier-ignore
        const answer = await ask();
        const readyz = await fetch(`${served.base}/readyz`);
        const readiness = (await readyz.json()) as { checks: { mount?: string } };
        if (!refused) {
          assert.deepEqual([answer.status, readyz.status, readiness.checks.mount], [200, 200, undefined]); // prettier-ignore
          assert.deepEqual(served.errors, []);
          return;
        }
        const problem = (await answer.json()) as { title: string; detail: string; retryable: boolean }; // prettier-ignore
        assert.equal(answer.status, 500);
        assert.equal(
          answer.headers.get('access-control-allow-origin'),
          SHOP,
          'the widget reads it',
        );
        assert.deepEqual([problem.title, problem.retryable], ['Companion misconfigured', false]);
        assert.match(problem.detail, /^publicUrl: publicUrl \(PUBLIC_URL\) is http:\/\/127\.0\.0\.1:\d+\S*, but requests reach the companion at \/\S*: .* Mount the router at /); // prettier-ignore
        assert.equal(readyz.status, 503);
        assert.match(readiness.checks.mount ?? '', /^publicUrl \(PUBLIC_URL\) is /);
        // Said once, however many requests meet it.
        assert.equal((await ask()).status, 500);
        assert.equal(served.errors.length, 1);
      } finally {
        await served.close();
      }
    });
  }

  it('does not look at probes, which may come another way', async () => {
    const served = await serve(sandbox, '/payments', '/pay');
    try {
      for (const probe of ['/healthz', '/readyz'])
        assert.equal((await fetch(`${served.base}${probe}`)).status, 200, probe);
      assert.deepEqual(served.errors, []);
    } finally {
      await served.close();
    }
  });
});
