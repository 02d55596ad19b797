import { css } from 'lit';

/**
 * The payment page while it is up in place of the form: its bar with the way back, the progress
 * line while it loads, the frame, and on a phone the whole screen.
 */
export const paymentPageStyles = css`
  [part='payment-page'] {
    display: grid;
    gap: 0.5rem;
  }
  [part='payment-bar'] {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
  }
  [part='back-button'] {
    font: inherit;
    font-weight: 500;
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    padding: 0.3rem 0.4rem;
    margin-inline-start: -0.4rem;
    border: 0;
    border-radius: var(--acquiring-radius);
    background: none;
    color: var(--acquiring-accent);
    cursor: pointer;
  }
  [part='back-button'] svg {
    width: 1em;
    height: 1em;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
  :host([dir='rtl']) [part='back-button'] svg {
    transform: scaleX(-1);
  }
  [part='summary'] {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--_acquiring-muted);
    font-size: 0.875em;
  }
  /* The progress line over the frame while the page loads into it. */
  .stage {
    display: grid;
  }
  .stage > * {
    grid-area: 1 / 1;
  }
  [part='progress'] {
    z-index: 1;
    align-self: center;
    justify-self: center;
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
    color: var(--_acquiring-muted);
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
    box-sizing: border-box;
    width: 100%;
    height: var(--acquiring-frame-height);
    border: 1px solid var(--acquiring-border);
    border-radius: var(--acquiring-radius);
  }
  /* On a phone the payment page takes the screen, under a bar with the way back. */
  @media (max-width: 480px) {
    [part='payment-page'] {
      position: fixed;
      inset: 0;
      z-index: 2147483647;
      display: flex;
      flex-direction: column;
      gap: 0;
      /* The element's background over the canvas: opaque even when the element's is not. */
      background: linear-gradient(var(--acquiring-background), var(--acquiring-background)) Canvas;
    }
    [part='payment-bar'] {
      padding: 0.5rem 1rem;
      border-bottom: 1px solid var(--acquiring-border);
    }
    .stage {
      flex: 1;
      grid-template-rows: minmax(0, 1fr);
    }
    [part='frame'] {
      height: 100%;
      border: 0;
      border-radius: 0;
    }
  }
`;
