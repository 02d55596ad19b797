/**
 * The element's form as the shopper sees it: the fields (field-view.ts), what the last attempt
 * said (above Pay, so that it is read first), and Pay. The fields are disabled while a payment is
 * under way. Once paid (or in review), the result alone (result-view.ts). An attempt picked up after a
 * reload that is still under way has "Continue your payment" instead of the fields and Pay: the
 * companion would answer any new Pay with that same attempt.
 */
import { html, nothing } from 'lit';
import { isBusy, type Attempt } from './attempt-state.ts';
import type { CheckoutError } from './companion-client.ts';
import { renderField } from './field-view.ts';
import type { FieldSpec } from './fields.ts';
import type { Messages } from './messages-type.ts';
import type { OrderStatus } from './protocol.ts';
import { renderResult } from './result-view.ts';
import { failureText, outcomeText } from './shopper-text.ts';

export interface FormState {
  texts: Messages;
  fields: FieldSpec[];
  values: Record<string, string>;
  errors: Record<string, keyof Messages>;
  required: Set<string>;
  locale: string;
  /** The payment attempt as it stands (attempt-state.ts): busy, what it said, to continue. */
  attempt: Attempt;
  /** What Pay says when not busy: `Pay`, or `Pay $49.00` once the amount is known. */
  payLabel: string;
  /** The order's amount for the shopper (`$49.00`), shown under the result once paid. */
  amount: string | undefined;
  /**
   * The shopper's choices (choices.ts): the way to pay first, above the fields it decides (PIX
   * asks for a CPF), the instalments after them, before Pay.
   */
  choices: Partial<Record<'methods' | 'instalments', unknown>> | undefined;
  /** The card's brand as typed so far, in card mode. */
  brand?: string | undefined;
  onInput: (event: Event) => void;
  onSubmit: (event: Event) => void;
  onContinue: () => void;
  /** A signed-in shopper's saved cards, above the fields, and "Save this card" below (wallet.ts). */
  savedCards?: unknown;
  saveCard?: unknown;
}

export function renderForm(state: FormState) {
  const { texts: t, attempt } = state;
  const { is, outcome, failure } = attempt;
  const busy = isBusy(attempt);
  if (is === 'paid') return renderResult(t, attempt.outcome, state.amount);
  // A saved attempt being checked, or to continue (payment-controller.ts).
  if (is === 'checking' || is === 'resumable') return renderResume(state, busy);
  const half = pairs(state.fields);
  // After a failure that may pass, Pay says so (and is the retry button: one button, not two).
  const retry = failure?.retryable === true && !busy;
  const { methods = nothing, instalments = nothing } = state.choices ?? {};
  // Pay keeps the focus while busy (aria-disabled, not disabled): checkout-form.ts ignores it.
  return html`<form part="form" novalidate @submit=${state.onSubmit}>
    ${methods}
    <fieldset ?disabled=${busy}>
      ${state.savedCards ?? nothing}${state.fields.map((field, i) =>
        renderField(field, {
          texts: t,
          value: state.values[field.name] ?? '',
          error: state.errors[field.name],
          required: state.required.has(field.name),
          locale: state.locale,
          half: half[i] === true,
          brand: field.name === 'card.number' ? state.brand : undefined,
          onInput: state.onInput,
        }),
      )}${state.saveCard ?? nothing}
    </fieldset>
    ${instalments} ${renderNotice(t, outcome, failure)}
    <button
      part=${retry ? 'pay-button retry-button' : 'pay-button'}
      type="submit"
      aria-disabled=${busy ? 'true' : 'false'}
      aria-busy=${busy ? 'true' : 'false'}
    >
      ${busy ? t.paying : retry ? t.retry : state.payLabel}
    </button>
  </form>`;
}

/**
 * What the last attempt said: a failure (the request failed, or the payment was declined or did
 * not go through) in the error style and as an alert; a cancellation as a neutral notice. It can
 * take the focus (payment-controller.ts gives it), which reads it out.
 */
function renderNotice(t: Messages, outcome: OrderStatus | undefined, failure?: CheckoutError) {
  if (failure)
    return html`<p part="failure" role="alert" tabindex="-1">${t[failureText(failure)]}</p>`;
  if (outcome === undefined) return nothing;
  const neutral = outcome === 'cancelled';
  const [part, role] = neutral ? ['status notice', 'status'] : ['status failure', 'alert'];
  return html`<p part=${part} role=${role} tabindex="-1">${t[outcomeText(outcome)]}</p>`;
}

/** Which fields share a row: neighbours that are both short (names, expiry and code), two by two. */
function pairs(fields: FieldSpec[]): boolean[] {
  const half = fields.map(() => false);
  for (let i = 0; i + 1 < fields.length; i++)
    if (fields[i]?.half && fields[i + 1]?.half) half[i] = half[++i] = true;
  return half;
}

/** A resumed attempt: Continue while it is under way (nothing while it is being checked). */
function renderResume(state: FormState, busy: boolean) {
  const { texts: t, attempt } = state;
  return html`<form part="form" novalidate @submit=${state.onSubmit}>
    ${renderNotice(t, attempt.outcome, attempt.failure)}
    ${
      attempt.is === 'resumable'
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
  </form>`;
}
