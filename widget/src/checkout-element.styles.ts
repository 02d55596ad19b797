import { css } from 'lit';

export const styles = css`
  :host {
    --acquiring-font: system-ui, sans-serif;
    --acquiring-font-size: 1em;
    --acquiring-text: #111827;
    --acquiring-background: #ffffff;
    --acquiring-border: #d1d5db;
    --acquiring-input-background: transparent;
    --acquiring-accent: #1a56db;
    --acquiring-accent-text: #ffffff;
    --acquiring-error: #b91c1c;
    --acquiring-radius: 6px;
    --acquiring-gap: 0.75rem;
    --acquiring-frame-height: 560px;
    color-scheme: light;
    display: block;
    font-family: var(--acquiring-font);
    font-size: var(--acquiring-font-size);
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
  }
  [part='form'] {
    display: grid;
    gap: var(--acquiring-gap);
  }
  [part='field'] {
    display: grid;
    gap: 0.25rem;
  }
  [part='label'] {
    font-weight: 500;
  }
  [part='input'] {
    font: inherit;
    padding: 0.6rem;
    border: 1px solid var(--acquiring-border);
    border-radius: var(--acquiring-radius);
    background: var(--acquiring-input-background);
    color: inherit;
  }
  [part='input'][aria-invalid='true'] {
    border-color: var(--acquiring-error);
  }
  [part='error-message'],
  [part='failure'] {
    color: var(--acquiring-error);
    margin: 0;
    min-height: 1em;
    font-size: 0.9em;
  }
  [part='pay-button'],
  [part='continue-button'],
  [part='retry-button'],
  [part='open-window-button'] {
    font: inherit;
    padding: 0.7rem 1rem;
    border: 0;
    border-radius: var(--acquiring-radius);
    background: var(--acquiring-accent);
    color: var(--acquiring-accent-text);
    cursor: pointer;
  }
  /* The brand sits inside the number's end, in the input's own grid cell. */
  .card-number {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    align-items: center;
  }
  .card-number > * {
    grid-area: 1 / 1;
    /* The padding that makes room for the brand must not widen the form on a phone. */
    min-width: 0;
  }
  .card-number:has([part='card-brand']) > input {
    padding-inline-end: 8.5rem;
  }
  [part='card-brand'] {
    justify-self: end;
    margin-inline-end: 0.5rem;
    padding: 0.1rem 0.4rem;
    border: 1px solid var(--acquiring-border);
    border-radius: 4px;
    font-size: 0.75rem;
    font-weight: 600;
    pointer-events: none;
  }
  [part='pay-button'][disabled],
  [part='continue-button'][disabled] {
    opacity: 0.6;
    cursor: progress;
  }
  [part='progress'] {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
  }
  [part='progress']::before {
    content: '';
    width: 1em;
    height: 1em;
    border: 2px solid var(--acquiring-border);
    border-top-color: var(--acquiring-accent);
    border-radius: 50%;
    animation: acquiring-spin 0.8s linear infinite;
  }
  @keyframes acquiring-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    [part='progress']::before {
      animation: none;
    }
  }
  [part='frame'] {
    display: block;
    width: 100%;
    height: var(--acquiring-frame-height);
    border: 1px solid var(--acquiring-border);
    border-radius: var(--acquiring-radius);
  }
  @media (max-width: 480px) {
    [part='frame'] {
      position: fixed;
      inset: 0;
      width: 100vw;
      height: 100dvh;
      border: 0;
      border-radius: 0;
      z-index: 2147483646;
      background: var(--acquiring-background);
    }
    /* On a phone the frame takes the screen: the progress line sits over it until the page shows. */
    [part='progress'] {
      position: fixed;
      inset: 0;
      justify-content: center;
      z-index: 2147483647;
      background: var(--acquiring-background);
    }
  }
  :host([dir='rtl']) {
    direction: rtl;
  }
`;
