import { css } from 'lit';

/**
 * The element's stylesheet: the form, its messages and result. The payment page's come with the
 * schema part (payment-page.styles.ts), which Pay awaits before any page opens.
 */
export const styles = [
  css`
    :host {
      --acquiring-font: system-ui, sans-serif;
      --acquiring-font-size: 1em;
      --acquiring-text: #111827;
      /* Transparent: on the page's own background, the element lines up with the page. */
      --acquiring-background: transparent;
      --acquiring-border: #d1d5db;
      --acquiring-input-background: transparent;
      --acquiring-accent: #1a56db;
      --acquiring-accent-text: #ffffff;
      --acquiring-error: #b91c1c;
      --acquiring-success: #15803d;
      --acquiring-radius: 6px;
      --acquiring-gap: 0.75rem;
      --acquiring-padding: 0;
      --acquiring-frame-height: 560px;
      --_acquiring-muted: color-mix(in srgb, var(--acquiring-text) 72%, transparent);
      color-scheme: light;
      display: block;
      /* The payment page loading out of sight is laid out in the element's box. */
      position: relative;
      padding: var(--acquiring-padding);
      border-radius: calc(var(--acquiring-radius) * 2);
      font-family: var(--acquiring-font);
      font-size: var(--acquiring-font-size);
      line-height: 1.4;
      color: var(--acquiring-text);
      background: var(--acquiring-background);
    }
    /* theme="dark", or "auto" on a page that allows dark (color-scheme.ts sets data-scheme). */
    :host([data-scheme='dark']) {
      color-scheme: dark;
      --acquiring-text: #f3f4f6;
      --acquiring-background: #111827;
      --acquiring-border: #4b5563;
      --acquiring-accent: #3b82f6;
      --acquiring-error: #f87171;
      --acquiring-success: #4ade80;
    }
    /* A background of its own (dark, or an appearance's: appearance.ts sets data-painted). */
    :host([data-scheme='dark']),
    :host([data-painted]) {
      --acquiring-padding: 1.25rem;
    }
    [part='form'] {
      display: grid;
      gap: var(--acquiring-gap);
      container-type: inline-size;
    }
    fieldset {
      display: grid;
      grid-template-columns: 1fr 1fr;
      gap: var(--acquiring-gap);
      margin: 0;
      padding: 0;
      border: 0;
      min-width: 0;
    }
    fieldset:disabled {
      opacity: 0.65;
    }
    [part='field'] {
      display: grid;
      gap: 0.3rem;
      grid-column: span 2;
      align-content: start;
    }
    /* Names, and the card's expiry and code, two to a row unless the form is narrow. */
    @container (min-width: 20rem) {
      .half {
        grid-column: span 1;
      }
    }
    [part='label'] {
      font-size: 0.875em;
      font-weight: 500;
    }
    /* One height for inputs and selects, whose content the browser centres. */
    [part='input'] {
      font: inherit;
      box-sizing: border-box;
      min-width: 0;
      height: 2.5em;
      padding: 0 0.75rem;
      border: 1px solid var(--acquiring-border);
      border-radius: var(--acquiring-radius);
      background: var(--acquiring-input-background);
      color: inherit;
    }
    [part='input']:focus {
      --_ring: var(--acquiring-accent);
      outline: none;
      border-color: var(--_ring);
      box-shadow: 0 0 0 3px color-mix(in srgb, var(--_ring) 30%, transparent);
    }
    [part='input'][aria-invalid='true'] {
      --_ring: var(--acquiring-error);
      border-color: var(--_ring);
    }
    [part='error-message'] {
      margin: 0;
      color: var(--acquiring-error);
      font-size: 0.875em;
    }
    /* What the last attempt said, above Pay: the error colour for a failure, neutral otherwise. */
    [part~='failure'],
    [part~='notice'] {
      margin: 0;
      padding: 0.6rem 0.8rem;
      border-inline-start: 4px solid var(--_acquiring-muted);
      border-radius: var(--acquiring-radius);
      background: color-mix(in srgb, var(--acquiring-text) 6%, transparent);
    }
    [part~='failure'] {
      border-color: var(--acquiring-error);
      background: color-mix(in srgb, var(--acquiring-error) 10%, transparent);
    }
    /* One focus mark, 2 px, on every part (inputs draw their ring instead, above); on a
       message or the result too, when the element moves the focus there to read it out. */
    :focus-visible,
    [tabindex='-1']:focus {
      outline: 2px solid var(--acquiring-accent);
      outline-offset: 2px;
    }
    /* Numbers, emails and documents read left to right, aligned to a right-to-left form's side. */
    :host([dir='rtl']) [dir='ltr'] {
      text-align: right;
    }
    [part~='pay-button'],
    [part~='continue-button'],
    [part='open-window-button'] {
      font: inherit;
      font-weight: 600;
      padding: 0.7rem 1rem;
      border: 0;
      border-radius: var(--acquiring-radius);
      background: var(--acquiring-accent);
      color: var(--acquiring-accent-text);
      cursor: pointer;
    }
    /* The brand sits at the end of the number's label: the input keeps its whole width. */
    .card-number {
      display: flex;
      justify-content: space-between;
      align-items: end;
      gap: 0.5rem;
    }
    /* No taller than the label: the row keeps its height when the brand appears. */
    [part='card-brand'] {
      line-height: 1;
      padding: 0.1rem 0.4rem;
      border: 1px solid var(--acquiring-border);
      border-radius: 4px;
      font-size: 0.75rem;
      font-weight: 600;
    }
    [part~='pay-button'][aria-disabled='true'],
    [part~='continue-button'][disabled] {
      opacity: 0.65;
      cursor: progress;
    }
    [part='result'] {
      display: grid;
      justify-items: center;
      gap: 0.6rem;
      padding: 1.5rem 1rem;
      text-align: center;
    }
    [part='result'] p {
      margin: 0;
    }
    [part='result'] svg {
      box-sizing: border-box;
      width: 3rem;
      height: 3rem;
      padding: 0.6rem;
      border-radius: 50%;
      color: var(--acquiring-success);
      background: color-mix(in srgb, currentColor 15%, transparent);
      fill: none;
      stroke: currentColor;
      stroke-width: 2.5;
      stroke-linecap: round;
      stroke-linejoin: round;
    }
    .paid [part='status'] {
      font-size: 1.2em;
      font-weight: 600;
    }
    /* In review: calm, nothing to celebrate yet. */
    .review svg {
      color: var(--_acquiring-muted);
      stroke-width: 2;
    }
    [part='amount'] {
      color: var(--_acquiring-muted);
    }
    :host([dir='rtl']) {
      direction: rtl;
    }
  `,
];
