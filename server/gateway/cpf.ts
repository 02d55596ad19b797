/**
 * The Brazilian individual taxpayer number (CPF) that PIX needs from the payer: eleven digits,
 * the last two check digits of the first nine (mod 11), written 000.000.000-00. Eleven equal
 * digits pass the arithmetic but are not issued, and are refused as every issuer refuses them.
 */

/** The two check digits of a CPF's first nine digits. */
export function cpfCheckDigits(nine: string): string {
  if (!/^\d{9}$/.test(nine)) throw new RangeError('a CPF base is nine digits');
  const digit = (base: string) => {
    const weight = base.length + 1;
    const sum = [...base].reduce((total, d, i) => total + Number(d) * (weight - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(nine);
  return `${first}${digit(nine + first)}`;
}

/** The eleven digits of a CPF written with or without its dots and dash, or undefined. */
export function cpfDigits(text: string): string | undefined {
  const match = /^(\d{3})\.?(\d{3})\.?(\d{3})-?(\d{2})$/.exec(text.trim());
  return match ? match.slice(1).join('') : undefined;
}

/** True for a CPF whose check digits match (dots and dash optional). */
export function isCpf(text: string): boolean {
  const digits = cpfDigits(text);
  if (!digits || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** 52998224725 → 529.982.247-25. */
export function formatCpf(digits: string): string {
  const clean = cpfDigits(digits);
  if (!clean) throw new RangeError('a CPF is eleven digits');
  return `${clean.slice(0, 3)}.${clean.slice(3, 6)}.${clean.slice(6, 9)}-${clean.slice(9)}`;
}
