/**
 * How the shopper pays: the element's `mode`, or in mode="auto" the method chosen among those the
 * order's summary ranked (the first, the companion's best, until the shopper picks another); and
 * the instalments chosen, when the order offers them and the way to pay is the card. Without a
 * summary, mode="auto" pays by card on the hosted page, in a single payment. Part of the choices
 * part (choices.ts): the element without it pays by its `mode` (`auto`: the card), at once.
 * The payer's document, when the method needs one, is a field of the form (payer-document.ts).
 */
import type { Choice, Mode } from './attempt-request.ts';
import type { OrderSummaryResponse, PaymentMethodOffer } from './protocol.ts';

/** The element's `mode`: a flow, or `auto` (the shopper chooses among the summary's methods). */
export type ElementMode = Mode | 'auto';

/** What the shopper chose, by the names of the controls. */
export interface Chosen {
  payment_method?: string;
  installments?: string;
}

/** The method chosen in mode="auto", or the first ranked. */
export function chosenMethod(
  summary: OrderSummaryResponse | undefined,
  chosen: Chosen,
): PaymentMethodOffer | undefined {
  const methods = summary?.methods ?? [];
  return methods.find(({ method }) => method === chosen.payment_method) ?? methods[0];
}

/** Whether the element has a choice to show: the methods (mode="auto") or instalments. */
export function hasChoices(mode: ElementMode, summary: OrderSummaryResponse | undefined): boolean {
  return mode === 'auto' || (mode !== 'apm' && !!summary?.installments?.some((o) => o.count > 1));
}

/** The element's settings and the shopper's choices. */
export interface ChoiceHost {
  mode: ElementMode;
  paymentMethod: string;
  _chosen: Chosen;
}

export function choiceOf(host: ChoiceHost, summary: OrderSummaryResponse | undefined): Choice {
  const chosen = host._chosen;
  const auto = host.mode === 'auto';
  const method = auto ? chosenMethod(summary, chosen) : undefined;
  const apm = auto ? method?.flow === 'apm' : host.mode === 'apm';
  const mode: Mode = host.mode === 'auto' ? (apm ? 'apm' : 'checkout') : host.mode;
  const count = Number(chosen.installments);
  const offered = count > 1 && summary?.installments?.some((offer) => offer.count === count);
  return {
    mode,
    paymentMethod: auto ? (apm && method ? method.method : '') : host.paymentMethod,
    installments: !apm && offered ? count : undefined,
  };
}
