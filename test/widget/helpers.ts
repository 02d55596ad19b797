/** What the widget tests do to the element: find its parts and fields, and type as a shopper. */
import type { AcquiringCheckout } from '../../widget/src/index.ts';

export function part(el: AcquiringCheckout, name: string): HTMLElement {
  return el.shadowRoot?.querySelector(`[part~="${name}"]`) as HTMLElement;
}

/** A field by its name: an input, or the country select. */
export function input(el: AcquiringCheckout, name: string): HTMLInputElement {
  return el.shadowRoot?.querySelector(`[name="${name}"]`) as HTMLInputElement;
}

/** Sets a field's value and fires the event a shopper's typing (or choosing) fires. */
export async function type(el: AcquiringCheckout, name: string, value: string): Promise<void> {
  const field = input(el, name);
  field.value = value;
  field.dispatchEvent(
    new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true, composed: true }),
  );
  await el.updateComplete;
}
