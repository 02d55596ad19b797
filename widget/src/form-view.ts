/**
 * The element's form as the shopper sees it: the fields (field-view.ts), Pay, the outcome and the
 * failure. Once paid (or in review), the outcome alone: nothing left to press or fill in. An
 * attempt picked up after a reload that is still under way has "Continue your payment" instead
 * of the fields and Pay: the companion would answer any new Pay with that same attempt.
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
  /** What Pay says when not busy: `Pay`, or `Pay $49.00` once the amount is known. */
  payLabel: string;
  /** The shopper's choices before Pay (methods, instalments), from the choices part. */
  choices: unknown;
  outcome: OrderStatus | undefined;
  failure: CheckoutError | undefined;
  /** A saved attempt being checked, or to continue (payment-controller.ts). */
  resume: 'checking' | 'continue' | undefined;
  /** The card's brand as typed so far, in card mode. */
  brand?: string | undefined;
  onInput: (event: Event) => void;
  onSubmit: (event: Event) => void;
  onContinue: () => void;
}

export function renderForm(state: FormState) {
  const { texts: t, busy, outcome, failure, resume } = state;
  const paid = outcome !== undefined && PAID_STATUSES.includes(outcome);
  // No fields and no Pay once paid, nor for a resumed attempt (Continue, or nothing while checked).
  const filling = !paid && !resume;
  return html`<form part="form" novalidate @submit=${state.onSubmit}>
    ${
      filling
        ? state.fields.map((field) =>
            renderField(field, {
              texts: t,
              value: state.values[field.name] ?? '',
              error: state.errors[field.name],
              required: state.required.has(field.name),
              locale: state.locale,
              brand: field.name === 'card.number' ? state.brand : undefined,
              onInput: state.onInput,
            }),
          )
        : nothing
    }
    ${filling ? state.choices : nothing}
    ${
      filling
        ? html`<button
            part="pay-button"
            type="submit"
            ?disabled=${busy}
            aria-busy=${busy ? 'true' : 'false'}
          >
            ${busy ? t.paying : state.payLabel}
          </button>`
        : nothing
    }
    ${
      resume === 'continue'
        ? html`<button
            part="continue-button"
            type="button"
            ?disabled=${busy}
            @click=${state.onContinue}
          >
            ${t.continue_payment}
          </button>`
        : nothing
    }
    <p part="status" role="status" aria-live="polite">${outcome ? t[outcomeText(outcome)] : ''}</p>
    ${
      failure
        ? html`<p part="failure" role="alert">${t[failureText(failure)]}</p>
            ${failure.retryable && !resume ? html`<button part="retry-button" type="submit">${t.retry}</button>` : nothing}`
        : nothing
    }
  </form>`;
}
