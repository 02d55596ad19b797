/**
 * The snippets in three tabs (the WAI-ARIA tabs pattern: arrow keys, Home and End move between
 * them), and a button under them that copies the one shown.
 */
import { html, type TemplateResult } from 'lit';
import type { SnippetKind } from './snippets.ts';

const TABS: Record<SnippetKind, string> = {
  script: 'Script tag',
  esm: 'ESM import',
  react: 'React 19',
};
const KINDS = Object.keys(TABS) as SnippetKind[];

export interface SnippetTabsContext {
  snippets: Record<SnippetKind, string>;
  shown: SnippetKind;
  /** What the copy button last said ("Copied."), for the status line. */
  said: string;
  show(kind: SnippetKind): void;
  copy(text: string): void;
}

/** Moves between the tabs from the keyboard, and the focus with the choice. */
function onKey(c: SnippetTabsContext, event: KeyboardEvent): void {
  const at = KINDS.indexOf(c.shown);
  const to = {
    ArrowRight: (at + 1) % KINDS.length,
    ArrowLeft: (at - 1 + KINDS.length) % KINDS.length,
    Home: 0,
    End: KINDS.length - 1,
  }[event.key];
  const kind = to === undefined ? undefined : KINDS[to];
  if (!kind) return;
  event.preventDefault();
  c.show(kind);
  const tablist = event.currentTarget as HTMLElement;
  queueMicrotask(() => tablist.querySelector<HTMLElement>(`#pg-tab-${kind}`)?.focus());
}

export function snippetTabs(c: SnippetTabsContext): TemplateResult {
  return html`<div
      role="tablist"
      aria-label="Snippet"
      @keydown=${(e: KeyboardEvent) => onKey(c, e)}
    >
      ${KINDS.map(
        (kind) =>
          html`<button
            type="button"
            role="tab"
            id="pg-tab-${kind}"
            aria-controls="pg-snippet"
            aria-selected=${kind === c.shown ? 'true' : 'false'}
            tabindex=${kind === c.shown ? '0' : '-1'}
            @click=${() => c.show(kind)}
          >
            ${TABS[kind]}
          </button>`,
      )}
    </div>
    <div id="pg-snippet" role="tabpanel" tabindex="0" aria-labelledby="pg-tab-${c.shown}">
      <pre><code data-kind=${c.shown}>${c.snippets[c.shown]}</code></pre>
    </div>
    <p class="copy-line">
      <button type="button" @click=${() => c.copy(c.snippets[c.shown])}>Copy</button>
      <span class="hint" role="status">${c.said}</span>
    </p>
    <p class="hint">
      The script tag loads the widget from this demo: on your site, serve the file yourself and
      allow your site's origin in the companion (<code>ALLOWED_ORIGINS</code>). Under a
      Content-Security-Policy without <code>'unsafe-inline'</code>, move the inline script to a file
      of your own.
    </p>`;
}
