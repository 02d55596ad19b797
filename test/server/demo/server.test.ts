import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { startDemoStack, type DemoStack } from '../../../demo/stack.ts';
import { cartOf, resolveOrder } from '../../../demo/catalogue.ts';

describe('the demo’s catalogue prices the cart in the order reference', () => {
  it('sums the lines in integer cents', () => {
    assert.deepEqual(resolveOrder('mug_2-tee-poster.x1')?.amount, '58.50');
    assert.equal(resolveOrder('poster_3.x')?.amount, '28.50');
    assert.equal(resolveOrder('coffee.x')?.subscription?.interval, 'month');
  });
  it('prices a cart in its products’ currency', () => {
    assert.deepEqual(
      [resolveOrder('cafe_2.x')?.amount, resolveOrder('cafe_2.x')?.currency],
      ['179.80', 'BRL'],
    );
    assert.equal(resolveOrder('mug.x')?.currency, 'USD');
  });
  it('refuses what is not a cart', () => {
    const refs = ['mug', 'hat.x', 'mug_0.x', 'mug-mug.x', 'coffee-mug.x', 'coffee_2.x', '.x'];
    // One currency per cart: a BRL product beside USD ones is no cart.
    for (const ref of [...refs, 'cafe-mug.x']) assert.equal(cartOf(ref), undefined, ref);
  });
});

describe('the demo server', () => {
  let stack: DemoStack;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'demo-test-'));
    stack = await startDemoStack({ port: 0, sandboxPort: 0, companionPort: 0, dataDir });
  });
  after(async () => {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the storefront under a strict CSP, with the widget by one script tag with integrity', async () => {
    const page = await fetch(`${stack.storefrontUrl}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, new RegExp(`frame-src ${stack.companionUrl} ${stack.sandboxUrl}`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const html = await page.text();
    assert.match(html, /<script src="\/widget\/acquiring-checkout\.js" integrity="sha384-[^"]+"/);
    assert.doesNotMatch(
      html,
      /<script>|<script type="module">|style="/,
      'no inline script or style',
    );
  });

  it('serves the docs at /docs under the same strict CSP, and their search index', async () => {
    const home = await fetch(`${stack.storefrontUrl}/docs/`);
    assert.equal(home.status, 200);
    assert.doesNotMatch(home.headers.get('content-security-policy') ?? '', /unsafe-inline/);
    assert.match(await home.text(), /<title>acquiring-checkout · acquiring-checkout docs<\/title>/);
    const reference = await fetch(`${stack.storefrontUrl}/docs/reference/element.html`);
    assert.match(await reference.text(), /<code>acquiring-result<\/code>/);
    const index = await fetch(`${stack.storefrontUrl}/docs/search-index.json`);
    assert.ok(((await index.json()) as unknown[]).length > 100);
  });

  it('allows each page its one inline stylesheet by its hash in the CSP, and no other', async () => {
    for (const path of ['/', '/playground', '/console', '/docs/', '/docs/getting-started.html']) {
      const page = await fetch(stack.storefrontUrl + path);
      const styleSrc = (page.headers.get('content-security-policy') ?? '')
        .split(';')
        .find((directive) => directive.startsWith('style-src '))
        ?.split(' ');
      const styles = [...(await page.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)];
      assert.equal(styles.length, 1, path);
      const hash = createHash('sha256').update(styles[0]![1]!).digest('base64');
      assert.ok(styleSrc?.includes(`'sha256-${hash}'`), `${path}: ${styleSrc?.join(' ')}`);
      assert.equal(styleSrc?.length, 4, `${path}: self and the two stylesheets' hashes only`);
    }
  });

  it('has the storefront’s products, priced, in the page as it comes', async () => {
    const html = await (await fetch(`${stack.storefrontUrl}/`)).text();
    const products = [...html.matchAll(/<li class="product" data-sku="([a-z]+)">(.*?)<\/li>/g)];
    assert.deepEqual(
      products.map(([, sku, item]) => [sku, item!.replace(/<[^>]+>/g, '|')]),
      [
        ['mug', '|Enamel mug||$12.00||Add to cart|'],
        ['tee', '|Organic T-shirt||$25.00||Add to cart|'],
        ['poster', '|Risograph poster||$9.50||Add to cart|'],
        ['cafe', '|Café do Cerrado, 1 kg||R$89.90||Add to cart|'],
        ['coffee', '|Coffee, monthly||$15.00 / month||Subscribe|'],
      ],
    );
  });

  it('lets a browser keep the playground’s chunks (named by their hashes), not its entry', async () => {
    const entry = await fetch(`${stack.storefrontUrl}/bundles/playground.js`);
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    const chunk = /"\.\/(playground-[A-Z0-9]+\.js)"/.exec(await entry.text())?.[1];
    const response = await fetch(`${stack.storefrontUrl}/bundles/${chunk}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    // By node:http: fetch adds `cache-control: no-cache` to a conditional request.
    const again = await new Promise<number>((resolve, reject) => {
      const url = new URL('/bundles/playground.js', stack.storefrontUrl);
      const headers = { 'if-none-match': entry.headers.get('etag') ?? '' };
      httpRequest(url, { headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .once('error', reject)
        .end();
    });
    assert.equal(again, 304, 'an unchanged entry is not sent again');
  });

  it('forwards the console’s calls to the operations API; the token stays on the server', async () => {
    const orders = await fetch(`${stack.storefrontUrl}/console/api/orders`);
    assert.equal(orders.status, 200);
    assert.deepEqual(await orders.json(), { orders: [] });
    for (const path of [
      '/console',
      '/assets/console.js',
      '/',
      '/spa',
      '/bundles/spa.js',
      '/playground',
    ]) {
      const text = await (await fetch(stack.storefrontUrl + path)).text();
      assert.equal(text.includes(stack.operationsToken), false, path);
    }
  });

  it('answers only the console’s operations, by their method', async () => {
    const call = (path: string, method = 'GET') =>
      fetch(`${stack.storefrontUrl}/console/api/${path}`, {
        method,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      });
    assert.equal((await call('direct-payments', 'POST')).status, 404);
    assert.equal((await call('orders', 'POST')).status, 404);
    assert.equal((await call('../csp')).status, 404);
  });

  it('a malformed body is a 400 in JSON, and a bad field is named by the companion', async () => {
    const post = (body: string) =>
      fetch(`${stack.storefrontUrl}/console/api/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const malformed = await post('{"orders": [');
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as { title: string }).title, 'Invalid request');
    const invalid = await post(JSON.stringify({ orders: [{ order_ref: 'mug.x', amount: '1,5' }] }));
    assert.equal(invalid.status, 400);
    assert.match(JSON.stringify(await invalid.json()), /amount/);
  });

  describe('keeps its console API to its own pages (F8)', () => {
    /** A raw request, so the Host header is the one given (as after DNS rebinding). */
    const send = (path: string, headers: Record<string, string>, method = 'GET', body = '') =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(path, stack.storefrontUrl);
        const request = httpRequest(url, { method, headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.once('error', reject);
        request.end(body);
      });

    it('refuses a request naming another Host (DNS rebinding) with 421', async () => {
      assert.equal(await send('/console/api/orders', { host: 'evil.example' }), 421);
      assert.equal(await send('/console/api/orders', { host: 'evil.example:80' }), 421);
      assert.equal(
        await send('/console/api/orders', { host: new URL(stack.storefrontUrl).host }),
        200,
      );
    });

    it('refuses a cross-site POST to /console/api/reconcile, by fetch metadata or by Origin', async () => {
      const host = new URL(stack.storefrontUrl).host;
      const post = (headers: Record<string, string>) =>
        send('/console/api/reconcile', { host, ...headers }, 'POST', '{}');
      assert.equal(
        await post({
          'content-type': 'text/plain',
          'sec-fetch-site': 'cross-site',
          origin: 'https://evil.example',
        }),
        403,
      );
      assert.equal(
        await post({ 'content-type': 'text/plain', origin: 'https://evil.example' }),
        403,
      );
      assert.equal(
        await post({ 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }),
        403,
      );
      assert.equal(
        await post({ 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' }),
        415,
      );
      assert.equal(
        await post({
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          origin: stack.storefrontUrl,
        }),
        200,
      );
    });
  });
});
