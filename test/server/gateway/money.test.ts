import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  checkAmountBreakdown,
  currencyExponent,
  formatAmount,
  MoneyError,
  parseAmount,
} from '../../../server/gateway/index.ts';

describe('money', () => {
  it('knows the ISO 4217 exponents', () => {
    assert.equal(currencyExponent('JPY'), 0);
    assert.equal(currencyExponent('USD'), 2);
    assert.equal(currencyExponent('KWD'), 3);
    assert.throws(() => currencyExponent('usd'), MoneyError);
    assert.throws(() => currencyExponent('XYZ'), /unknown currency "XYZ"/);
  });

  it('reads decimal strings into integer minor units', () => {
    assert.equal(parseAmount('10.50', 'USD'), 1050);
    assert.equal(parseAmount('10.5', 'USD'), 1050);
    assert.equal(parseAmount('10', 'USD'), 1000);
    assert.equal(parseAmount('0.01', 'USD'), 1);
    assert.equal(parseAmount('1500', 'JPY'), 1500);
    assert.equal(parseAmount('1.234', 'KWD'), 1234);
  });

  it('writes the canonical string', () => {
    assert.equal(formatAmount(1050, 'USD'), '10.50');
    assert.equal(formatAmount(5, 'USD'), '0.05');
    assert.equal(formatAmount(0, 'KWD'), '0.000');
    assert.equal(formatAmount(1500, 'JPY'), '1500');
    assert.throws(() => formatAmount(10.5, 'USD'), MoneyError);
    assert.throws(() => formatAmount(-1, 'USD'), MoneyError);
  });

  for (const [currency, exponent] of [
    ['JPY', 0],
    ['USD', 2],
    ['KWD', 3],
  ] as const) {
    it(`format(parse(s)) == s for every valid ${currency} amount`, () => {
      const decimals = fc.stringMatching(new RegExp(`^[0-9]{${exponent}}$`));
      const whole = fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,11}$/));
      fc.assert(
        fc.property(whole, decimals, (w, d) => {
          const text = exponent === 0 ? w : `${w}.${d}`;
          assert.equal(formatAmount(parseAmount(text, currency), currency), text);
        }),
      );
    });
  }

  for (const [text, currency, message] of [
    ['10.5', 'JPY', /has 1 decimals; JPY allows 0/],
    ['1.2345', 'KWD', /has 4 decimals; KWD allows 3/],
    ['1e3', 'USD', /not a non-negative decimal string/],
    ['-1', 'USD', /not a non-negative decimal string/],
    ['', 'USD', /not a non-negative decimal string/],
    ['01.00', 'USD', /not a non-negative decimal string/],
    [' 1.00', 'USD', /not a non-negative decimal string/],
    ['99999999999999999', 'USD', /too large/],
  ] as const) {
    it(`refuses ${JSON.stringify(text)} for ${currency} with a clear error`, () => {
      assert.throws(
        () => parseAmount(text, currency),
        (error: unknown) => {
          assert.ok(error instanceof MoneyError);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }

  describe('checkAmountBreakdown', () => {
    it('accepts an amount that matches its parts', () => {
      const order = {
        amount: '107.50', currency: 'USD', item_total: '100.00', shipping: '10.00', tax_total: '8.00',
        handling: '0.50', insurance: '1.00', shipping_discount: '2.00', discount: '10.00',
      }; // prettier-ignore
      assert.equal(checkAmountBreakdown(order), undefined);
    });

    it('has nothing to check without parts', () => {
      assert.equal(checkAmountBreakdown({ amount: '1.00', currency: 'USD' }), undefined);
    });

    it('names the sum when the parts do not add up', () => {
      assert.match(
        checkAmountBreakdown({
          amount: '10.00',
          currency: 'USD',
          item_total: '9.00',
          shipping: '0.99',
        }) ?? '',
        /adds up to 9\.99/,
      );
      assert.match(
        checkAmountBreakdown({
          amount: '0',
          currency: 'JPY',
          item_total: '100',
          discount: '200',
        }) ?? '',
        /adds up to -100/,
      );
    });
  });
});
