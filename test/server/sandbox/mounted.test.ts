/**
 * The sandbox mounted at /sandbox of a bigger Express app, as the hosted demo serves the
 * storefront, the companion and the sandbox on one origin: every address it hands the shopper's
 * browser (pages, stylesheet, form actions, redirects, issuer_url) stays under the mount. Real
 * servers on 127.0.0.1 port 0; the shopper's browser is plain HTTP (form posts, 303s followed by
 * hand).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { GatewayClient } from '../../../server/gateway/index.ts';
import { createSandbox, type Sandbox } from '../../../server/sandbox/app.ts';
import { DEFAULT_MERCHANT, sandboxConfig } from '../../../server/sandbox/config.ts';

const MOUNT = '/sandbox';

function clientOf(baseUrl: string): GatewayClient {
  return new GatewayClient({
    baseUrl,
    merchantId: DEFAULT_MERCHANT.merchant_id,
    accountId: DEFAULT_MERCHANT.account_id,
    secretKey: DEFAULT_MERCHANT.secret_key,
    timeoutMs: 5_000,
    backoffMs: 1,
  });
}

/** Where a shopper's browser ended up: the last page, and every Location it was sent to. */
interface Visit {
  url: string;
  status: number;
  headers: Headers;
  html: string;
  redirects: string[];
}

/** GETs `url`, or POSTs `form` to it as an HTML form does, then follows redirects as GETs. */
async function visit(url: string, form?: Record<string, string>): Promise<Visit> {
  const init: RequestInit = form
    ? { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' }
    : { redirect: 'manual' };
  let at = url;
  let response = await fetch(at, init);
  const redirects: string[] = [];
  while (response.status >= 300 && response.status < 400) {
    assert.ok(redirects.length < 5, `too many redirects: ${redirects.join(' → ')}`);
    const location = response.headers.get('location') ?? '';
    redirects.push(location);
    at = new URL(location, at).href;
    response = await fetch(at, { redirect: 'manual' });
  }
  const { status, headers } = response;
  return { url: at, status, headers, html: await response.text(), redirects };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * The addresses in a page, read tag by tag: every href, src, action and formaction attribute
 * (the sandbox's pages are plain server-rendered HTML, with no comments or scripts to skip).
 */
function addressesIn(html: string): { tag: string; name: string; value: string }[] {
  const found: { tag: string; name: string; value: string }[] = [];
  for (const [, tag = '', attributes = ''] of html.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/gi)) {
    const pairs = attributes.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g);
    for (const [, name = '', double, single, bare] of pairs) {
      if (!/^(href|src|action|formaction)$/i.test(name)) continue;
      const raw = double ?? single ?? bare ?? '';
      const value = raw.replace(
        /&(amp|lt|gt|quot|#39);/g,
        (text, e: string) => ENTITIES[e] ?? text,
      );
      found.push({ tag: tag.toLowerCase(), name: name.toLowerCase(), value });
    }
  }
  return found;
}

/** The form whose action ends with `suffix`. */
function formEndingWith(html: string, suffix: string): string {
  const action = addressesIn(html).find((a) => a.tag === 'form' && a.value.endsWith(suffix));
  assert.ok(action, `a form posting to …${suffix}`);
  return action.value;
}

describe('the sandbox mounted at /sandbox of a bigger app', () => {
  let server: Server;
  let origin: string;
  let sandbox: Sandbox;
  /** A second sandbox, at /slashed, whose publicUrl ends in a slash. */
  let slashed: Sandbox;
  let client: GatewayClient;
  let counter = 0;

  before(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sandbox = createSandbox(sandboxConfig({ publicUrl: origin + MOUNT, tickMs: 20 }));
    slashed = createSandbox(sandboxConfig({ publicUrl: `${origin}/slashed/` }));
    const app = express();
    app.get('/', (_request, response) => void response.type('text').send('the storefront'));
    app.use(MOUNT, sandbox.app);
    app.use('/slashed', slashed.app);
    app.use((_request, response) => void response.status(404).type('text').send('host 404'));
    server.on('request', app);
    client = clientOf(origin + MOUNT);
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([sandbox.close(), slashed.close()]);
  });

  /** Asserts a sandbox page, its stylesheet and every address in it are under the mount. */
  async function assertUnderMount(page: Visit, status = 200): Promise<void> {
    assert.equal(page.status, status, page.html);
    assert.ok(page.url.startsWith(`${origin}${MOUNT}/`), page.url);
    const addresses = addressesIn(page.html);
    const stylesheet = addresses.find((a) => a.tag === 'link');
    assert.equal(stylesheet?.value, `${MOUNT}/assets/sandbox.css`);
    for (const { tag, name, value } of addresses)
      assert.ok(value.startsWith(`${MOUNT}/`), `<${tag} ${name}="${value}"> is outside the mount`);
    const css = await fetch(new URL(stylesheet.value, origin));
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    assert.match(page.headers.get('content-security-policy') ?? '', /form-action 'self'/);
  }

  /** Every Location the browser was sent to is under the mount (root-relative or absolute). */
  function assertRedirectsUnderMount(page: Visit): void {
    for (const location of page.redirects)
      assert.ok(new URL(location, origin).href.startsWith(`${origin}${MOUNT}/`), location);
  }

  /** A checkout, and the shopper's browser posting its page's form: the hosted card page. */
  async function openCheckout(): Promise<{ orderNo: string; page: Visit }> {
    const orderNo = `mounted-${++counter}`;
    const checkout = await client.checkout({ order_no: orderNo, currency: 'USD', amount: '25.00' });
    assert.equal(checkout.action, `${origin}${MOUNT}/hosted/checkout`);
    const page = await visit(checkout.action, checkout.inputs);
    assertRedirectsUnderMount(page);
    await assertUnderMount(page);
    return { orderNo, page };
  }

  const card = (number: string) => ({ card: number, expiry: '12/30', security_code: '123' });

  async function paymentStatus(orderNo: string): Promise<string | undefined> {
    return (await client.query({ order_no: orderNo })).orders[0]?.payment_status;
  }

  it('answers under the mount, and leaves other paths to the host', async () => {
    assert.equal(await (await fetch(`${origin}/hosted/done`)).text(), 'host 404');
    const inside = await fetch(`${origin}${MOUNT}/no-such-route`);
    assert.equal(inside.status, 404);
    assert.equal(((await inside.json()) as { error: string }).error, 'not_found');
    const probe = await fetch(`${origin}${MOUNT}/hosted/checkout`, { method: 'HEAD' });
    assert.equal(probe.status, 204);
    assert.match(probe.headers.get('content-security-policy') ?? '', /frame-ancestors \*/);
  });

  it('pays a hosted checkout with 4111… through pages and redirects under the mount', async () => {
    const { orderNo, page } = await openCheckout();
    const done = await visit(
      new URL(formEndingWith(page.html, '/pay'), origin).href,
      card('4111111111111111'),
    );
    assertRedirectsUnderMount(done);
    assert.ok(done.url.startsWith(`${origin}${MOUNT}/hosted/done?`), done.url);
    await assertUnderMount(done);
    assert.match(done.html, /The payment is authorised/);
    assert.equal(await paymentStatus(orderNo), 'authorised');
  });

  it('shows a refused card form again with its addresses under the mount', async () => {
    const { page } = await openCheckout();
    const refused = await visit(new URL(formEndingWith(page.html, '/pay'), origin).href, {
      ...card('4111111111111111'),
      expiry: '13/30',
    });
    await assertUnderMount(refused, 400);
    assert.match(refused.html, /Enter the expiry as MM\/YY/);
  });

  it('takes a 3-D Secure card (4000000000003220) through its challenge under the mount', async () => {
    const { orderNo, page } = await openCheckout();
    const challenge = await visit(
      new URL(formEndingWith(page.html, '/pay'), origin).href,
      card('4000000000003220'),
    );
    assertRedirectsUnderMount(challenge);
    assert.deepEqual(challenge.redirects, [new URL(challenge.url).pathname]);
    assert.match(challenge.url, /\/sandbox\/hosted\/[^/]+\/3ds$/);
    await assertUnderMount(challenge);
    const action = formEndingWith(challenge.html, '/3ds');
    const done = await visit(new URL(action, origin).href, { code: '1234' });
    assertRedirectsUnderMount(done);
    await assertUnderMount(done);
    assert.equal(await paymentStatus(orderNo), 'authorised');
    assert.equal((await client.query({ order_no: orderNo })).orders[0]?.is3ds, '1');
  });

  it('sends an APM payer to an issuer page under the mount, whose Pay posts under it', async () => {
    const orderNo = `mounted-apm-${++counter}`;
    const result = await client.apmPayment({
      order_no: orderNo,
      currency: 'BRL',
      amount: '50.00',
      payment_method: 'PIX',
      person: { document_number: '52998224725', document_type: 'CPF' },
    });
    assert.ok(result.issuer_url.startsWith(`${origin}${MOUNT}/issuer/`), result.issuer_url);
    const issuer = await visit(result.issuer_url);
    await assertUnderMount(issuer);
    const pay = formEndingWith(issuer.html, '/pay');
    assert.match(pay, new RegExp(`^${MOUNT}/issuer/[^/]+/pay$`));
    const done = await visit(new URL(pay, origin).href, {});
    assertRedirectsUnderMount(done);
    await assertUnderMount(done);
    assert.equal(await paymentStatus(orderNo), 'captured');
  });

  it('doubles no slash when publicUrl ends in one', async () => {
    const slashedClient = clientOf(`${origin}/slashed`);
    const checkout = await slashedClient.checkout({
      order_no: `slashed-${++counter}`,
      currency: 'USD',
      amount: '5.00',
    });
    assert.equal(checkout.action, `${origin}/slashed/hosted/checkout`);
    assert.equal(checkout.inputs.cancel_url, `${origin}/slashed/hosted/done`);
    const page = await visit(checkout.action, checkout.inputs);
    assert.equal(page.status, 200);
    // The card form is the post's answer, under the mount's one slash.
    assert.deepEqual(page.redirects, []);
    assert.equal(new URL(page.url).pathname, '/slashed/hosted/checkout');
    assert.ok(addressesIn(page.html).every((a) => a.value.startsWith('/slashed/')));
    const apm = await slashedClient.apmPayment({
      order_no: `slashed-${++counter}`,
      currency: 'BRL',
      amount: '5.00',
      payment_method: 'PIX',
      person: { document_number: '52998224725', document_type: 'CPF' },
    });
    assert.ok(apm.issuer_url.startsWith(`${origin}/slashed/issuer/`), apm.issuer_url);
  });
});
