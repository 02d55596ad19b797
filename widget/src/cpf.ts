/**
 * The CPF, Brazil's taxpayer number, which PIX needs of the payer: eleven digits, the last two
 * check digits (mod 11) of the nine before them, written `000.000.000-00`. Checked here before
 * any request, as the companion checks it again (`isCpf` in the server's gateway).
 */

/** The digits of a CPF as typed (dots, dash and spaces dropped), at most eleven. */
function digitsOf(input: string): string {
  return input.replace(/\D/g, '').slice(0, 11);
}

/** The CPF as shown while typing: `52998224725` → `529.982.247-25`, `5299` → `529.9`. */
export function formatCpf(input: string): string {
  const d = digitsOf(input);
  const groups = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.');
  return d.length > 9 ? `${groups}-${d.slice(9)}` : groups;
}

/** The check digit of the `digits` before it: 11 − (Σ digitᵢ × weightᵢ mod 11), 0 for 10 and 11. */
function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = 11 - (sum % 11);
  return rest > 9 ? 0 : rest;
}

/**
 * Whether `input` is a valid CPF: eleven digits, with or without the dots and dash of
 * `000.000.000-00` (as the companion reads it), whose check digits agree. Eleven equal digits
 * (`111.111.111-11`) pass the arithmetic but are no CPF.
 */
export function isCpf(input: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(input.trim())) return false;
  const d = digitsOf(input);
  if (/^(\d)\1{10}$/.test(d)) return false;
  return checkDigit(d.slice(0, 9)) === Number(d[9]) && checkDigit(d.slice(0, 10)) === Number(d[10]);
}
