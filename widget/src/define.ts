/**
 * Registration of the element, apart from its class (Shoelace's `x.component.ts` / `x.ts` split):
 * the class module has no side effects, so a page can register it under a tag of its own.
 */
import { AcquiringCheckout } from './checkout-element.ts';

/**
 * Registers the element under `tag` (`acquiring-checkout` by default), once however often it is
 * called. Outside a browser (server-side rendering, Node tests) it does nothing: the element is
 * client-only, and the page upgrades it when the script runs.
 *
 * A second tag gets a subclass of its own, since one constructor can back only one tag.
 */
export function defineAcquiringCheckout(tag = 'acquiring-checkout'): void {
  if (typeof window === 'undefined' || typeof customElements === 'undefined') return;
  if (customElements.get(tag)) return;
  const taken = [...registered.values()].includes(AcquiringCheckout);
  const element = taken ? class extends AcquiringCheckout {} : AcquiringCheckout;
  customElements.define(tag, element);
  registered.set(tag, element);
}

const registered = new Map<string, typeof AcquiringCheckout>();

declare global {
  interface HTMLElementTagNameMap {
    'acquiring-checkout': AcquiringCheckout;
  }
}
