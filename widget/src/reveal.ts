/**
 * Where the shopper's eyes and focus go when the element changes under them: the payment page as
 * it opens, what an attempt said as it ends, Pay on the way back. Without it the page could open
 * below the window, and the focus would fall to the document when the button that had it goes.
 */
import type { ReactiveControllerHost } from 'lit';

export interface RevealHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * After the host's next render, scrolls its `part` into view (as little as needed, its top first,
 * smoothly
 * unless the shopper asks for less motion) and gives it the focus, which reads it out.
 */
export async function reveal(host: RevealHost, part: string): Promise<void> {
  await host.updateComplete;
  const target = host.renderRoot.querySelector<HTMLElement>(`[part~="${part}"]`);
  if (!target) return;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  // A part taller than the window shows its top (the payment page's Back, title and amount):
  // `nearest` would show the bottom of one that lies above the window.
  const block = target.offsetHeight > innerHeight ? 'start' : 'nearest';
  target.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}
