/**
 * The sandbox checks that a payment's items come to its item_total, and keeps the order and risk
 * data it was sent with (GET /admin/orders/:order_no).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cardPayment, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const cart = (price: number, currency = 'USD') => [
  {
    basic_item_data: {
      name: 'Mug',
      quantity: '2',
      price: { amount_local_currency: price, currency },
    },
  },
];

describe('order and risk data at the sandbox', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  const pay = (order_no: string, extra: Record<string, unknown>) =>
    sandbox.postSigned('/v1/authorise', { ...cardPayment(order_no, undefined, '24.00'), ...extra });

  it('keeps what the payment came with', async () => {
    const paid = await pay('od-1', {
      items: 'Mug#,#mug#,#12.00#,#2',
      item_total: '24.00',
      cart_items: cart(12),
      account_owner: [{ account_id: 'cust-1', past_orders_count: 2 }],
      challenge_window_size: '05',
      storefront_domains: 'shop.example',
    });
    assert.equal(paid.status, 200, paid.text);
    const order = (await sandbox.admin('/orders/od-1')) as { details: Record<string, unknown> };
    assert.deepEqual(order.details, {
      items: 'Mug#,#mug#,#12.00#,#2',
      item_total: '24.00',
      cart_items: cart(12),
      account_owner: [{ account_id: 'cust-1', past_orders_count: 2 }],
      challenge_window_size: '05',
      storefront_domains: 'shop.example',
    });
  });

  for (const [what, extra, field] of [
    [
      'items that do not come to item_total',
      { items: 'Mug#,##,#11.00#,#2', item_total: '24.00' },
      'items',
    ],
    [
      'an items entry without its four fields',
      { items: 'Mug#,#12.00#,#2', item_total: '24.00' },
      'items',
    ],
    [
      'a cart that does not come to item_total',
      { cart_items: cart(11), item_total: '24.00' },
      'cart_items',
    ],
    [
      'a cart item in another currency',
      { cart_items: cart(12, 'EUR'), item_total: '24.00' },
      'cart_items.0.basic_item_data.price.currency',
    ],
    [
      'a challenge window size that is not a code',
      { challenge_window_size: '6' },
      'challenge_window_size',
    ],
  ] as const) {
    it(`refuses ${what} with 400 naming ${field}`, async () => {
      const refused = await pay(`od-${field}-${what.length}`, extra);
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.json().field, field);
    });
  }

  it('an unknown order is a 404', async () => {
    assert.deepEqual(await sandbox.admin('/orders/nobody'), { error: 'record_not_found' });
  });

  describe('a PIX payment', () => {
    const pix = (order_no: string, person?: Record<string, string>) =>
      sandbox.postSigned('/v1/authorise', {
        order_no,
        currency: 'BRL',
        amount: '50.00',
        payment_method: 'PIX',
        ...(person ? { person } : {}),
      });

    it('goes on with a valid CPF, written either way, and keeps it', async () => {
      assert.equal((await pix('pix-1', { document_number: '529.982.247-25' })).status, 200);
      const ok = await pix('pix-2', { document_number: '52998224725', document_type: 'CPF' });
      assert.equal(ok.status, 200, ok.text);
      const order = (await sandbox.admin('/orders/pix-2')) as { details: { person: unknown } };
      assert.deepEqual(order.details.person, {
        document_number: '52998224725',
        document_type: 'CPF',
      });
    });

    for (const [what, person, field] of [
      ['without a person', undefined, 'person.document_number'],
      ['without a document', { email: 'ada@example.com' }, 'person.document_number'],
      [
        'with a CPF whose check digits fail',
        { document_number: '52998224724' },
        'person.document_number',
      ],
      ['with eleven equal digits', { document_number: '11111111111' }, 'person.document_number'],
      [
        'with another document type',
        { document_number: '52998224725', document_type: 'RG' },
        'person.document_type',
      ],
    ] as const) {
      it(`is refused ${what}, with 400 naming ${field}`, async () => {
        const refused = await pix(`pix-bad-${what.length}`, person);
        assert.equal(refused.status, 400, refused.text);
        assert.equal(refused.json().field, field);
      });
    }
  });
});
