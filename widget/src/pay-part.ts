/**
 * What Pay needs and the first paint does not, a part of its own (lazy.ts;
 * `acquiring-checkout.schema.js` beside the script-tag file), asked for as the element connects
 * and awaited at Pay: the form's checks (the shopper schema in zod/mini, most of the part's size;
 * the payer's document, cpf.ts) and the request it sends (attempt-request.ts: the challenge
 * window, the payer, the device data), Pay's words for the order's amount (money.ts), and the session prepared
 * before Pay (prepare.ts) with its page (page-ahead.ts).
 */
import type { Payer } from './contract.ts';
import { formatCpf, isCpf } from './cpf.ts';
import type { Messages } from './messages-type.ts';

export * from './shopper-schema.ts';
export { challengeWindowOf } from './challenge-window.ts';
export { collectDeviceData } from './device-data.ts';
// The request Pay sends, worked out from the form, its options and the device data.
export { checkoutRequest, requestAttempt } from './attempt-request.ts';
// Pay's words for the amount: asked for with this part as the element connects, like the
// order's summary they word, so the script-tag file carries neither.
export { formatMoney, payLabel } from './money.ts';
// The checkout session Pay would start, started once the form is valid: Pay then waits only for
// the payment page. The form's checks come first, so the part is here by then.
export { SessionPreparer } from './prepare.ts';
// The payment page loaded out of sight once that session is there: Pay shows it painted.
export { PageAhead } from './page-ahead.ts';
// The payment page's styles: it opens only after Pay (or Continue), which await this part, so the
// script-tag file does not carry them (parts-controller.ts adopts them as the part arrives).
export { paymentPageStyles } from './payment-page.styles.ts';

/** The field of the payer's document (payer-document.ts). */
const DOCUMENT = 'payer.document';

/** The payer's document refused, if it is given and is no CPF (an empty one is `required`'s). */
export function checkPayer(values: Record<string, string>): Record<string, keyof Messages> {
  const document = values[DOCUMENT]?.trim();
  return document && !isCpf(document) ? { [DOCUMENT]: 'cpf_invalid' } : {};
}

/** A field's value as it should read while typed: the CPF grouped as `000.000.000-00`. */
export function formatPayerField(name: string, value: string): string {
  return name === DOCUMENT ? formatCpf(value) : value;
}

/** What the request carries of the payer: the CPF typed (the field is shown only when needed). */
export function payerOf(values: Record<string, string>): Payer | undefined {
  const document_number = values[DOCUMENT]?.trim();
  return document_number ? { document_number, document_type: 'CPF' } : undefined;
}
