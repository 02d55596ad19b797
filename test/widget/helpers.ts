/** What the widget tests do to the element: find its parts and fields, and type as a shopper. */
import { fixture, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { AcquiringCheckout } from '../../widget/src/index.ts';

let counter = 0;
/**
 * A fresh order reference for a cart of the demo catalogue (`mug`, `mug_2-tee`, `cafe`…), tagged
 * with the test file, so no two tests share an order at the companion.
 */
export function orderRef(tag: string, cart = 'mug'): string {
  return `${cart}.${tag}${Date.now().toString(36)}${++counter}`;
}

/** The element with these attributes, as markup would give them. */
export function elementWith(attributes: Record<string, string>): Promise<AcquiringCheckout> {
  const text = Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return fixture<AcquiringCheckout>(`<acquiring-checkout ${text}></acquiring-checkout>`);
}

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

/** Fills the default fields (email, first and last name) as a shopper would. */
export async function fillValid(el: AcquiringCheckout): Promise<void> {
  await type(el, 'email', 'ada@example.com');
  await type(el, 'first_name', 'Ada');
  await type(el, 'last_name', 'Lovelace');
}

/** Counts the requests the page sends to a path, passing each through to the real network. */
export function countRequests(path: string): { count: () => number; restore: () => void } {
  const original = window.fetch;
  let n = 0;
  window.fetch = (input, init) => {
    if (String(input).includes(path)) n++;
    return original(input, init);
  };
  return { count: () => n, restore: () => (window.fetch = original) };
}

/** The page's viewport, in whichever engine runs the test (scripts/wtr-engines.ts). */
export async function viewport(size: { width: number; height: number }): Promise<void> {
  await executeServerCommand('viewport', size);
}

/** What the system preferred when this test file's page loaded, before any test changed it. */
const SYSTEM_SCHEME = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/**
 * What the system prefers (`prefers-color-scheme`), `null` for the system's own; resolves once
 * the page sees it. Firefox takes it as a preference, which reaches the page's process a moment
 * after the command returns: a test that looked at once could still see the last test's scheme.
 * Answers false in an engine that cannot change it while a page runs (WebKitGTK:
 * scripts/wtr-engines.ts).
 */
export async function systemColorScheme(scheme: 'light' | 'dark' | null): Promise<boolean> {
  if ((await executeServerCommand('system-color-scheme', { scheme })) !== true) return false;
  const seen = `(prefers-color-scheme: ${scheme ?? SYSTEM_SCHEME})`;
  await waitUntil(() => matchMedia(seen).matches, `the page never saw ${seen}`);
  return true;
}
