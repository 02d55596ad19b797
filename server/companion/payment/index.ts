/**
 * Starting a payment, read top to bottom as start.ts runs it: the widget's request (request.ts),
 * the merchant's price (priced-order.ts), the one request the service is sent, built and checked
 * before anything is stored (service-request.ts, from order-fields, payer, installments, methods
 * and saved-cards), the attempt claimed or reused by the attempt machine (start.ts), then sent
 * and its answer written (create-at-service.ts). May import settlement, core, observability,
 * store, attempt-machine and config; never the edge.
 */
export { installmentView, orderInstallments } from './installments.ts';
export { methodsFor } from './methods.ts';
export { orderFields, riskFields } from './order-fields.ts';
export { type Caller, type PaymentRequest } from './request.ts';
export { priceOrder } from './priced-order.ts';
export { savedCardView } from './saved-cards.ts';
export { shopperOf } from './shopper.ts';
export { startPayment } from './start.ts';
