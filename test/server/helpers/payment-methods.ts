/** A merchant's payment methods, for the tests of their ranking and of the order summary. */
import type { PaymentMethodConfig } from 'acquiring-checkout-server/companion';

export const METHODS: PaymentMethodConfig[] = [
  { method: 'card' },
  {
    method: 'PIX',
    currencies: ['BRL'],
    countries: ['BR'],
    payerDocument: 'CPF',
    mobileFirst: true,
  },
  { method: 'BOLETO', currencies: ['BRL'], countries: ['BR'], payerDocument: 'CPF' },
  { method: 'OXXO', currencies: ['MXN'], countries: ['MX'] },
  { method: 'PAYPAL', mobileFirst: true },
];
