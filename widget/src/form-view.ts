/**
 * The element's form as the shopper sees it: the fields (field-view.ts), Pay, the outcome and the
 * failure. Once paid (or in review), the outcome alone: nothing left to press or fill in.
 */
import { html, nothing } from 'lit';
import type { CheckoutError } from './companion-client.ts';
import { renderField } from './field-view.ts';
import type { FieldSpec } from './fields.ts';
import type { Messages } from './messages.ts';
import { PAID_STATUSES, type OrderStatus } from './protocol.ts';
import { failureText, outcomeText } from './shopper-text.ts';

export interface FormState {
  texts: Messages;
  fields: FieldSpec[];
  values: Record<string, string>;
  errors: Record<string, keyof Messages>;
  required: Set<string>;
  locale: string;
  busy: boolean;
  outcome: OrderStatus | undefined;
  failure: CheckoutError | undefined;
  onInput: (event: Event) => void;
  onSubmit: (event: Event) => void;
}

export function renderForm(state: FormState) {
  const { texts: t, busy, outcome, failure } = state;
  const settled = outcome !== undefined && PAID_STATUSES.includes(outcome);
  return html`<form part="form" novalidate @submit=${state.onSubmit}>
    ${
      settled
        ? nothing
        : state.fields.map((field) =>
            renderField(field, {
              texts: t,
              value: state.values[field.name] ?? '',
              error: state.errors[field.name],
              required: state.required.has(field.name),
              locale: state.locale,
              onInput: state.onInput,
            }),
          )
    }
    ${
      settled
        ? nothing
        : html`<button
            part="pay-button"
            type="submit"
            ?disabled=${busy}
            aria-busy=${busy ? 'true' : 'false'}
          >
            ${busy ? t.paying : t.pay}
          </button>`
    }
    <p part="status" role="status" aria-live="polite">${outcome ? t[outcomeText(outcome)] : ''}</p>
    ${
      failure
        ? html`<p part="failure" role="alert">${t[failureText(failure)]}</p>
            ${failure.retryable ? html`<button part="retry-button" type="submit">${t.retry}</button>` : nothing}`
        : nothing
    }
  </form>`;
}
