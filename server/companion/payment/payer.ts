/**
 * The payer's document for an APM that needs it: PIX needs the payer's CPF (by default, or as
 * `paymentMethods` configures each method). The companion checks it, so a payment the service
 * would refuse is refused here with the field named, and sends it as the service's `person`.
 */
import type { ApmPaymentRequest, PayerDocumentType } from 'acquiring-checkout/contract';
import { cpfDigits, formatCpf, isCpf, type Person } from '../../gateway/index.ts';
import type { CompanionConfig } from '../config/index.ts';
import { refusal, type Problem } from '../core/index.ts';

/** Which document each method needs when `paymentMethods` does not say. */
const BUILT_IN: Readonly<Record<string, PayerDocumentType>> = { PIX: 'CPF' };

/** The document `method` needs from the payer, or undefined. */
export function payerDocumentOf(
  config: Pick<CompanionConfig, 'paymentMethods'>,
  method: string,
): PayerDocumentType | undefined {
  const entry = config.paymentMethods?.find((m) => m.method.toUpperCase() === method.toUpperCase());
  const document = entry?.payerDocument ?? BUILT_IN[method.toUpperCase()];
  return document === 'none' ? undefined : document;
}

function invalid(path: string, message: string): Problem {
  return refusal(400, 'Invalid request', path, message);
}

/**
 * The service's `person` for an APM request, or undefined when the method needs none and none
 * was given; a 400 naming `payer.document_number` when a needed document is missing or invalid.
 */
export function payerPerson(
  config: Pick<CompanionConfig, 'paymentMethods'>,
  body: ApmPaymentRequest,
): Person | undefined {
  const needed = payerDocumentOf(config, body.payment_method);
  const given = body.payer?.document_number ?? body.document_number;
  const type = body.payer?.document_type ?? needed;
  if (needed && !given)
    throw invalid('payer.document_number', `${body.payment_method} needs the payer's ${needed}`);
  if (!given) return undefined;
  if (needed && type !== needed)
    throw invalid('payer.document_type', `${body.payment_method} needs a ${needed}`);
  if (type === 'CPF') {
    const digits = cpfDigits(given);
    if (!digits || !isCpf(digits))
      throw invalid('payer.document_number', 'not a valid CPF: its check digits do not match');
    return { document_number: digits, document_type: 'CPF' };
  }
  return { document_number: given, ...(type ? { document_type: type } : {}) };
}

/** `person` as the operations console shows it: the document masked but for its ends. */
export function maskedPerson(person: Person): Person {
  const number = person.document_number ?? '';
  const shown =
    person.document_type === 'CPF' && cpfDigits(number)
      ? formatCpf(number).replace(/^(\d{3})\.\d{3}\.\d{3}/, '$1.***.***')
      : `${'*'.repeat(Math.max(0, number.length - 2))}${number.slice(-2)}`;
  return { ...person, document_number: shown };
}
