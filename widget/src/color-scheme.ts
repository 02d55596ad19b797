/**
 * Light or dark, by the `theme` attribute: `light` (the default) always light, `dark` always dark,
 * `auto` dark only when the page says it can be (its CSS `color-scheme` includes `dark`) and,
 * if it allows both, the system prefers dark. A light storefront never gets a dark checkout.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

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

/** What the scheme follows: the host's `theme`. */
export interface SchemeHost extends ReactiveControllerHost, Element {
  theme: Theme;
  readonly hasUpdated: boolean;
}

/**
 * Shows the host light or dark (`data-scheme`, read by its styles) per its `theme`, and at `auto`
 * follows the system's preference while the host is on the page.
 */
export class SchemeController implements ReactiveController {
  readonly #host: SchemeHost;
  #stopWatching: (() => void) | undefined;

  constructor(host: SchemeHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    // Moved in the page: watch the system's scheme again (the first time, the host's update does).
    if (this.#host.hasUpdated) this.apply();
  }

  hostDisconnected(): void {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
  }

  /** Applies `theme` now (the host calls it when `theme` changes). */
  apply = (): void => {
    const host = this.#host;
    host.setAttribute('data-scheme', isDark(host.theme) ? 'dark' : 'light');
    this.#stopWatching?.();
    this.#stopWatching =
      host.theme === 'auto' && host.isConnected ? watchSystemScheme(this.apply) : undefined;
  };
}
