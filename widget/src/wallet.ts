/**
 * The signed-in shopper's wallet (issue #14), a part of its own (lazy.ts), loaded only once the
 * companion said the shopper is signed in (wallet-controller.ts): their saved cards, to pay with
 * in one click (POST `WIDGET_ROUTES.savedCardPayments` with the card's `card_id`: no card data in the
 * browser), each with a Remove button (DELETE `WIDGET_ROUTES.savedCard`), "Use a new card" back
 * to the normal form, and "Save this card for next time" (never ticked for the shopper).
 *
 * The part takes Lit's `html` and `nothing` from the element: a copy of Lit of its own would
 * create a second `lit-html` Trusted Types policy, which a strict policy refuses. Its styles are a
 * constructed stylesheet adopted by the element's shadow root, which a CSP without
 * `'unsafe-inline'` allows, so the script-tag file carries none of them.
 */
import type { html as litHtml, nothing as litNothing, ReactiveControllerHost } from 'lit';
import type { SavedCard, SavedCardPaymentRequest } from './contract.ts';
import type { Messages } from './messages-type.ts';
import type { RouteUrl } from './routes.ts';

/** What the part needs of Lit: the element's own copy. */
export interface Lit {
  html: typeof litHtml;
  nothing: typeof litNothing;
}

/** The element, as the wallet sees it. */
export interface WalletHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The saved card to pay with: the companion's handle of it, never its token. */
export type SavedCardChoice = Pick<SavedCardPaymentRequest, 'card_id'>;

/** Brand names as cards print them; `card` (the number said no more) is the locale's word. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** "Visa ending 4242, expires 12/30", in the locale's words (`saved_card`). */
export function describeCard(t: Messages, card: SavedCard): string {
  const fill: Record<string, string> = {
    brand: BRANDS[card.brand] ?? t.other_card,
    last4: card.last4,
    month: card.expiry_month,
    year: card.expiry_year.slice(-2),
  };
  return t.saved_card.replace(/\{(\w+)\}/g, (whole, name: string) => fill[name] ?? whole);
}

const STYLES = `
.wallet{grid-column:1/-1;display:grid;grid-template-columns:minmax(0,1fr);gap:.5rem;margin:0;padding:0;border:0;min-width:0}
.wallet legend{padding:0;margin-bottom:.3rem}
[part='saved-card']{display:flex;align-items:center;min-width:0;border:1px solid var(--acquiring-border);border-radius:var(--acquiring-radius);background:var(--acquiring-input-background)}
[part='saved-card']:has(:checked){border-color:var(--acquiring-accent);box-shadow:inset 0 0 0 1px var(--acquiring-accent)}
[part='saved-card'] label{flex:1;display:flex;align-items:center;gap:.6rem;min-width:0;padding:.6rem .75rem;cursor:pointer}
.wallet input,[part='save-card'] input{flex:none;width:1.1em;height:1.1em;margin:0;accent-color:var(--acquiring-accent)}
[part='remove-card-button']{font:inherit;font-size:.875em;margin-inline-end:.35rem;padding:.3rem .4rem;border:0;border-radius:var(--acquiring-radius);background:none;color:var(--acquiring-accent);text-decoration:underline;cursor:pointer}
[part='save-card']{grid-column:1/-1;display:flex;align-items:center;gap:.6rem;cursor:pointer}
[part='saved-cards-message']{grid-column:1/-1;margin:0;font-size:.875em;color:var(--_acquiring-muted)}
[part='saved-cards-message']:empty{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
`;

let sheet: CSSStyleSheet | undefined;

/** Adds the wallet's styles to the element's shadow root, once (browsers without constructed sheets go unstyled). */
function adoptStyles(root: Node): void {
  if (!(root instanceof ShadowRoot) || !('replaceSync' in CSSStyleSheet.prototype)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
  }
  if (!root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

export class Wallet {
  /** The shopper's saved cards, the one paid with last first (never used: the latest saved). */
  cards: SavedCard[];
  /** The saved card Pay pays with; undefined: a new card (the form, or the payment page). */
  choice: SavedCardChoice | undefined;
  /** "Save this card for next time" is ticked (by the shopper: it never starts ticked). */
  save = false;
  /** What the last removal said, announced under the list. */
  said: 'card_removed' | 'card_not_removed' | undefined;

  readonly #host: WalletHost;
  readonly #lit: Lit;
  readonly #companion: string;

  constructor(host: WalletHost, lit: Lit, companion: string, cards: SavedCard[]) {
    this.#host = host;
    this.#lit = lit;
    this.#companion = companion;
    this.cards = cards;
    // One click: the card paid with last is chosen; "Use a new card" is one choice away.
    this.choice = cards[0] && { card_id: cards[0].card_id };
    adoptStyles(host.renderRoot);
  }

  /** `save_card: true` for the request, when the shopper ticked it for the new card. */
  get saveCard(): true | undefined {
    return this.save && !this.choice ? true : undefined;
  }

  #set(state: Partial<Pick<Wallet, 'cards' | 'choice' | 'save' | 'said'>>): void {
    Object.assign(this, state);
    this.#host.requestUpdate();
  }

  /**
   * Forgets `card` at the companion and takes it off the list, saying so; the focus goes to the
   * choice left (or the card fields, or Pay, when no card is left).
   */
  async #remove(card: SavedCard): Promise<void> {
    this.#set({ said: undefined });
    let removed = false;
    try {
      const url: RouteUrl<'savedCard'> = `${this.#companion}/api/saved-cards/${encodeURIComponent(card.card_id)}`;
      const response = await fetch(url, { method: 'DELETE', credentials: 'include' });
      // Already gone (removed in another tab): as good as removed here.
      removed = response.ok || response.status === 404;
    } catch {
      // Not reached: the card stays, and the shopper is told.
    }
    if (!removed) return this.#set({ said: 'card_not_removed' });
    const chosen = this.choice?.card_id === card.card_id;
    this.#set({
      cards: this.cards.filter((c) => c !== card),
      choice: chosen ? undefined : this.choice,
      said: 'card_removed',
    });
    await this.#host.updateComplete;
    this.#host.renderRoot
      .querySelector<HTMLElement>(
        '[name="saved-card"]:checked, [name="card.number"], [part~="pay-button"]',
      )
      ?.focus();
  }

  /** The saved cards to choose from, and "Use a new card"; nothing when there are none. */
  list(t: Messages) {
    const { html, nothing } = this.#lit;
    if (this.cards.length === 0) return nothing;
    const choose = (choice: SavedCardChoice | undefined) => () =>
      this.#set({ choice, said: undefined });
    return html`<fieldset part="saved-cards" class="wallet">
      <legend part="label">${t.saved_cards}</legend>
      ${this.cards.map((card) => {
        const id = `saved-card-${card.card_id}`;
        return html`<div part="saved-card">
          <label>
            <input
              type="radio"
              name="saved-card"
              value=${card.card_id}
              .checked=${this.choice?.card_id === card.card_id}
              @change=${choose({ card_id: card.card_id })}
            /><span id=${id}>${describeCard(t, card)}</span>
          </label>
          <button
            part="remove-card-button"
            type="button"
            aria-describedby=${id}
            @click=${() => void this.#remove(card)}
          >
            ${t.remove_card}
          </button>
        </div>`;
      })}
      <div part="saved-card">
        <label>
          <input
            type="radio"
            name="saved-card"
            value=""
            .checked=${!this.choice}
            @change=${choose(undefined)}
          />${t.new_card}
        </label>
      </div>
    </fieldset>`;
  }

  /** Under the fields: "Save this card for next time" for a new card, and what a removal said. */
  footer(t: Messages) {
    const { html, nothing } = this.#lit;
    const onSave = (event: Event) =>
      this.#set({ save: (event.target as HTMLInputElement).checked, said: undefined });
    return html`${
        this.choice
          ? nothing
          : html`<label part="save-card">
              <input type="checkbox" name="save-card" .checked=${this.save} @change=${onSave} />
              ${t.save_card}
            </label>`
      }
      <p part="saved-cards-message" role="status">${this.said ? t[this.said] : nothing}</p>`;
  }
}
