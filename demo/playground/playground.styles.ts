/**
 * The playground's styles, a constructed stylesheet the bundle adopts into the document (which
 * the page's CSP allows, `style-src 'self'`): no stylesheet request holds up the page's first
 * paint, and no other page carries them.
 */
import { css } from 'lit';

export const styles = css`
  checkout-playground {
    display: grid;
    grid-template-columns: minmax(17rem, 21rem) minmax(0, 1fr);
    gap: 1.5rem 2rem;
    align-items: start;
  }
  .playground .hint {
    margin: 0;
    color: var(--muted);
    font-size: 0.85rem;
  }
  .playground .hint.error {
    color: #b42318;
  }
  .playground .hint.error:empty {
    display: none;
  }
  .playground code {
    font:
      max(0.85em, 12px) / 1.4 ui-monospace,
      'SFMono-Regular',
      Menlo,
      monospace;
    /* A long name (appearance.variables) breaks rather than widen the page on a phone zoomed in. */
    overflow-wrap: anywhere;
  }

  /* The settings: a column of small cards. */
  .controls {
    display: grid;
    gap: 0.75rem;
  }
  .controls fieldset,
  .controls > .group {
    margin: 0;
    padding: 0.6rem 0.9rem 0.8rem;
    border: 1px solid var(--line);
    border-radius: 10px;
    background: #fff;
    min-width: 0;
  }
  .controls legend,
  .controls > div.group > label {
    padding: 0 0.25rem;
    font-weight: 600;
  }
  .controls > div.group > label {
    display: block;
    padding: 0 0 0.3rem;
  }
  .group {
    display: grid;
    gap: 0.3rem;
  }
  .controls select,
  .controls input[type='text'] {
    width: 100%;
    box-sizing: border-box;
  }
  .choices {
    display: grid;
    gap: 0.15rem;
  }
  .choices label {
    display: flex;
    gap: 0 0.45rem;
    align-items: baseline;
  }
  /* Two columns where they fit; one on a phone zoomed in (no sideways scrolling at 200%). */
  .choices.columns {
    grid-template-columns: repeat(auto-fit, minmax(min(8rem, 100%), 1fr));
  }
  .choices p.hint {
    margin-top: 0.3rem;
  }
  .order-line {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
    margin: 0.25rem 0 0;
    overflow-wrap: anywhere;
  }
  .order-line button {
    margin-left: auto;
    padding: 0.2rem 0.6rem;
  }
  .pairs {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(8rem, 100%), 1fr));
    gap: 0.5rem 0.75rem;
  }
  .variable {
    display: grid;
    gap: 0.2rem;
    align-content: start;
    min-width: 0;
  }
  .variable label {
    overflow-wrap: anywhere;
  }
  .variable code,
  .swatch code {
    color: var(--muted);
  }
  .controls .variables {
    display: grid;
    gap: 0.4rem;
    margin-top: 0.6rem;
    padding: 0;
    border: 0;
  }
  .controls .variables legend {
    padding: 0;
    margin-bottom: 0.4rem;
  }
  .variables .pairs {
    margin-top: 0.3rem;
  }
  /* A colour: its picker, then its name over the value it has now. */
  .swatch {
    display: grid;
    grid-template-columns: 2.6rem minmax(0, 1fr) auto;
    gap: 0 0.6rem;
    align-items: center;
  }
  .swatch input {
    grid-row: span 2;
    width: 2.6rem;
    height: 2rem;
    padding: 0.1rem;
  }
  .swatch output {
    grid-column: 2;
    color: var(--muted);
    font-size: 0.8rem;
  }
  .swatch button {
    grid-column: 3;
    grid-row: 1 / span 2;
    font-size: 0.85rem;
  }
  .share {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: center;
    margin: 0;
  }
  .share a {
    color: var(--brand);
  }

  /* The element on a blank page of its own: white, 16px, its own look (demo.css leaves it alone
   here), so that it looks as the code beside it makes it on an empty page. */
  .output {
    display: grid;
    gap: 1.5rem;
    min-width: 0;
  }
  .output > * {
    min-width: 0;
  }
  .output h2 {
    margin: 0 0 0.5rem;
  }
  .stage {
    box-sizing: border-box;
    width: 480px;
    max-width: 100%;
    padding: 24px;
    border: 1px solid var(--line);
    border-radius: 10px;
    background: #fff;
    font-size: 16px;
    line-height: normal;
  }

  /* The code, in tabs. */
  [role='tablist'] {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
  }
  [role='tab'] {
    border-radius: 6px 6px 0 0;
    border-bottom: 0;
  }
  [role='tab'][aria-selected='true'] {
    background: var(--ink);
    border-color: var(--ink);
    color: #fff;
  }
  [role='tabpanel'] {
    overflow: auto;
    max-height: 32rem;
    border: 1px solid var(--line);
    border-radius: 0 10px 10px 10px;
    background: #fff;
  }
  [role='tabpanel'] pre {
    margin: 0;
    padding: 0.9rem 1rem;
    font:
      13px/1.55 ui-monospace,
      'SFMono-Regular',
      Menlo,
      monospace;
  }
  .code > .hint {
    margin-top: 0.5rem;
    max-width: 48rem;
  }
  .copy-line {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem 0.75rem;
    align-items: center;
    margin: 0.5rem 0 0;
  }

  @media (max-width: 800px) {
    checkout-playground {
      grid-template-columns: minmax(0, 1fr);
    }
    .stage {
      padding: 16px;
    }
  }
`;
