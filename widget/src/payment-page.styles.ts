import { css, unsafeCSS, type CSSResult } from 'lit';
import { PHONE } from './phone.ts';

/**
 * The page over the whole screen, under a bar with the way back, for `page` (the dialog shown
 * modal; on a phone, the page loading out of sight). Scrolling stops at the dialog: the page
 * behind does not move under it.
 */
const wholeScreen = (page: CSSResult) => css`
  ${page} {
    position: fixed;
    inset: 0;
    width: 100%;
    height: 100%;
    display: flex;
    flex-direction: column;
    gap: 0;
    overflow: hidden;
    overscroll-behavior: contain;
    /* The element's background over the canvas: opaque even when the element's is not. */
    background: linear-gradient(var(--acquiring-background), var(--acquiring-background)) Canvas;
  }
  ${page} [part='payment-bar'] {
    padding: 0.5rem 1rem;
    border-bottom: 1px solid var(--acquiring-border);
  }
  ${page} .stage {
    flex: 1;
    grid-template-rows: minmax(0, 1fr);
  }
  ${page} [part='frame'] {
    height: 100%;
    border: 0;
    border-radius: 0;
  }
`;

/**
 * The payment page while it is up in place of the form: its bar with the way back, the progress
 * line while it loads, the frame, and on a phone the whole screen. In the schema part (pay-part.ts):
 * the page opens only after Pay, which awaits that part.
 */
export const paymentPageStyles = css`
  /* A <dialog> (frame-controller.ts) in the form's place: none of the browser's dialog box. */
  [part='payment-page'] {
    position: static;
    box-sizing: border-box;
    width: auto;
    height: auto;
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    border: 0;
    color: inherit;
    background: none;
  }
  [part='payment-page'][open],
  [part='payment-page'][inert] {
    display: grid;
    /* As wide as the element, however long the bar's summary (it ends in an ellipsis). */
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5rem;
  }
  /*
   * Closed, with a page loading out of sight (page-ahead.ts): laid out in the element's box, as
   * wide as it will be shown (on a phone, the whole screen: below), but invisible, inert and
   * clipped, so the page lays itself out before Pay (a frame that is not rendered does that only
   * once shown, at Pay). The element's box is its containing block (position: relative).
   */
  [part='payment-page'][inert] {
    position: absolute;
    inset: 0;
    overflow: hidden;
    opacity: 0;
    pointer-events: none;
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
  /* Shown modal (on a phone): the whole screen. */
  ${wholeScreen(unsafeCSS("[part='payment-page']:modal"))}
  /* On a phone, the page loading out of sight is laid out as it will be shown: the whole screen. */
  @media ${unsafeCSS(PHONE)} {
    ${wholeScreen(unsafeCSS("[part='payment-page'][inert]"))}
  }
`;
