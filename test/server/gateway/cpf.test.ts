import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cpfCheckDigits, cpfDigits, formatCpf, isCpf } from '../../../server/gateway/index.ts';

const nineDigits = fc.string({
  unit: fc.constantFrom(...'0123456789'),
  minLength: 9,
  maxLength: 9,
});
/** A base that is not nine equal digits (whose CPF is refused whatever its check digits). */
const base = nineDigits.filter((nine) => !/^(\d)\1{8}$/.test(nine));

describe('CPF', () => {
  it('knows well-known test numbers', () => {
    assert.equal(isCpf('529.982.247-25'), true);
    assert.equal(isCpf('52998224725'), true);
    assert.equal(isCpf('529.982.247-24'), false);
    assert.equal(
      isCpf('111.111.111-11'),
      false,
      'equal digits pass the arithmetic, not the issuer',
    );
    assert.equal(isCpf('529.982.247-2'), false);
    assert.equal(isCpf('529 982 247 25'), false);
    assert.equal(isCpf(''), false);
  });

  it('a base with its own check digits is a CPF, written either way', () => {
    fc.assert(
      fc.property(base, (nine) => {
        const digits = nine + cpfCheckDigits(nine);
        assert.equal(isCpf(digits), true);
        assert.equal(isCpf(formatCpf(digits)), true);
        assert.match(formatCpf(digits), /^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
        assert.equal(cpfDigits(formatCpf(digits)), digits);
      }),
    );
  });

  it('any other pair of check digits is refused', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: 99 }), (nine, pair) => {
        const check = String(pair).padStart(2, '0');
        fc.pre(check !== cpfCheckDigits(nine));
        assert.equal(isCpf(nine + check), false);
      }),
    );
  });
});
