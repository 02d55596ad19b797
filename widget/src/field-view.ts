/**
 * One shopper or card field as the element shows it: its label, its input (or the country
 * select, countries named in the locale) and its error, tied together for assistive technology.
 * The error takes no room until there is one: it appears on Pay, as in most checkouts.
 * The card number shows its brand at the end of its label once the digits tell it (card.ts).
 * Inputs of numbers, emails, phones and documents (those with an `inputmode`) read left to
 * right in any locale (`dir="ltr"`).
 */
import { html, nothing } from 'lit';
import { countries, type FieldSpec } from './fields.ts';
import type { Messages } from './messages-type.ts';

export interface FieldState {
  texts: Messages;
  value: string;
  error: keyof Messages | undefined;
  required: boolean;
  locale: string;
  /** The card's brand (`Visa`…), for the card number. */
  brand?: string | undefined;
  /** Half a row: beside its neighbour on a wide enough form (form-view.ts pairs them). */
  half: boolean;
  onInput: (event: Event) => void;
}

export function renderField(field: FieldSpec, state: FieldState) {
  const { texts: t, value, error, required, onInput } = state;
  const id = `field-${field.name.replace('.', '-')}`;
  const label = field.name.startsWith('delivery.')
    ? `${t[field.label]} (${t.delivery})`
    : t[field.label];
  const invalid = error ? 'true' : 'false';
  const brand = state.brand;
  // The brand, once known, is read after the field's error: "Card number, Visa".
  const described = [error ? `${id}-error` : '', brand ? `${id}-brand` : ''].filter(Boolean);
  const describedby = described.length ? described.join(' ') : nothing;
  const control =
    field.type === 'country'
      ? html`<select
          part="input"
          id=${id}
          name=${field.name}
          autocomplete=${field.autocomplete}
          aria-invalid=${invalid}
          aria-describedby=${describedby}
          ?required=${required}
          @change=${onInput}
        >
          <option value="">${t.choose_country}</option>
          ${countries(state.locale).map(([code, name]) => html`<option value=${code} ?selected=${value === code}>${name}</option>`)}
        </select>`
      : html`<input
          part="input"
          id=${id}
          name=${field.name}
          type=${field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : 'text'}
          inputmode=${field.inputmode ?? nothing}
          dir=${field.inputmode ? 'ltr' : nothing}
          autocomplete=${field.autocomplete}
          .value=${value}
          aria-invalid=${invalid}
          aria-describedby=${describedby}
          ?required=${required}
          @input=${onInput}
        />`;
  const labelled = html`<label part="label" for=${id}>${label}</label>`;
  return html`<div part="field" class=${state.half ? 'half' : ''}>
    ${
      field.name === 'card.number'
        ? html`<div class="card-number">
            ${labelled}${brand ? html`<span part="card-brand" id=${`${id}-brand`} role="img" aria-label=${brand}>${brand}</span>` : nothing}
          </div>`
        : labelled
    }${control}
    ${error ? html`<p part="error-message" id=${`${id}-error`}>${t[error]}</p>` : nothing}
  </div>`;
}
