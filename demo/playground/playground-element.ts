/**
 * `<checkout-playground>`: a live `<acquiring-checkout>` beside its controls, and the code that
 * makes it. The state lives in the page's address (state.ts); one setup (setup.ts) makes both the
 * element and the snippets. A change of anything but the appearance makes a new element, as the
 * snippet would; the appearance changes in place, so a colour picker can be dragged. Rendered in
 * the light DOM, so the demo's stylesheet reaches it. It comes in as stages-controller.ts says:
 * a part at a time, and the element once its preview is near the window.
 */
import { html, LitElement } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { AcquiringCheckout } from 'acquiring-checkout';
import { appearanceControls, chosenLooks, effectiveValues } from './appearance-controls.ts';
import { chosenValues, firstControls, moreControls, type ControlsContext } from './controls.ts';
import type { PlaygroundData, SampleOrder } from './data.ts';
import type { VariableName } from './options.ts';
import { createCheckout, identityOf, restyle, setupOf } from './setup.ts';
import { signDemoShopper } from './shopper-sign-in.ts';
import { snippetsOf, type SnippetKind } from './snippets.ts';
import { snippetTabs } from './snippet-tabs.ts';
import { StagesController } from './stages-controller.ts';
import { queryOf, stateFromQuery, withCurrency, type PlaygroundState } from './state.ts';

export interface PlaygroundConfig {
  /** The companion's address as the browser reaches it. */
  companion: string;
  /** A public demo's visitor space, which heads every order reference. */
  space: string | undefined;
  /** The script-tag file's sha384 integrity, for the script-tag snippet. */
  integrity: string;
  /** Whether the demo shopper is signed in; undefined when the demo has no sign-in. */
  signedIn: boolean | undefined;
  data: PlaygroundData;
}

/** A fresh order reference for the sample order: `mug.pg-1a2b3c4d`, headed by the space if any. */
function newOrderRef(order: SampleOrder | undefined, space: string | undefined): string {
  const ref = `${order?.sku ?? 'mug'}.pg-${crypto.randomUUID().slice(0, 8)}`;
  return space ? `${space}.${ref}` : ref;
}

/**
 * The parts of the first render, each shown a task after the one before; the first task renders
 * none (Lit's own first run is work enough).
 */
const STAGES = { first: 1, more: 2, appearance: 3, preview: 4, code: 5 } as const;

export class CheckoutPlayground extends LitElement {
  static override properties = {
    _state: { state: true },
    _orderRef: { state: true },
    _signedIn: { state: true },
    _signingIn: { state: true },
    _effective: { state: true },
    _refused: { state: true },
    _shown: { state: true },
    _said: { state: true },
  };

  readonly #config: PlaygroundConfig;
  #checkout: AcquiringCheckout | undefined;
  #identity = '';
  #look = '';
  #snippets: Record<SnippetKind, string> = { script: '', esm: '', react: '' };
  #addressTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #stages = new StagesController(this, STAGES.code);

  declare _state: PlaygroundState;
  declare _orderRef: string;
  declare _signedIn: boolean;
  declare _signingIn: boolean;
  declare _effective: Partial<Record<VariableName, string>>;
  declare _refused: Partial<Record<VariableName, string>>;
  declare _shown: SnippetKind;
  declare _said: string;

  constructor(config: PlaygroundConfig) {
    super();
    this.#config = config;
    const query = new URLSearchParams(location.search);
    let state = stateFromQuery(query, config.data);
    // Back from a payment method's page: the same order, so the element reports its outcome.
    const returned = query.get('acquiring_order_ref');
    const sku = returned?.replace(/^v[0-9a-f]{10}\./, '').split('.')[0];
    const order = config.data.orders.find((o) => o.sku === sku);
    if (returned && order)
      state = withCurrency(config.data, { ...state, currency: order.currency });
    this._orderRef = returned && order ? returned : newOrderRef(this.#order(state), config.space);
    this._signedIn = config.signedIn ?? false;
    this._signingIn = false;
    // A link may ask for the sign-in; a shopper already signed in stays so.
    if (config.signedIn === undefined) state = { ...state, saved: false };
    else if (state.saved && !config.signedIn) void this.#signIn(true);
    else if (config.signedIn) state = { ...state, saved: true };
    this._state = state;
    this._effective = {};
    this._refused = {};
    this._shown = 'script';
    this._said = '';
  }

  /** Light DOM: the page's stylesheet styles the controls (no inline style under the CSP). */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  #order(state = this._state): SampleOrder | undefined {
    return this.#config.data.orders.find((order) => order.currency === state.currency);
  }

  #change = (patch: Partial<PlaygroundState>): void => {
    const before = this._state;
    const next = withCurrency(this.#config.data, { ...before, ...patch });
    if (next.currency !== before.currency)
      this._orderRef = newOrderRef(this.#order(next), this.#config.space);
    if (next.saved !== before.saved) void this.#signIn(next.saved);
    this._state = next;
    // The address follows once the changes pause: a dragged colour picker sends many.
    clearTimeout(this.#addressTimer);
    this.#addressTimer = setTimeout(
      () => history.replaceState(history.state, '', this.#link()),
      200,
    );
  };

  /** This setup's address. */
  #link(): string {
    const query = queryOf(this._state, this.#config.data).toString();
    return `${location.origin}${location.pathname}${query ? `?${query}` : ''}`;
  }

  /** Signs the demo shopper in or out; the element is made again with her (or without). */
  async #signIn(on: boolean): Promise<void> {
    this._signingIn = true;
    if (await signDemoShopper(on)) this._signedIn = on;
    else {
      this._state = { ...this._state, saved: this._signedIn };
      this._said = `Signing ${on ? 'in' : 'out'} failed; try again.`;
    }
    this._signingIn = false;
  }

  #copy = async (text: string, done: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      this._said = done;
    } catch {
      this._said = 'The browser did not let the page copy: select the text instead.';
    }
  };

  /** The element and the snippets for the state, a new element only when the setup needs one. */
  protected override willUpdate(): void {
    if (this.#stages.stage < STAGES.preview) return;
    const setup = setupOf(this._state, {
      companion: this.#config.companion,
      orderRef: this._orderRef,
      shopper: this._signedIn ? this.#config.data.shopper : undefined,
    });
    const identity = identityOf(setup);
    const look = JSON.stringify(setup.appearance ?? {});
    if (this.#stages.near) {
      if (identity !== this.#identity || !this.#checkout) this.#checkout = createCheckout(setup);
      else if (look !== this.#look) restyle(this.#checkout, setup);
      this.#identity = identity;
      this.#look = look;
    }
    const src = new URL('/widget/acquiring-checkout.js', location.href).href;
    this.#snippets = snippetsOf(setup, { src, integrity: this.#config.integrity });
  }

  /**
   * The selects' values; the preview watched; then, once the element has drawn, what it uses for
   * each variable (the pickers show it).
   */
  protected override updated(): void {
    for (const [id, value] of [...chosenValues(this._state), ...chosenLooks(this._state)]) {
      const select = this.querySelector<HTMLSelectElement>(`#${id}`);
      if (select && select.value !== value) select.value = value;
    }
    this.#stages.watch(this.querySelector('.stage'));
    const element = this.#checkout;
    void element?.updateComplete.then(() => {
      if (element !== this.#checkout) return;
      const values = effectiveValues(element);
      if (JSON.stringify(values) !== JSON.stringify(this._effective)) this._effective = values;
    });
  }

  #appearance() {
    return appearanceControls({
      state: this._state,
      effective: this._effective,
      refused: this._refused,
      change: this.#change,
      refuse: (name, value) => (this._refused = { ...this._refused, [name]: value }),
    });
  }

  #share() {
    return html`<p class="share">
      <button type="button" @click=${() => this.#copy(this.#link(), 'Link copied.')}>
        Copy this setup's link
      </button>
      <a href="/playground">Start over</a>
    </p>`;
  }

  #preview() {
    return html`<section class="preview" aria-labelledby="pg-preview-title">
      <h2 id="pg-preview-title">Preview</h2>
      <div class="stage">${this.#checkout ?? ''}</div>
    </section>`;
  }

  #code() {
    return html`<section class="code" aria-labelledby="pg-code-title">
      <h2 id="pg-code-title">Code</h2>
      ${snippetTabs({
        snippets: this.#snippets,
        shown: this._shown,
        said: this._said,
        show: (kind) => (this._shown = kind),
        copy: (text) => this.#copy(text, 'Copied.'),
      })}
    </section>`;
  }

  #controlsContext(order: SampleOrder): ControlsContext {
    return {
      state: this._state,
      data: this.#config.data,
      order,
      orderRef: this._orderRef,
      signIn: this.#config.signedIn !== undefined,
      signingIn: this._signingIn,
      change: this.#change,
      newOrder: () => (this._orderRef = newOrderRef(order, this.#config.space)),
    };
  }

  /**
   * Each group is rendered again only when what it shows changes (`guard`): a dragged colour
   * picker renders the appearance's controls, not the page.
   */
  override render() {
    const order = this.#order();
    const context = order ? this.#controlsContext(order) : undefined;
    const s = this._state;
    const at = (stage: number, deps: unknown[], part: () => unknown) =>
      this.#stages.stage >= stage ? guard(deps, part) : '';
    return html`<form
        class="controls"
        aria-label="Settings"
        @submit=${(e: Event) => e.preventDefault()}
      >
        ${
          context
            ? at(STAGES.first, [s.mode, s.currency, s.method, this._orderRef], () =>
                firstControls(context),
              )
            : ''
        }
        ${
          context
            ? at(STAGES.more, [s.fields, s.dataCollection, s.saved, this._signingIn], () =>
                moreControls(context),
              )
            : ''
        }
        ${at(STAGES.appearance, [s.variables, this._effective, this._refused], () =>
          this.#appearance(),
        )}
        ${at(STAGES.code, [], () => this.#share())}
      </form>
      <div class="output">
        ${at(STAGES.preview, [this.#checkout], () => this.#preview())}
        ${at(STAGES.code, [this.#snippets, this._shown, this._said], () => this.#code())}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'checkout-playground': CheckoutPlayground;
  }
}
