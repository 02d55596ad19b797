/** Which way a locale's text runs: the element's `dir`, and the isolation of amounts (money.ts). */

/** Languages written right to left: the listed `ar` and `he`, and `fa` and `ur` for pages' own texts. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export function isRightToLeft(locale: string): boolean {
  return RTL.has(locale.split('-')[0] ?? '');
}
