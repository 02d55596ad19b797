/**
 * GET /api/order-summaries/:order_ref (#14 items 2 and 3, #13's amount for the Pay button): the
 * amount, the subscription's terms, the instalments offered (integer minor units, the remainder
 * on the first) and the methods ranked for the shopper; then a payment in instalments, checked
 * against the plan, recorded by the service and shown by its query.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCompanion, type ResolvedOrder } from 'acquiring-checkout-server/companion';
import { sessionBody, SHOP, startStack, type Stack } from '../helpers/companion.ts';
import { METHODS } from '../helpers/payment-methods.ts';

const line = (unit_price: string) => [{ name: 'Item', unit_price, quantity: 1 }];
const ORDERS: Record<string, ResolvedOrder> = {
  brl: { amount: '100.00', currency: 'BRL', items: line('100.00') },
  mxn: { amount: '1000.00', currency: 'MXN', items: line('1000.00') },
  usd: { amount: '25.00', currency: 'USD', items: line('25.00') },
  sub: {
    amount: '15.00',
    currency: 'BRL',
    items: line('15.00'),
    subscription: {
      contract_name: 'Coffee',
      contract_amount: '15',
      interval: 'month',
      interval_count: 1,
    },
  },
};

describe('GET /api/order-summaries/:order_ref', () => {
  let stack: Stack;
  before(
    async () =>
      (stack = await startStack({
        companion: {
          resolveOrder: (ref) => ORDERS[ref.split('.')[0] ?? ''],
          directCardPayments: true,
          paymentMethods: METHODS,
          installments: {
            BRL: { counts: [1, 2, 3, 6, 12], minimum: '5.00' },
            MXN: { counts: [12, 3, 6, 9], minimum: '100.00' },
          },
        },
      })),
  );
  after(() => stack.close());

  const summary = (path: string, origin = SHOP) =>
    stack.widget(`/order-summaries/${path}`, undefined, { origin });

  it('answers the amount, the instalments offered and the methods, to a storefront only', async () => {
    const answer = await summary('brl.s1?country=BR&device=mobile');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), SHOP);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    // No resolveShopper here: no cookies are asked for.
    assert.equal(answer.headers.get('access-control-allow-credentials'), null);
    assert.deepEqual(answer.body, {
      order_ref: 'brl.s1',
      amount: '100.00',
      currency: 'BRL',
      installments: [
        { count: 1, first: '100.00', each: '100.00' },
        { count: 2, first: '50.00', each: '50.00' },
        { count: 3, first: '33.34', each: '33.33' },
        { count: 6, first: '16.70', each: '16.66' },
        { count: 12, first: '8.37', each: '8.33' },
      ],
      methods: [
        { method: 'PIX', flow: 'apm', payer_document: 'CPF' },
        { method: 'PAYPAL', flow: 'apm' },
        { method: 'BOLETO', flow: 'apm', payer_document: 'CPF' },
        { method: 'card', flow: 'checkout' },
      ],
    });
    const elsewhere = await summary('brl.s1', 'https://evil.test');
    assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
  });

  it('offers only the counts whose instalment reaches the minimum', async () => {
    const answer = await summary('mxn.s2?country=MX&device=desktop');
    assert.deepEqual(answer.body.installments, [
      { count: 3, first: '333.34', each: '333.33' },
      { count: 6, first: '166.70', each: '166.66' },
      { count: 9, first: '111.12', each: '111.11' },
    ]);
    assert.deepEqual(
      (answer.body.methods as { method: string }[]).map((m) => m.method),
      ['OXXO', 'card', 'PAYPAL'],
    );
  });

  it('a currency without a plan has no instalments; a subscription has its terms instead', async () => {
    const usd = await summary('usd.s3?country=US&device=desktop');
    assert.equal(usd.body.installments, undefined);
    assert.deepEqual(
      (usd.body.methods as { method: string }[]).map((m) => m.method),
      ['card', 'PAYPAL'],
    );
    const sub = await summary('sub.s4');
    assert.deepEqual(sub.body.subscription, {
      contract_name: 'Coffee',
      contract_amount: '15.00',
      interval: 'month',
      interval_count: 1,
    });
    assert.equal(sub.body.installments, undefined);
  });

  for (const [path, status, field] of [
    ['brl.s5?country=br', 400, 'country'],
    ['brl.s5?device=tablet', 400, 'device'],
    ['brl.s5?device=mobile&device=desktop', 400, 'device'],
    [`${'x'.repeat(49)}`, 400, 'order_ref'],
    ['nobody.s5', 404, undefined],
  ] as const) {
    it(`${path}: ${status}${field ? ` naming ${field}` : ''}`, async () => {
      const answer = await summary(path);
      assert.equal(answer.status, status);
      if (field) assert.match(String(answer.body.detail), new RegExp(`^${field}: `));
    });
  }

  describe('paying in instalments', () => {
    it('a checkout in 6: the service records it, its query shows it, the console too', async () => {
      const created = await stack.widget(
        '/checkout-sessions',
        sessionBody('brl.i1', { installments: 6 }),
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const [order] = (await stack.sandbox.client().query({ order_no: 'brl.i1-1' })).orders;
      assert.deepEqual([order?.installments, order?.installments_id], ['6', 'BRL-6']);
      const detail = await stack.ops('/orders/brl.i1');
      assert.equal((detail.body.details as { installments: string }).installments, '6');
    });

    it('a direct card payment in 3', async () => {
      const card = {
        number: '4111111111111111',
        expiry_month: '12',
        expiry_year: '2030',
        security_code: '123',
      };
      const paid = await stack.widget(
        '/card-payments',
        sessionBody('brl.i2', { installments: 3, card }),
      );
      assert.equal(paid.status, 201, JSON.stringify(paid.body));
      const [order] = (await stack.sandbox.client().query({ order_no: 'brl.i2-1' })).orders;
      assert.equal(order?.installments, '3');
    });

    it('a single payment (1) sends no instalments', async () => {
      await stack.widget('/checkout-sessions', sessionBody('brl.i3', { installments: 1 }));
      const [order] = (await stack.sandbox.client().query({ order_no: 'brl.i3-1' })).orders;
      assert.equal(order?.installments, undefined);
    });

    for (const [ref, count, message] of [
      ['mxn.i4', 12, /^installments: 12 is not offered for this order; choose one of 3, 6, 9$/],
      ['usd.i5', 2, /^installments: this order cannot be paid in instalments$/],
      ['sub.i6', 2, /^installments: this order cannot be paid in instalments$/],
      ['brl.i7', 0, /^installments: /],
      ['brl.i8', 2.5, /^installments: /],
    ] as const) {
      it(`${ref} in ${count} is refused with 400 naming installments`, async () => {
        const refused = await stack.widget(
          '/checkout-sessions',
          sessionBody(ref, { installments: count }),
        );
        assert.equal(refused.status, 400);
        assert.match(String(refused.body.detail), message);
      });
    }
  });

  describe('a method the order does not offer', () => {
    it('is refused with 400 naming payment_method', async () => {
      const refused = await stack.widget(
        '/apm-payments',
        sessionBody('brl.m1', { payment_method: 'OXXO' }),
      );
      assert.equal(refused.status, 400);
      assert.match(
        String(refused.body.detail),
        /^payment_method: OXXO is not offered for this order$/,
      );
    });
  });

  describe('settings the companion cannot use stop its start, naming them', () => {
    const base = {
      publicUrl: 'http://127.0.0.1:1',
      gateway: {
        baseUrl: 'http://127.0.0.1:1',
        merchantId: 'm',
        accountId: 'a',
        secretKey: 'k'.repeat(8),
      },
      database: ':memory:',
      allowedOrigins: [SHOP],
      operationsToken: 'o'.repeat(24),
      resolveOrder: () => undefined,
    };
    for (const [what, setting, message] of [
      [
        'a count of 0',
        { installments: { BRL: { counts: [0], minimum: '5.00' } } },
        /installments setting: BRL\.counts\.0: /,
      ],
      [
        'a minimum with too many decimals',
        { installments: { JPY: { counts: [2], minimum: '5.5' } } },
        /JPY\.minimum: not an amount in JPY/,
      ],
      [
        'a method without a name',
        { paymentMethods: [{ method: '' }] },
        /paymentMethods\.0\.method: /,
      ],
      [
        'an unknown payer document',
        { paymentMethods: [{ method: 'PIX', payerDocument: 'RG' }] },
        /paymentMethods\.0\.payerDocument: /,
      ],
    ] as const) {
      it(what, async () => {
        await assert.rejects(createCompanion({ ...base, ...(setting as object) }), message);
      });
    }
  });
});
