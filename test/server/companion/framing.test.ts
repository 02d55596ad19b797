import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FramingProbes, mayFrame } from '../../../server/companion/http/framing.ts';
import { MERCHANT } from '../helpers/sandbox.ts';
import { startStack, sessionBody, SHOP, type Stack } from '../helpers/companion.ts';

const PAGE = 'https://service.example/hosted/checkout';
const verdict = (headers: Record<string, string>, ancestor = 'https://shop.example') =>
  mayFrame(new Headers(headers), PAGE, ancestor);

describe('reading a page’s framing headers as a browser does', () => {
  it('no header: may frame', () => assert.equal(verdict({}), true));
  it('X-Frame-Options DENY, and SAMEORIGIN for another origin: may not', () => {
    assert.equal(verdict({ 'x-frame-options': 'DENY' }), false);
    assert.equal(verdict({ 'x-frame-options': 'sameorigin' }), false);
    assert.equal(verdict({ 'x-frame-options': 'SAMEORIGIN' }, 'https://service.example'), true);
  });
  it('CSP frame-ancestors wins over X-Frame-Options', () => {
    const both = { 'x-frame-options': 'DENY', 'content-security-policy': 'frame-ancestors *' };
    assert.equal(verdict(both), true);
  });
  it('frame-ancestors sources: none, self, origins, wildcard hosts, schemes', () => {
    const csp = (value: string) => ({ 'content-security-policy': `default-src 'none'; ${value}` });
    assert.equal(verdict(csp("frame-ancestors 'none'")), false);
    assert.equal(verdict(csp("frame-ancestors 'self'")), false);
    assert.equal(verdict(csp('frame-ancestors https://shop.example')), true);
    assert.equal(verdict(csp('frame-ancestors https://other.example')), false);
    assert.equal(verdict(csp('frame-ancestors *.example')), true);
    assert.equal(verdict(csp('frame-ancestors https:')), true);
    assert.equal(verdict(csp('frame-ancestors https:'), 'http://shop.example'), false);
  });
});

describe('the payment page when the service’s page refuses to be framed', () => {
  let stack: Stack;
  before(async () => (stack = await startStack({ companion: { framingCheckMs: 0 } })));
  after(() => stack.close());

  const frameRequest = { headers: { 'sec-fetch-dest': 'iframe' } };

  it('a frame gets a page that tells the widget, not the refused page', async () => {
    await stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, deny_framing: true });
    try {
      const created = await stack.widget('/checkout-sessions', sessionBody('mug.f1'));
      const page = await fetch(String(created.body.frame_url), frameRequest);
      const html = await page.text();
      assert.equal(page.status, 200);
      assert.match(html, /data-message="framing-refused"/);
      assert.match(html, new RegExp(`data-target-origin="${SHOP}"`));
      assert.doesNotMatch(html, /session_token/, 'the service’s page is not in it');

      const again = await stack.widget('/checkout-sessions', sessionBody('mug.f1'));
      const top = await fetch(String(again.body.frame_url), {
        headers: { 'sec-fetch-dest': 'document' },
      });
      assert.match(await top.text(), /session_token/, 'a window or a redirect gets the page');
    } finally {
      await stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id });
    }
  });

  it('a frame gets the service’s page when it may be framed', async () => {
    const created = await stack.widget('/checkout-sessions', sessionBody('mug.f2'));
    const page = await fetch(String(created.body.frame_url), frameRequest);
    assert.match(await page.text(), /session_token/);
  });
});

describe('the framing verdict is kept a while per payment page and storefront', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  it('asks the service again only once the kept verdict has aged past its time', async () => {
    const page = `${stack.sandbox.url}/hosted/checkout`;
    const clock = { now: 0 };
    const probes = new FramingProbes(300, () => clock.now);
    assert.equal(await probes.verdict(page, SHOP), true);
    await stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, deny_framing: true });
    try {
      clock.now = 299;
      assert.equal(await probes.verdict(page, SHOP), true, 'the kept verdict');
      assert.equal(
        await probes.verdict(page, 'https://other.example'),
        false,
        'another storefront',
      );
      clock.now = 300;
      assert.equal(await probes.verdict(page, SHOP), false, 'asked again');
    } finally {
      await stack.sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id });
    }
  });
});
