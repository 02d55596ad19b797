/**
 * Order and risk data (#14 item 4): the merchant's items, breakdown and coupons (resolveOrder),
 * its account of the shopper (resolveShopper) and the widget's challenge window reach the service
 * in every flow that takes them, the sandbox keeps them, and the operations API shows them. An
 * order whose items do not add up is refused before anything is sent, the log saying why.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { ResolvedOrder, ResolvedShopper } from 'acquiring-checkout-server/companion';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

/** 2 × 12.00 + 9.50 + shipping 5.00 + tax 3.10 − discount 4.00 = 37.60 USD. */
const BASKET: ResolvedOrder = {
  amount: '37.60',
  currency: 'USD',
  items: [
    { name: 'Enamel mug', sku: 'mug', unit_price: '12.00', quantity: 2, category: 'kitchen' },
    { name: 'Poster', sku: 'poster', unit_price: '9.5', quantity: 1, type: 'digital' },
  ],
  shipping: '5.00',
  tax_total: '3.10',
  discount: '4',
  coupons: [{ code: 'WELCOME4', type: 'fixed' }],
};

const ADA: ResolvedShopper = {
  id: 'cust-1815',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  created: 1_700_000_000,
  past_orders_count: 3,
  past_orders_sum: '120.50',
  last_login_ip: '203.0.113.7',
};

function resolveOrder(ref: string): ResolvedOrder | undefined {
  if (ref.startsWith('basket.')) return BASKET;
  if (ref.startsWith('wrong-sum.')) return { ...BASKET, amount: '38.00' };
  if (ref.startsWith('bad-part.')) return { ...BASKET, shipping: '5.001' };
  if (ref.startsWith('plain.')) return { amount: '10.00', currency: 'USD', items: [] };
  return undefined;
}

describe('order and risk data', () => {
  let stack: Stack;
  const logged: { msg: string; order_ref?: string; problems?: string[] }[] = [];
  before(async () => {
    const sink = new Writable({
      write: (chunk, _encoding, done) => (logged.push(JSON.parse(String(chunk))), done()),
    });
    stack = await startStack({
      companion: {
        resolveOrder,
        directCardPayments: true,
        // The shop's session: a cookie naming the signed-in account, or a broken session store.
        resolveShopper: (request) => {
          const cookie = request.headers.cookie ?? '';
          if (cookie.includes('session=broken')) throw new Error('session store down');
          return cookie.includes('session=ada') ? ADA : undefined;
        },
        logger: pino({ level: 'error' }, sink),
      },
    });
  });
  after(() => stack.close());

  const atSandbox = async (orderNo: string) =>
    (await stack.sandbox.admin(`/orders/${orderNo}`)) as { details?: Record<string, unknown> };
  const signedIn = { cookie: 'session=ada' };

  const EXPECTED_ORDER = {
    items: 'Enamel mug#,#mug#,#12.00#,#2#;#Poster#,#poster#,#9.50#,#1',
    item_total: '33.50',
    shipping: '5.00',
    tax_total: '3.10',
    discount: '4.00',
  };
  const EXPECTED_RISK = {
    cart_items: [
      {
        basic_item_data: {
          name: 'Enamel mug',
          quantity: '2',
          type: 'physical',
          price: { amount_local_currency: 12, currency: 'USD' },
          category: 'kitchen',
          productId: 'mug',
        },
      },
      {
        basic_item_data: {
          name: 'Poster',
          quantity: '1',
          type: 'digital',
          price: { amount_local_currency: 9.5, currency: 'USD' },
          productId: 'poster',
        },
      },
    ],
    total_discount: [{ coupon_code_used: 'WELCOME4', discount_type: 'fixed' }],
    account_owner: [
      {
        account_id: 'cust-1815',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        created: 1_700_000_000,
        past_orders_count: 3,
        past_orders_sum: 120.5,
        lastLogin_ip: '203.0.113.7',
      },
    ],
    challenge_window_size: '04',
    storefront_domains: 'shop.test',
    shopper_id: 'cust-1815',
  };

  it('a checkout carries the breakdown, cart, coupons, account owner and challenge window', async () => {
    const body = sessionBody('basket.c1', { challenge_window_size: '04' });
    const created = await stack.widget('/checkout-sessions', body, signedIn);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { details } = await atSandbox('basket.c1-1');
    assert.deepEqual(details, { ...EXPECTED_ORDER, ...EXPECTED_RISK, token_flag: 'NO' });
  });

  it('a direct card payment carries the same', async () => {
    const body = sessionBody('basket.d1', {
      challenge_window_size: '04',
      card: {
        number: '4111111111111111',
        expiry_month: '12',
        expiry_year: '2030',
        security_code: '123',
      },
    });
    const paid = await stack.widget('/card-payments', body, signedIn);
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const { details } = await atSandbox('basket.d1-1');
    assert.deepEqual(details, { ...EXPECTED_ORDER, ...EXPECTED_RISK, token_flag: 'NO' });
  });

  it('an APM payment carries the breakdown and items, and none of the fields APM does not take', async () => {
    const body = sessionBody('basket.a1', {
      payment_method: 'PAYPAL',
      challenge_window_size: '04',
    });
    const created = await stack.widget('/apm-payments', body, signedIn);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { details } = await atSandbox('basket.a1-1');
    assert.deepEqual(details, { ...EXPECTED_ORDER, shopper_id: 'cust-1815' });
  });

  it('an anonymous shopper sends no account; neither does one whose session store fails (logged)', async () => {
    await stack.widget('/checkout-sessions', sessionBody('basket.n1'));
    assert.equal((await atSandbox('basket.n1-1')).details?.account_owner, undefined);
    const broken = await stack.widget('/checkout-sessions', sessionBody('basket.n2'), {
      cookie: 'session=broken',
    });
    assert.equal(broken.status, 201);
    assert.equal((await atSandbox('basket.n2-1')).details?.account_owner, undefined);
    assert.ok(logged.some((line) => /resolveShopper failed/.test(line.msg)));
  });

  it('an order without items or parts sends no breakdown', async () => {
    await stack.widget('/checkout-sessions', sessionBody('plain.p1'));
    const { details } = await atSandbox('plain.p1-1');
    assert.deepEqual([details?.item_total, details?.cart_items], [undefined, []]);
  });

  it('the operations API shows the data with the order', async () => {
    const order = await stack.ops('/orders/basket.c1');
    assert.equal(order.status, 200);
    assert.deepEqual(order.body.details, { ...EXPECTED_ORDER, ...EXPECTED_RISK, token_flag: 'NO' });
    assert.equal(order.body.client_secret_hash, undefined);
    assert.equal((await stack.ops('/orders/nobody.x')).status, 404);
  });

  for (const [ref, problem] of [
    [
      'wrong-sum.s1',
      /^amount: amount 38\.00 does not match its breakdown, which adds up to 37\.60/,
    ],
    ['bad-part.s2', /^shipping: amount "5\.001" has 3 decimals/],
  ] as const) {
    it(`refuses ${ref} before the service hears of it: 502 to the widget, the reason in the log`, async () => {
      const answer = await stack.widget('/checkout-sessions', sessionBody(ref));
      assert.equal(answer.status, 502);
      assert.equal(answer.body.detail, 'the shop could not price this order');
      const line = logged.find((l) => l.order_ref === ref);
      assert.ok(
        line?.problems?.some((p) => problem.test(p)),
        JSON.stringify(line),
      );
      assert.equal((await stack.sandbox.client().query({ order_no: `${ref}-1` })).orders.length, 0);
    });
  }

  it('a challenge window size that is not a code is refused, naming the field', async () => {
    const answer = await stack.widget(
      '/checkout-sessions',
      sessionBody('basket.w1', { challenge_window_size: '06' }),
    );
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /^challenge_window_size: /);
  });
});
