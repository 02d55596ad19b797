/**
 * How the demo shop may be paid, beyond the card: PIX for Brazilian orders in reais (ranked first
 * there, and on a phone), a bank transfer (the storefront's APM) for any order, and instalments
 * for orders in reais. The same for `npm start`, the hosted demo and the tests that run them.
 */
import type { CompanionConfig } from 'acquiring-checkout-server/companion';

export const PAYMENT_OPTIONS = {
  paymentMethods: [
    { method: 'card' },
    // PIX asks for the payer's CPF, which the element does not ask for yet: it is shown in
    // mode="auto", and the companion refuses a payment by it without one.
    {
      method: 'PIX',
      currencies: ['BRL'],
      countries: ['BR'],
      payerDocument: 'CPF',
      mobileFirst: true,
    },
    { method: 'BANK_TRANSFER' },
  ],
  installments: { BRL: { counts: [1, 2, 3, 6, 12], minimum: '5.00' } },
} satisfies Pick<CompanionConfig, 'paymentMethods' | 'installments'>;
