/**
 * The result once the order is paid or in review, in place of the form: a mark, the sentence (a
 * live region), and under it the amount when the element is given one. Nothing to press or fill
 * in. Paid has a check mark in the success colour; review a calm, muted clock.
 */
import { html, nothing, svg } from 'lit';
import type { Messages } from './messages-type.ts';
import type { OrderStatus } from './protocol.ts';
import { outcomeText } from './shopper-text.ts';

const CHECK = svg`<path d="M7 12.5l3.5 3.5L17 9" />`;
const CLOCK = svg`<circle cx="12" cy="12" r="6.5" /><path d="M12 8.5V12l2.5 1.5" />`;

/** `amount`: what was paid, formatted for the shopper, once the element knows it. */
export function renderResult(t: Messages, outcome: OrderStatus, amount?: string) {
  const review = outcome === 'review';
  return html`<div part="result" class=${review ? 'review' : 'paid'} tabindex="-1">
    <svg aria-hidden="true" viewBox="0 0 24 24">${review ? CLOCK : CHECK}</svg>
    <p part="status" role="status">${t[outcomeText(outcome)]}</p>
    ${amount ? html`<p part="amount">${amount}</p>` : nothing}
  </div>`;
}
