/**
 * The payer's document, for the payment methods that need one (issue #14, item 5): PIX needs the
 * payer's CPF. The element shows the field in `apm` mode for such a method, checks it before any
 * request (pay-part.ts, in the schema part) and sends it as `payer: { document_number,
 * document_type: 'CPF' }`; the companion checks it again and passes it to the service as `person`.
 */
import type { FieldSpec } from './fields.ts';

/** The CPF field. Numeric keypad; no autocomplete token exists for a taxpayer number. */
export const DOCUMENT_FIELD: FieldSpec = {
  name: 'payer.document',
  label: 'cpf',
  autocomplete: 'off',
  type: 'text',
  inputmode: 'numeric',
};

/**
 * Whether paying by `method` asks the payer for their CPF. Given one of the order summary's methods
 * (`WIDGET_ROUTES.orderSummary`, `methods[]`), its own word: `payer_document: 'CPF'`. Given
 * a method's name alone (the `payment-method` attribute), PIX does, as the companion's default is.
 */
export function needsPayerDocument(method: string | { method: string; payer_document?: string }) {
  if (typeof method !== 'string') return method.payer_document === 'CPF';
  return method.toUpperCase() === 'PIX';
}
