/**
 * Light or dark, by the `theme` attribute: `light` (the default) always light, `dark` always dark,
 * `auto` dark only when the page says it can be (its CSS `color-scheme` includes `dark`) and,
 * if it allows both, the system prefers dark. A light storefront never gets a dark checkout.
 */
export type Theme = 'light' | 'dark' | 'auto';

const PREFERS_DARK = '(prefers-color-scheme: dark)';

export function isDark(theme: Theme, page: Element = document.documentElement): boolean {
  if (theme === 'dark') return true;
  if (theme !== 'auto') return false;
  const scheme = getComputedStyle(page).colorScheme;
  if (!/\bdark\b/.test(scheme)) return false;
  return !/\blight\b/.test(scheme) || matchMedia(PREFERS_DARK).matches;
}

/** Calls `onChange` when the system's preference changes; answers how to stop. */
export function watchSystemScheme(onChange: () => void): () => void {
  const query = matchMedia(PREFERS_DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
