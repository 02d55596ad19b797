/**
 * How the demo shop may be paid, beyond the card: PIX for orders in reais (ranked first for them,
 * and on a phone), a bank transfer (the storefront's APM) for any order, and instalments
 * for orders in reais. The same for `npm start`, the hosted demo and the tests that run them.
 */
import type { CompanionConfig } from 'acquiring-checkout-server/companion';

export const PAYMENT_OPTIONS = {
  paymentMethods: [
    { method: 'card' },
    // PIX is a payment in reais by a payer with a CPF (the element asks for it), wherever the
    // billing address is: no country limit, so the demo's shopper in London can try it.
    {
      method: 'PIX',
      currencies: ['BRL'],
      payerDocument: 'CPF',
      mobileFirst: true,
    },
    { method: 'BANK_TRANSFER' },
  ],
  installments: { BRL: { counts: [1, 2, 3, 6, 12], minimum: '5.00' } },
} satisfies Pick<CompanionConfig, 'paymentMethods' | 'installments'>;
