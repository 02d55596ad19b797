import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { askAsTheWidget, startStack, sessionBody, SHOP, type Stack } from '../helpers/companion.ts';

describe('the companion’s widget routes', () => {
  let stack: Stack;
  before(async () => (stack = await startStack()));
  after(() => stack.close());

  describe('POST /api/checkout-sessions', () => {
    it('creates a hosted checkout at the service and answers a one-time frame address', async () => {
      const created = await stack.widget('/checkout-sessions', sessionBody('mug.w1'));
      assert.equal(created.status, 201);
      assert.equal(created.body.order_no, 'mug.w1-1');
      assert.equal(created.body.status, 'pending');
      assert.match(String(created.body.frame_url), new RegExp(`^${stack.companion.url}/pay/`));
      assert.equal(created.headers.get('access-control-allow-origin'), SHOP);

      const page = await fetch(String(created.body.frame_url));
      assert.equal(page.status, 200);
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'sha256-[A-Za-z0-9+/=]+'/);
      assert.match(csp, new RegExp(`form-action ${stack.sandbox.url}`));
      assert.match(csp, new RegExp(`frame-ancestors ${SHOP}`));
      assert.doesNotMatch(csp, /unsafe-inline/);
      // An opaque origin of its own, even when the companion shares the storefront's origin.
      assert.match(csp, /; sandbox allow-scripts allow-forms$/);
      assert.match(await page.text(), /name="order_no" value="mug\.w1-1"/);
      assert.equal(
        (await fetch(String(created.body.frame_url))).status,
        410,
        'the address works once',
      );
    });

    it('sends the shopper and device fields marked C', async () => {
      await stack.widget('/checkout-sessions', sessionBody('tee.w2'));
      const [order] = (await stack.sandbox.client().query({ order_no: 'tee.w2-1' })).orders;
      assert.equal(order?.shopper_email, 'ada@example.com');
      assert.equal(order?.amount, '25.00');
    });

    it("sends the element's locale as browser_lang, which the service's pages speak", async () => {
      const page = async (ref: string, extra: Record<string, unknown>) => {
        const created = await stack.widget('/checkout-sessions', sessionBody(ref, extra));
        return (await fetch(String(created.body.frame_url))).text();
      };
      const device = { browser_lang: 'en-GB' };
      assert.match(await page('tee.w5', { locale: 'pt-BR', device }), /name="browser_lang" value="pt-BR"/); // prettier-ignore
      assert.match(await page('mug.w5', { device }), /name="browser_lang" value="en-GB"/);
      const bad = await stack.widget(
        '/checkout-sessions',
        sessionBody('tee.w6', { locale: 'pt_BR!' }),
      );
      assert.equal(bad.status, 400);
      assert.match(JSON.stringify(bad.body.issues), /"path":"locale"/);
    });

    describe('with a tampered amount, currency and item list', () => {
      it('charges the catalogue price', async () => {
        const tampered = sessionBody('tee.w3', {
          amount: '0.01',
          currency: 'JPY',
          items: 'Free#,#x#,#0.01#,#1',
          cart_items: [],
        });
        assert.equal((await stack.widget('/checkout-sessions', tampered)).status, 201);
        const [order] = (await stack.sandbox.client().query({ order_no: 'tee.w3-1' })).orders;
        assert.deepEqual([order?.amount, order?.currency], ['25.00', 'USD']);
      });
    });

    it('refuses an unknown order reference with a 404 problem', async () => {
      const answer = await stack.widget('/checkout-sessions', sessionBody('nothing.w4'));
      assert.equal(answer.status, 404);
      assert.match(answer.headers.get('content-type') ?? '', /application\/problem\+json/);
    });

    it('refuses an invalid body with a 400 problem naming the fields', async () => {
      const answer = await stack.widget('/checkout-sessions', {
        ...sessionBody('mug.w5'),
        shopper: { email: 'nope' },
        device: { resolution: 'big' },
      });
      assert.equal(answer.status, 400);
      const paths = (answer.body.issues as { path: string }[]).map((i) => i.path).sort();
      assert.deepEqual(paths, ['device.resolution', 'shopper.email']);
    });

    it('refuses a request from an origin that is not a storefront', async () => {
      const answer = await stack.widget('/checkout-sessions', sessionBody('mug.w6'), {
        origin: 'http://evil.test',
      });
      assert.equal(answer.status, 403);
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
    });

    it('refuses a return_url off the storefront origins', async () => {
      const answer = await stack.widget(
        '/checkout-sessions',
        sessionBody('mug.w7', { return_url: 'http://evil.test/steal' }),
      );
      assert.equal(answer.status, 400);
    });

    it('answers 20 parallel identical requests with one session at the service', async () => {
      // Each is answered with the session, or, when the first is still creating it past the
      // wait a request is allowed (recoveries.ts), at once with when to ask again, as the
      // widget's client does.
      const ask = () => stack.widget('/checkout-sessions', sessionBody('poster.w8'));
      const answers = await Promise.all(Array.from({ length: 20 }, () => askAsTheWidget(ask)));
      assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([201]));
      assert.deepEqual(new Set(answers.map((a) => a.body.order_no)), new Set(['poster.w8-1']));
      const atService = (
        await stack.sandbox.client().query({ order_no: ['poster.w8-1', 'poster.w8-2'] })
      ).orders;
      assert.equal(atService.length, 1);
      assert.equal(
        new Set(answers.map((a) => a.body.frame_url)).size,
        20,
        'each gets its own one-time address',
      );
    });

    it('refuses a new payment for a paid order', async () => {
      const created = await stack.widget('/checkout-sessions', sessionBody('mug.w9'));
      await stack.payHosted(String(created.body.frame_url));
      await stack.waitForStatus('mug.w9', 'authorised');
      const again = await stack.widget('/checkout-sessions', sessionBody('mug.w9'));
      assert.equal(again.status, 409);
    });

    it('makes a new attempt after a declined one', async () => {
      const first = await stack.widget('/checkout-sessions', sessionBody('mug.w10'));
      await stack.payHosted(String(first.body.frame_url), '4000000000000002');
      await stack.waitForStatus('mug.w10', 'declined');
      const second = await stack.widget(
        '/checkout-sessions',
        sessionBody('mug.w10', { attempt_key: 'attempt-mug-w10-2' }),
      );
      assert.equal(second.body.order_no, 'mug.w10-2');
    });
  });

  describe('a checkout session started before Pay (prepared) and asked for again at Pay', () => {
    const edited = (ref: string) => {
      const body = sessionBody(ref);
      return { ...body, shopper: { ...body.shopper, email: 'grace@example.com' } };
    };

    it('is the same attempt when the request is the same but for the clock and the visitor cookie', async () => {
      const prepared = await stack.widget('/checkout-sessions', sessionBody('mug.p1'));
      const body = sessionBody('mug.p1');
      const atPay = await stack.widget('/checkout-sessions', {
        ...body,
        device: { ...body.device, checkout_time: 1_790_000_090, cookie_old: 'a', cookie_new: 'b' },
      });
      assert.equal(atPay.body.order_no, prepared.body.order_no);
      assert.notEqual(atPay.body.frame_url, prepared.body.frame_url, 'a fresh one-time address');
    });

    it('is a fresh attempt when the form changed, and the prepared page is never served', async () => {
      const prepared = await stack.widget('/checkout-sessions', sessionBody('mug.p2'));
      const atPay = await stack.widget('/checkout-sessions', edited('mug.p2'));
      assert.equal(atPay.status, 201);
      assert.equal(atPay.body.order_no, 'mug.p2-2');
      const [sent] = (await stack.sandbox.client().query({ order_no: 'mug.p2-2' })).orders;
      assert.equal(sent?.shopper_email, 'grace@example.com');
      assert.equal((await fetch(String(prepared.body.frame_url))).status, 410);
      assert.equal((await fetch(String(atPay.body.frame_url))).status, 200);
      const [replaced] = (await stack.sandbox.client().query({ order_no: 'mug.p2-1' })).orders;
      assert.equal(replaced?.payment_status, 'pending', 'nothing was charged for the prepared one');
    });

    it('keeps an attempt whose page was opened, whatever the next request says', async () => {
      const first = await stack.widget('/checkout-sessions', sessionBody('mug.p3'));
      assert.equal((await fetch(String(first.body.frame_url))).status, 200);
      const again = await stack.widget('/checkout-sessions', edited('mug.p3'));
      assert.equal(again.body.order_no, 'mug.p3-1');
    });

    const pix = (ref: string) =>
      sessionBody(ref, { payment_method: 'PIX', payer: { document_number: '529.982.247-25' } });

    it('is replaced when the shopper pays another way, its page never served', async () => {
      const prepared = await stack.widget('/checkout-sessions', sessionBody('mug.p4'));
      const apm = await stack.widget('/apm-payments', pix('mug.p4'));
      assert.equal(apm.status, 201, JSON.stringify(apm.body));
      assert.equal(apm.body.order_no, 'mug.p4-2');
      assert.match(String(apm.body.issuer_url), /\/issuer\//);
      assert.equal((await fetch(String(prepared.body.frame_url))).status, 410);
    });

    it('refuses another way to pay while an opened checkout waits for the shopper', async () => {
      const first = await stack.widget('/checkout-sessions', sessionBody('mug.p5'));
      assert.equal((await fetch(String(first.body.frame_url))).status, 200);
      const apm = await stack.widget('/apm-payments', pix('mug.p5'));
      assert.equal(apm.status, 409);
      assert.equal(apm.body.title, 'Another payment is in progress');
    });
  });

  describe('GET /api/orders/:ref', () => {
    it('answers the order’s status with its own token, and nothing with another’s', async () => {
      const a = await stack.widget('/checkout-sessions', sessionBody('mug.s1'));
      const b = await stack.widget('/checkout-sessions', sessionBody('tee.s2'));
      const own = await stack.widget('/orders/mug.s1', undefined, {
        authorization: `Bearer ${a.body.status_token}`,
      });
      assert.equal(own.status, 200);
      assert.deepEqual(
        [own.body.status, own.body.amount, own.body.currency],
        ['pending', '12.00', 'USD'],
      );
      const other = await stack.widget('/orders/mug.s1', undefined, {
        authorization: `Bearer ${b.body.status_token}`,
      });
      assert.equal(other.status, 401);
      assert.equal((await stack.widget('/orders/mug.s1')).status, 401);
    });

    it('follows the payment to authorised once the notification lands', async () => {
      const created = await stack.widget('/checkout-sessions', sessionBody('tee.s3'));
      const back = await stack.payHosted(String(created.body.frame_url));
      assert.match(back, new RegExp(`^${stack.companion.url}/return/checkout/tee\\.s3`));
      await stack.waitForStatus('tee.s3', 'authorised');
      const status = await stack.widget('/orders/tee.s3', undefined, {
        authorization: `Bearer ${created.body.status_token}`,
      });
      assert.equal(status.body.status, 'authorised');
      assert.match(String(status.body.transaction_id), /^TX/);
    });
  });

  describe('the return pages', () => {
    it('the checkout return page posts to the storefront origin with a script of the companion’s own', async () => {
      await stack.widget('/checkout-sessions', sessionBody('mug.r1'));
      const page = await fetch(`${stack.companion.url}/return/checkout/mug.r1`);
      const html = await page.text();
      assert.match(html, new RegExp(`data-target-origin="${SHOP}"`));
      assert.match(html, /<script src="\/assets\/return\.js" defer><\/script>/);
      assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      const script = await (await fetch(`${stack.companion.url}/assets/return.js`)).text();
      assert.match(script, /postMessage\(message, data\.targetOrigin\)/);
    });

    it('the APM return leads on to the storefront’s return address', async () => {
      const created = await stack.widget(
        '/apm-payments',
        sessionBody('mug.r2', {
          payment_method: 'PIX',
          payer: { document_number: '529.982.247-25' },
          return_url: `${SHOP}/thanks`,
        }),
      );
      assert.equal(created.status, 201);
      assert.match(String(created.body.issuer_url), new RegExp(`^${stack.sandbox.url}/issuer/`));
      // A page whose script goes on (a 303 would be checked against the issuer's form-action).
      const back = await fetch(`${stack.companion.url}/return/apm/mug.r2`, { redirect: 'manual' });
      assert.equal(back.status, 200);
      const html = await back.text();
      assert.match(html, new RegExp(`data-return-url="${SHOP}/thanks"`));
      assert.match(html, /<script src="\/assets\/return\.js" defer><\/script>/);
      assert.match(html, new RegExp(`href="${SHOP}/thanks\\?acquiring_order_ref=mug\\.r2"`));
    });
  });

  it('direct card payments are off unless enabled', async () => {
    const answer = await stack.widget(
      '/card-payments',
      sessionBody('mug.c1', {
        card: {
          number: '4111111111111111',
          expiry_month: '12',
          expiry_year: '2030',
          security_code: '123',
        },
      }),
    );
    assert.equal(answer.status, 404);
  });

  it('tells the storefront which CSP entries it needs', async () => {
    const csp = await stack.widget('/csp');
    assert.deepEqual(csp.body['frame-src'], [stack.companion.url, stack.sandbox.url]);
    assert.deepEqual(csp.body['connect-src'], [stack.companion.url]);
  });
});

describe('direct card payments, enabled', () => {
  it('authorise at once and answer the status', async () => {
    const stack = await startStack({ companion: { directCardPayments: true } });
    try {
      const card = (number: string) => ({
        card: { number, expiry_month: '12', expiry_year: '2030', security_code: '123' },
      });
      const paid = await stack.widget(
        '/card-payments',
        sessionBody('mug.c2', card('4111111111111111')),
      );
      assert.deepEqual([paid.status, paid.body.status], [201, 'authorised']);
      const declined = await stack.widget(
        '/card-payments',
        sessionBody('mug.c3', card('4000000000000002')),
      );
      assert.equal(declined.body.status, 'declined');
    } finally {
      await stack.close();
    }
  });

  it("go on to the service's page when the card needs 3-D Secure, in the same request", async () => {
    const stack = await startStack({ companion: { directCardPayments: true } });
    try {
      const card = { number: '4000000000003220', expiry_month: '12', expiry_year: '2030', security_code: '123' }; // prettier-ignore
      const body = sessionBody('mug.c4', { card, save_card: false });
      const answer = await stack.widget('/card-payments', body);
      assert.equal(answer.status, 201);
      assert.deepEqual([answer.body.status, answer.body.order_no], ['pending', 'mug.c4-2']);
      assert.match(String(answer.body.frame_url), new RegExp(`^${stack.companion.url}/pay/`));
      // The direct attempt the service refused, and the checkout it sent everything else to.
      const { orders } = await stack.sandbox.client().query({ order_no: ['mug.c4-1', 'mug.c4-2'] });
      const byNo = new Map(orders.map((order) => [order.order_no, order]));
      assert.equal(byNo.get('mug.c4-1')?.payment_status, 'failed');
      assert.equal(byNo.get('mug.c4-2')?.shopper_email, 'ada@example.com');
      const page = await fetch(String(answer.body.frame_url));
      assert.match(await page.text(), /name="order_no" value="mug\.c4-2"/);
    } finally {
      await stack.close();
    }
  });
});
