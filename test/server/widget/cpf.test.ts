/**
 * The widget's CPF check (widget/src/cpf.ts) agrees with the companion's (server/gateway/cpf.ts)
 * on every input, so the browser never refuses a CPF the companion takes, nor sends one it
 * refuses; and the field's formatting as typed keeps the digits.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatCpf, isCpf } from '../../../widget/src/cpf.ts';
import { cpfCheckDigits, isCpf as companionIsCpf } from '../../../server/gateway/index.ts';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

describe('the widget’s CPF', () => {
  it('knows well-known numbers', () => {
    const table: [string, boolean][] = [
      ['529.982.247-25', true],
      ['52998224725', true],
      [' 529.982.247-25 ', true],
      ['529982247-25', true],
      ['529.982.247-24', false],
      ['529.982.247-2', false],
      ['111.111.111-11', false],
      ['000.000.000-00', false],
      ['529 982 247 25', false],
      ['529.982.247-25.', false],
      ['', false],
    ];
    for (const [input, valid] of table) assert.equal(isCpf(input), valid, input);
  });

  it('agrees with the companion on any base with its check digits, and any digit changed', () => {
    fc.assert(
      fc.property(digits(9, 9), fc.nat(10), fc.integer({ min: 1, max: 9 }), (nine, at, by) => {
        const cpf = nine + cpfCheckDigits(nine);
        assert.equal(isCpf(cpf), companionIsCpf(cpf));
        assert.equal(isCpf(formatCpf(cpf)), companionIsCpf(cpf));
        const changed = cpf.slice(0, at) + ((Number(cpf[at]) + by) % 10) + cpf.slice(at + 1);
        assert.equal(isCpf(changed), companionIsCpf(changed), changed);
      }),
    );
  });

  it('agrees with the companion on anything typed', () => {
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789.- '), maxLength: 16 });
    fc.assert(fc.property(typed, (text) => assert.equal(isCpf(text), companionIsCpf(text), text)));
  });

  it('groups the digits as typed, keeping them and dropping anything else', () => {
    assert.equal(formatCpf('5'), '5');
    assert.equal(formatCpf('5299'), '529.9');
    assert.equal(formatCpf('529982247'), '529.982.247');
    assert.equal(formatCpf('5299822472'), '529.982.247-2');
    assert.equal(formatCpf('52998224725999'), '529.982.247-25');
    assert.equal(formatCpf('529.982.247-25'), '529.982.247-25');
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const formatted = formatCpf(text);
        assert.equal(formatted.replace(/\D/g, ''), text.replace(/\D/g, '').slice(0, 11));
        assert.equal(formatCpf(formatted), formatted, 'formatting twice changes nothing');
      }),
    );
  });
});
