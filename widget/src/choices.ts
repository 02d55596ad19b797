/**
 * What the shopper may choose before Pay, a part of its own (lazy.ts): the instalments select,
 * when the order's summary offers instalments, and the ways to pay as a radio group, in
 * mode="auto". Loaded only then, so the script-tag file carries none of it.
 *
 * Nothing of Lit's is imported at run time: the element hands its own `html` in, so the part
 * never brings a second copy of Lit (nor a second `lit-html` Trusted Types policy). Its styles
 * come as a constructed style sheet, which a strict CSP allows (`style-src 'self'`).
 */
import type { html as litHtml, nothing as litNothing } from 'lit';
import type { Messages } from './messages-type.ts';
import { fill, formatCount, formatMoney } from './money.ts';
import { chosenMethod, choiceOf, hasChoices, type ChoiceHost } from './payment-choice.ts';
import type { InstallmentOffer, OrderSummaryResponse } from './protocol.ts';

export { choiceOf };

/** The element's Lit. */
export interface Lit {
  html: typeof litHtml;
  nothing: typeof litNothing;
}

/** The element: its settings, and the shopper's choices, which the controls set. */
export interface ChoicesHost extends ChoiceHost {
  locale: string;
}

/** What the element shows besides. */
export interface ChoicesView {
  texts: Messages;
  summary: OrderSummaryResponse | undefined;
  /** A payment is under way: nothing may change. */
  busy: boolean;
}

/** What the controls are drawn from. */
interface ChoicesState extends ChoicesView {
  summary: OrderSummaryResponse;
  locale: string;
  /** The methods to choose from (mode="auto"), or none. */
  methods: OrderSummaryResponse['methods'];
  /** The method chosen, or the first. */
  method: string | undefined;
  /** Whether the chosen way to pay takes instalments (the card). */
  instalments: boolean;
  /** The count chosen, `1` unless the shopper chose another. */
  count: number;
  onChoose: (event: Event) => void;
}

/** APMs known by a brand name, the same in every language. */
const BRANDS: Record<string, string> = {
  PIX: 'PIX',
  BOLETO: 'Boleto',
  OXXO: 'OXXO',
  PAYPAL: 'PayPal',
  SPEI: 'SPEI',
  MERCADOPAGO: 'Mercado Pago',
  IDEAL: 'iDEAL',
  BLIK: 'BLIK',
  SOFORT: 'Sofort',
  ALIPAY: 'Alipay',
  WECHATPAY: 'WeChat Pay',
};

/** A method as the shopper reads it: `Card`, `Bank transfer`, a brand, or its code. */
export function methodName(method: string, texts: Messages): string {
  const code = method.toUpperCase();
  if (code === 'CARD') return texts.method_card;
  if (code === 'BANK_TRANSFER') return texts.method_bank_transfer;
  return BRANDS[code] ?? method;
}

/** The counts to choose from: a single payment first, whether or not the plan lists 1. */
export function instalmentOffers(summary: OrderSummaryResponse): InstallmentOffer[] {
  const { amount, installments = [] } = summary;
  const single = { count: 1, first: amount, each: amount };
  return [single, ...installments.filter((offer) => offer.count > 1)];
}

/**
 * `R$ 100,00 in one payment`, `3 × R$ 33,33`; with `first` (the note under the select), an offer
 * whose first payment differs whole: `3 × R$ 33,33 (first R$ 33,34)`. The options say no more
 * than the count and the payment: a native select shows its choice on one line, and a longer one
 * is cut on a phone, its first payment with it.
 */
export function instalmentText(
  offer: InstallmentOffer,
  summary: OrderSummaryResponse,
  texts: Messages,
  locale: string,
  first = false,
): string {
  const money = (amount: string) => formatMoney(amount, summary.currency, locale);
  if (offer.count === 1) return fill(texts.installment_one, { amount: money(summary.amount) });
  const values = {
    count: formatCount(offer.count, locale),
    each: money(offer.each),
    first: money(offer.first),
  };
  return fill(first ? texts.installment_first : texts.installment_even, values);
}

function renderMethods({ html }: Lit, state: ChoicesState) {
  const t = state.texts;
  return html`<fieldset part="methods" ?disabled=${state.busy}>
    <legend part="label">${t.payment_method}</legend>
    ${state.methods.map(
      ({ method }) =>
        html`<label part="method"
          ><input
            type="radio"
            name="payment_method"
            value=${method}
            .checked=${method === state.method}
            @change=${state.onChoose}
          />${methodName(method, t)}</label
        >`,
    )}
  </fieldset>`;
}

function renderInstalments({ html, nothing }: Lit, state: ChoicesState) {
  const { texts: t, summary, locale } = state;
  const offers = instalmentOffers(summary);
  // The chosen offer whose first payment differs (the cents left over): said whole, below.
  const chosen = offers.find((offer) => offer.count === state.count);
  const uneven = chosen && chosen.first !== chosen.each ? chosen : undefined;
  return html`<div part="field">
    <label part="label" for="field-installments">${t.installments}</label>
    <select
      part="input"
      id="field-installments"
      name="installments"
      aria-describedby=${uneven ? 'installments-note' : nothing}
      ?disabled=${state.busy}
      @change=${state.onChoose}
    >
      ${offers.map(
        (offer) =>
          html`<option value=${offer.count} ?selected=${offer.count === state.count}>
            ${instalmentText(offer, summary, t, locale)}
          </option>`,
      )}
    </select>
    ${
      uneven
        ? html`<p part="instalment-note" id="installments-note">
            ${instalmentText(uneven, summary, t, locale, true)}
          </p>`
        : nothing
    }
  </div>`;
}

/**
 * The methods (mode="auto", when there are two or more to choose from), then the instalments
 * (when the order offers them and the way to pay is the card). A choice sets the host's
 * `_chosen`, which updates it.
 */
export function renderChoices(lit: Lit, host: ChoicesHost, view: ChoicesView) {
  const { summary } = view;
  if (!summary || !hasChoices(host.mode, summary)) return {};
  const choice = choiceOf(host, summary);
  const state: ChoicesState = {
    ...view,
    summary,
    locale: host.locale,
    methods: host.mode === 'auto' ? summary.methods : [],
    method: chosenMethod(summary, host._chosen)?.method,
    instalments: choice.mode !== 'apm',
    count: choice.installments ?? 1,
    onChoose: (event) => {
      const { name, value } = event.target as HTMLInputElement | HTMLSelectElement;
      host._chosen = { ...host._chosen, [name]: value };
    },
  };
  const methods = state.methods.length > 1 ? renderMethods(lit, state) : lit.nothing;
  const offered = state.instalments && instalmentOffers(summary).length > 1;
  return { methods, instalments: offered ? renderInstalments(lit, state) : lit.nothing };
}

// The form is one column whatever its parts: the instalments' field spans two columns inside a
// fieldset, and its select is as wide as its longest offer; neither may widen the form.
const CSS = `
[part='form'] { grid-template-columns: minmax(0, 1fr); }
[part='form'] > [part='field'] { grid-column: 1 / -1; }
[part='methods'] { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.5rem; min-width: 0; margin: 0; padding: 0; border: 0; }
[part='methods'] > legend { padding: 0; margin-block-end: 0.25rem; }
[part='method'] {
  display: flex; align-items: center; gap: 0.6rem; padding: 0.6rem 0.75rem; cursor: pointer;
  border: 1px solid var(--acquiring-border); border-radius: var(--acquiring-radius);
  background: var(--acquiring-input-background);
}
[part='method']:has(:checked) {
  border-color: var(--acquiring-accent); box-shadow: inset 0 0 0 1px var(--acquiring-accent);
}
[part='method'] > input { margin: 0; accent-color: var(--acquiring-accent); }
[part='instalment-note'] { margin: 0; font-size: 0.875em; color: var(--_acquiring-muted); }
[part='methods'][disabled] [part='method'] { opacity: 0.6; cursor: default; }
`;

let sheet: CSSStyleSheet | undefined;

/** The part's styles, made once, for the element to adopt beside its own. */
export function styleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}
