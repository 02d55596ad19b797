/**
 * The playground's controls but the appearance's (appearance-controls.ts): the mode, the sample
 * order (its currency and `mode="apm"`'s payment method), the locale, the fields shown, the device
 * data and the demo shopper's sign-in. Plain Lit templates; every change goes to `change`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PlaygroundData, SampleOrder } from './data.ts';
import { DATA_COLLECTIONS, FIELDS, keysOf, MODES, type FieldName } from './options.ts';
import { methodsIn, type PlaygroundState } from './state.ts';

export interface ControlsContext {
  state: PlaygroundState;
  data: PlaygroundData;
  order: SampleOrder;
  orderRef: string;
  /** Whether the demo has its shopper's sign-in (it always does but in a bare demo server). */
  signIn: boolean;
  /** A sign-in or sign-out is on its way. */
  signingIn: boolean;
  change(patch: Partial<PlaygroundState>): void;
  newOrder(): void;
}

const value = (event: Event) => (event.target as HTMLInputElement | HTMLSelectElement).value;

/** A group of radio buttons, one per key of `record`, each showing its key and what it means. */
function radios<K extends string>(
  legend: string,
  name: string,
  record: Record<K, string>,
  chosen: K,
  pick: (key: K) => void,
): TemplateResult {
  return html`<fieldset class="choices">
    <legend>${legend}</legend>
    ${keysOf(record).map(
      (key) =>
        html`<label
          ><input
            type="radio"
            name=${name}
            value=${key}
            .checked=${key === chosen}
            @change=${() => pick(key)}
          />
          <span><code>${key}</code> <span class="hint">${record[key]}</span></span></label
        >`,
    )}
  </fieldset>`;
}

function orderControls(c: ControlsContext): TemplateResult {
  const methods = methodsIn(c.data, c.state.currency);
  const apm = c.state.mode === 'apm';
  return html`<fieldset class="group">
    <legend>Sample order</legend>
    <label for="pg-currency">Currency</label>
    <select id="pg-currency" @change=${(e: Event) => c.change({ currency: value(e) })}>
      ${c.data.orders.map(
        (order) =>
          html`<option value=${order.currency}>
            ${order.currency} (${order.name}, ${order.price})
          </option>`,
      )}
    </select>
    <label for="pg-method"
      >Payment method <span class="hint">(<code>mode="apm"</code>)</span></label
    >
    <select
      id="pg-method"
      ?disabled=${!apm}
      aria-describedby="pg-method-hint"
      @change=${(e: Event) => c.change({ method: value(e) })}
    >
      ${methods.map((method) => html`<option>${method}</option>`)}
    </select>
    <p id="pg-method-hint" class="hint">
      ${
        apm
          ? 'The ways to pay the demo companion offers in this currency.'
          : 'Used in apm mode only.'
      }
    </p>
    <p class="order-line">
      Order <code id="pg-order-ref">${c.orderRef}</code>
      <button type="button" @click=${c.newOrder}>New order</button>
    </p>
  </fieldset>`;
}

function fieldControls(c: ControlsContext): TemplateResult {
  const toggle = (name: FieldName, on: boolean) => {
    const chosen = new Set(c.state.fields);
    if (on) chosen.add(name);
    else chosen.delete(name);
    c.change({ fields: keysOf(FIELDS).filter((field) => chosen.has(field)) });
  };
  return html`<fieldset class="choices columns">
    <legend>Fields shown</legend>
    ${keysOf(FIELDS).map(
      (name) =>
        html`<label
          ><input
            type="checkbox"
            name="fields"
            value=${name}
            .checked=${c.state.fields.includes(name)}
            @change=${(e: Event) => toggle(name, (e.target as HTMLInputElement).checked)}
          />
          <span>${FIELDS[name]}</span></label
        >`,
    )}
  </fieldset>`;
}

function savedCardsControl(c: ControlsContext): TemplateResult | typeof nothing {
  if (!c.signIn) return nothing;
  return html`<fieldset class="choices">
    <legend>Saved cards</legend>
    <label
      ><input
        type="checkbox"
        id="pg-saved"
        aria-describedby="pg-saved-hint"
        .checked=${c.state.saved}
        ?disabled=${c.signingIn}
        @change=${(e: Event) => c.change({ saved: (e.target as HTMLInputElement).checked })}
      />
      Sign in as the demo shopper</label
    >
    <p id="pg-saved-hint" class="hint">
      Her details are filled in, and her saved cards show in checkout and card modes.
    </p>
  </fieldset>`;
}

/**
 * Each select's id and the value it shows. The playground sets them after rendering: one
 * assignment per select, where a `selected` binding per option costs a lot more as the page starts.
 */
export function chosenValues(state: PlaygroundState): [id: string, value: string][] {
  return [
    ['pg-currency', state.currency],
    ['pg-method', state.method],
    ['pg-locale', state.locale],
  ];
}

/** The controls the page shows first: the mode and the sample order. */
export function firstControls(c: ControlsContext): TemplateResult {
  return html`${radios('Mode', 'mode', MODES, c.state.mode, (mode) => c.change({ mode }))}
  ${orderControls(c)}`;
}

/** The locale, the fields, the device data and the saved cards. */
export function moreControls(c: ControlsContext): TemplateResult {
  return html`<div class="group">
      <label for="pg-locale">Locale</label>
      <select id="pg-locale" @change=${(e: Event) => c.change({ locale: value(e) })}>
        ${c.data.locales.map(
          ({ tag, label }) => html`<option value=${tag}>${tag}: ${label}</option>`,
        )}
      </select>
    </div>
    ${fieldControls(c)}
    ${radios('Device data', 'data-collection', DATA_COLLECTIONS, c.state.dataCollection, (level) =>
      c.change({ dataCollection: level }),
    )}
    ${savedCardsControl(c)}`;
}
