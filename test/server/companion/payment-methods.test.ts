/**
 * The ranking of payment methods (#14 item 3), a pure function: which methods an order offers to
 * a shopper profile (currency, country, device), and in what order; the merchant's pin first.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rankMethods } from '../../../server/companion/payment/methods.ts';
import { METHODS } from '../helpers/payment-methods.ts';

const names = (...args: Parameters<typeof rankMethods>) =>
  rankMethods(...args).map((m) => m.method);

describe('rankMethods', () => {
  for (const [profile, expected] of [
    [{ currency: 'BRL', country: 'BR', device: 'mobile' }, ['PIX', 'PAYPAL', 'BOLETO', 'card']],
    [{ currency: 'BRL', country: 'BR', device: 'desktop' }, ['PIX', 'BOLETO', 'card', 'PAYPAL']],
    [{ currency: 'MXN', country: 'MX', device: 'desktop' }, ['OXXO', 'card', 'PAYPAL']],
    [{ currency: 'USD', country: 'US', device: 'mobile' }, ['PAYPAL', 'card']],
    [{ currency: 'USD', country: 'US', device: 'desktop' }, ['card', 'PAYPAL']],
    // A BRL order from a shopper abroad: the Brazilian methods are for payers in Brazil.
    [{ currency: 'BRL', country: 'PT', device: 'desktop' }, ['card', 'PAYPAL']],
    // Country unknown: nothing is excluded by country; the currency still decides.
    [{ currency: 'BRL' }, ['PIX', 'BOLETO', 'card', 'PAYPAL']],
  ] as const) {
    it(`${profile.currency} ${'country' in profile ? profile.country : '(no country)'} ${'device' in profile ? profile.device : ''}: ${expected.join(', ')}`, () => {
      assert.deepEqual(names(METHODS, profile), expected);
    });
  }

  it('the merchant pins methods first, in its order; the rest are ranked', () => {
    const profile = { currency: 'BRL', country: 'BR', device: 'mobile' } as const;
    assert.deepEqual(names(METHODS, profile, ['card', 'BOLETO']), [
      'card',
      'BOLETO',
      'PIX',
      'PAYPAL',
    ]);
    // A pinned method the order does not offer stays out.
    assert.deepEqual(names(METHODS, profile, ['OXXO']), ['PIX', 'PAYPAL', 'BOLETO', 'card']);
  });

  it('names are matched whatever their case', () => {
    assert.deepEqual(names([{ method: 'Pix', currencies: ['brl'] }], { currency: 'BRL' }), ['Pix']);
  });
});
