import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  merchantHooks,
  orderResolver,
  type ResolvedOrder,
} from 'acquiring-checkout-server/companion';

const MUG: ResolvedOrder = {
  amount: '12.00',
  currency: 'USD',
  items: [{ name: 'Enamel mug', sku: 'mug', unit_price: '12.00', quantity: 1 }],
};

/** What the merchant's backend answers for an order reference; a string body is sent as it is. */
type Answer = { status: number; body?: unknown };

/**
 * The merchant's backend: a real HTTP server on 127.0.0.1 port 0 that records each request and
 * answers by the first decoded path segment it knows (404 when none).
 */
async function startBackend(answers: Record<string, Answer>) {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push({ url, headers: request.headers });
    const segments = new URL(url, 'http://x').pathname.split('/').map(decodeURIComponent);
    const ref = segments.find((segment) => Object.hasOwn(answers, segment));
    const answer = (ref && answers[ref]) || { status: 404 };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    const { body } = answer;
    response.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('orderResolver(setting, token)', () => {
  describe('with an http address of the merchant’s backend', () => {
    let backend: Awaited<ReturnType<typeof startBackend>>;
    before(
      async () =>
        (backend = await startBackend({
          'mug.r1': { status: 200, body: MUG },
          'mug_2-tee.k3x9': { status: 200, body: MUG },
          'a/b c': { status: 200, body: MUG },
          'broken.r2': { status: 500, body: { error: 'down' } },
          'html.r6': { status: 200, body: '<html>' },
          'number.r3': { status: 200, body: { ...MUG, amount: 12.5 } },
          'lower.r4': { status: 200, body: { ...MUG, currency: 'usd' } },
          'item.r5': {
            status: 200,
            body: { ...MUG, items: [{ name: 'Mug', unit_price: '12.00', quantity: 0 }] },
          },
        })),
    );
    after(() => backend.close());

    /** The path and query of the request the resolver made last. */
    const lastUrl = () => backend.requests.at(-1)?.url;

    it('puts the order reference in place of {order_ref}, and answers the order', async () => {
      const resolve = await orderResolver(`${backend.url}/orders/{order_ref}?view=full`);
      assert.deepEqual(await resolve('mug.r1'), MUG);
      assert.equal(lastUrl(), '/orders/mug.r1?view=full');
      assert.equal(backend.requests.at(-1)?.headers.accept, 'application/json');
    });

    it('appends the reference as the last path segment, with or without a trailing slash', async () => {
      await (
        await orderResolver(`${backend.url}/orders`)
      )('mug.r1');
      assert.equal(lastUrl(), '/orders/mug.r1');
      await (
        await orderResolver(`${backend.url}/orders//`)
      )('mug.r1');
      assert.equal(lastUrl(), '/orders/mug.r1');
    });

    it('appends the reference to the path, not to a query string', async () => {
      await (
        await orderResolver(`${backend.url}/orders?view=full`)
      )('mug.r1');
      assert.equal(lastUrl(), '/orders/mug.r1?view=full');
    });

    it('URL-encodes the reference: dots and underscores stay, a slash or a space is escaped', async () => {
      const appended = await orderResolver(`${backend.url}/orders/`);
      assert.deepEqual(await appended('mug_2-tee.k3x9'), MUG);
      assert.equal(lastUrl(), '/orders/mug_2-tee.k3x9');
      assert.deepEqual(await appended('a/b c'), MUG);
      assert.equal(lastUrl(), '/orders/a%2Fb%20c');
      const templated = await orderResolver(`${backend.url}/o/{order_ref}/lookup`);
      assert.deepEqual(await templated('a/b c'), MUG);
      assert.equal(lastUrl(), '/o/a%2Fb%20c/lookup');
    });

    it('asks nothing for a reference of dots alone: as a path segment it is a folder', async () => {
      const asked = backend.requests.length;
      for (const address of [`${backend.url}/orders`, `${backend.url}/o/{order_ref}/lookup`])
        for (const ref of ['.', '..', '...'])
          assert.equal(await (await orderResolver(address, 'resolver-secret'))(ref), undefined);
      assert.equal(backend.requests.length, asked, 'the token went to no other address');
    });

    it('sends the token as a bearer token when one is given, and no authorization otherwise', async () => {
      await (
        await orderResolver(`${backend.url}/orders`, 'resolver-secret')
      )('mug.r1');
      assert.equal(backend.requests.at(-1)?.headers.authorization, 'Bearer resolver-secret');
      await (
        await orderResolver(`${backend.url}/orders`)
      )('mug.r1');
      assert.equal(backend.requests.at(-1)?.headers.authorization, undefined);
    });

    it('answers undefined (no such order) for a 404', async () => {
      const resolve = await orderResolver(`${backend.url}/orders`);
      assert.equal(await resolve('unknown.r0'), undefined);
    });

    it('throws naming ORDER_RESOLVER and the status for any other status', async () => {
      const resolve = await orderResolver(`${backend.url}/orders`);
      await assert.rejects(
        async () => resolve('broken.r2'),
        /^Error: ORDER_RESOLVER answered 500 for broken\.r2$/,
      );
    });

    it('throws naming ORDER_RESOLVER for a 200 whose body is not JSON', async () => {
      const resolve = await orderResolver(`${backend.url}/orders`);
      await assert.rejects(async () => resolve('html.r6'), /ORDER_RESOLVER/);
    });

    describe('with a body that is not a ResolvedOrder', () => {
      it('throws naming the field: an amount given as a number', async () => {
        const resolve = await orderResolver(`${backend.url}/orders`);
        await assert.rejects(
          async () => resolve('number.r3'),
          (error: Error) => {
            assert.match(error.message, /^ORDER_RESOLVER answered an invalid order for number\.r3/);
            assert.match(error.message, /\bamount: /);
            return true;
          },
        );
      });

      it('throws naming the field: a currency in lower case', async () => {
        const resolve = await orderResolver(`${backend.url}/orders`);
        await assert.rejects(
          async () => resolve('lower.r4'),
          /currency: an ISO 4217 code like "USD"/,
        );
      });

      it('throws naming the field by its path: an item’s quantity', async () => {
        const resolve = await orderResolver(`${backend.url}/orders`);
        await assert.rejects(async () => resolve('item.r5'), /items\.0\.quantity: /);
      });
    });
  });

  describe('with a module', () => {
    let dir: string;
    const file = (name: string, source: string) => {
      const path = join(dir, name);
      writeFileSync(path, source);
      return path;
    };
    before(() => (dir = mkdtempSync(join(tmpdir(), 'order-resolver-'))));
    after(() => rmSync(dir, { recursive: true, force: true }));

    const source = (exported: string) =>
      `${exported} (ref) { return ref === 'mug.m1' ? ${JSON.stringify(MUG)} : undefined; }\n`;

    it('uses the resolveOrder export of a module at an absolute path', async () => {
      const path = file('named.mjs', source('export function resolveOrder'));
      const resolve = await orderResolver(path);
      assert.deepEqual(await resolve('mug.m1'), MUG);
      assert.equal(await resolve('other.m1'), undefined);
    });

    it('uses the default export when there is no resolveOrder export', async () => {
      const path = file('default.mjs', source('export default async function'));
      assert.deepEqual(await (await orderResolver(path))('mug.m1'), MUG);
    });

    it('resolves a ./ path against the working directory', async () => {
      const path = file('relative.mjs', source('export const resolveOrder = function'));
      const fromCwd = `./${relative(process.cwd(), path)}`;
      assert.deepEqual(await (await orderResolver(fromCwd))('mug.m1'), MUG);
    });

    it('refuses a module that exports no resolveOrder function, naming ORDER_RESOLVER and it', async () => {
      const path = file(
        'nothing.mjs',
        'export const resolveOrder = 42;\nexport const other = 1;\n',
      );
      await assert.rejects(
        orderResolver(path),
        new Error(`ORDER_RESOLVER: ${path} exports no resolveOrder function`),
      );
    });

    it('imports a bare name as a package (one with no resolveOrder function is refused)', async () => {
      await assert.rejects(
        orderResolver('zod'),
        /ORDER_RESOLVER: zod exports no resolveOrder function/,
      );
    });

    it("takes the module's resolveShopper too, when it exports one", async () => {
      const path = file(
        'hooks.mjs',
        `${source('export function resolveOrder')}export const resolveShopper = () => ({ id: 'cust-1' });\n`,
      );
      const hooks = await merchantHooks(path);
      assert.deepEqual(await hooks.resolveOrder('mug.m1'), MUG);
      assert.deepEqual(await hooks.resolveShopper?.({} as never), { id: 'cust-1' });
      const bad = file(
        'bad-hooks.mjs',
        `${source('export function resolveOrder')}export const resolveShopper = 1;\n`,
      );
      await assert.rejects(merchantHooks(bad), /exports a resolveShopper that is not a function/);
      assert.equal((await merchantHooks('https://shop.internal/orders')).resolveShopper, undefined);
    });

    it('fails when the module is not there', async () => {
      await assert.rejects(orderResolver(join(dir, 'missing.mjs')), /missing\.mjs/);
    });
  });
});
