/**
 * One shopper or card field as the element shows it: its label, its input (or the country
 * select, countries named in the locale) and its error, tied together for assistive technology.
 * The error takes no room until there is one: it appears on Pay, as in most checkouts.
 */
import { html, nothing } from 'lit';
import { countries, type FieldSpec } from './fields.ts';
import type { Messages } from './messages.ts';

export interface FieldState {
  texts: Messages;
  value: string;
  error: keyof Messages | undefined;
  required: boolean;
  locale: string;
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
  const describedby = error ? `${id}-error` : nothing;
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
          autocomplete=${field.autocomplete}
          .value=${value}
          aria-invalid=${invalid}
          aria-describedby=${describedby}
          ?required=${required}
          @input=${onInput}
        />`;
  return html`<div part="field" class=${state.half ? 'half' : ''}>
    <label part="label" for=${id}>${label}</label>${control}
    ${error ? html`<p part="error-message" id=${`${id}-error`}>${t[error]}</p>` : nothing}
  </div>`;
}
