import { css } from 'lit';

export const styles = css`
  :host {
    --acquiring-font: system-ui, sans-serif;
    --acquiring-text: #111827;
    --acquiring-background: #ffffff;
    --acquiring-border: #d1d5db;
    --acquiring-accent: #1a56db;
    --acquiring-accent-text: #ffffff;
    --acquiring-error: #b91c1c;
    --acquiring-radius: 6px;
    --acquiring-gap: 0.75rem;
    --acquiring-frame-height: 560px;
    color-scheme: light;
    display: block;
    font-family: var(--acquiring-font);
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
    background: transparent;
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
  [part='pay-button'][disabled] {
    opacity: 0.6;
    cursor: progress;
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
      z-index: 2147483647;
      background: var(--acquiring-background);
    }
  }
  :host([dir='rtl']) {
    direction: rtl;
  }
`;
