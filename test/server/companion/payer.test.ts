/**
 * PIX payer data (#14 item 5): an APM that needs the payer's document gets it from the widget's
 * `payer`, checked by the companion (a CPF's check digits) and sent as the service's `person`;
 * which methods need one is configured per method (PIX needs a CPF unless configured otherwise).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';

const CPF = '529.982.247-25';

describe('the payer of an APM payment', () => {
  let stack: Stack;
  before(
    async () =>
      (stack = await startStack({
        companion: {
          paymentMethods: [
            { method: 'card' },
            { method: 'PIX', currencies: ['BRL', 'USD'] },
            { method: 'BOLETO', payerDocument: 'CPF' },
            { method: 'BANK_TRANSFER' },
          ],
        },
      })),
  );
  after(() => stack.close());

  const apm = (ref: string, extra: Record<string, unknown>) =>
    stack.widget('/apm-payments', sessionBody(ref, extra));
  const person = async (orderNo: string) =>
    ((await stack.sandbox.admin(`/orders/${orderNo}`)) as { details?: { person?: unknown } })
      .details?.person;

  it('PIX with a CPF: the service gets person with its digits and type', async () => {
    const created = await apm('mug.p1', { payment_method: 'PIX', payer: { document_number: CPF } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(await person('mug.p1-1'), {
      document_number: '52998224725',
      document_type: 'CPF',
    });
  });

  it('the operations API shows the document masked', async () => {
    const order = await stack.ops('/orders/mug.p1');
    assert.deepEqual((order.body.details as { person: unknown }).person, {
      document_number: '529.***.***-25',
      document_type: 'CPF',
    });
  });

  it('the older bare document_number still works', async () => {
    const created = await apm('mug.p2', { payment_method: 'PIX', document_number: '52998224725' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
  });

  for (const [what, extra, message] of [
    ['without a document', {}, /^payer\.document_number: PIX needs the payer's CPF$/],
    [
      'with a CPF whose check digits do not match',
      { payer: { document_number: '529.982.247-24' } },
      /^payer\.document_number: not a valid CPF/,
    ],
    [
      'with a document type the companion does not know',
      { payer: { document_number: CPF, document_type: 'RG' } },
      /^payer\.document_type: /,
    ],
  ] as const) {
    it(`PIX ${what} is refused with 400 naming the field, and nothing is sent`, async () => {
      const ref = `mug.bad${what.length}`;
      const refused = await apm(ref, { payment_method: 'PIX', ...extra });
      assert.equal(refused.status, 400);
      assert.match(String(refused.body.detail), message);
      assert.equal((await stack.ops(`/orders/${ref}`)).status, 404, 'no order recorded');
    });
  }

  it('a method configured to need a CPF needs one', async () => {
    const boleto = await apm('mug.p3', { payment_method: 'BOLETO' });
    assert.equal(boleto.status, 400);
    assert.match(String(boleto.body.detail), /^payer\.document_number: BOLETO needs/);
  });

  it('PIX configured to need nothing is refused by the service, which names person.document_number', async () => {
    const lax = await startStack({
      companion: { paymentMethods: [{ method: 'PIX', payerDocument: 'none' }] },
    });
    try {
      const created = await lax.widget(
        '/apm-payments',
        sessionBody('mug.p4', { payment_method: 'PIX' }),
      );
      assert.equal(created.status, 502);
      assert.match(String(created.body.detail), /person\.document_number/);
    } finally {
      await lax.close();
    }
  });

  it('a method that needs no document goes on without one', async () => {
    const created = await apm('mug.p5', { payment_method: 'BANK_TRANSFER' });
    assert.equal(created.status, 201);
    assert.equal(await person('mug.p5-1'), undefined);
  });
});
