/**
 * Starting a payment, read top to bottom: start.ts (the attempt claimed or reused, by the attempt
 * machine), priced-order.ts (the merchant's price), the fields the service is sent (order-fields,
 * payment-fields, payer, installments, methods, saved-cards), and create-at-service.ts (the
 * request to the service and what its answer writes). May import settlement, core,
 * observability, store, attempt-machine and config; never the edge.
 */
export { installmentView, orderInstallments } from './installments.ts';
export { methodsFor } from './methods.ts';
export { orderFields, riskFields } from './order-fields.ts';
export { type Caller, type PaymentRequest } from './payment-fields.ts';
export { priceOrder } from './priced-order.ts';
export { savedCardView } from './saved-cards.ts';
export { shopperOf } from './shopper.ts';
export { startPayment } from './start.ts';
