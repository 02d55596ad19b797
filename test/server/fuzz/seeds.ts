/**
 * One valid request body per route the fuzzer sends a body to, each typed by the table it is for
 * (the widget's routes, the operations table, the service's operations), so a route added to a
 * table without a seed does not compile; fuzz.test.ts checks each against its schema.
 */
import type { WidgetRoute } from 'acquiring-checkout/contract';
import type { OPERATIONS as OPS } from '../../../server/companion/http/routes/operations-table.ts';
import type { OperationName } from '../../../server/gateway/operations.ts';
import { PAYOUT, sessionBody } from '../helpers/companion.ts';
import { cardPayment, MERCHANT } from '../helpers/sandbox.ts';

type Body = Record<string, unknown>;

const order = sessionBody('mug.fuzz');

/** The widget's routes that take a body (POST); the others are read with a path and a query. */
export const WIDGET_SEEDS = {
  checkoutSessions: order,
  apmPayments: { ...order, payment_method: 'pix', payer: { document_type: 'CPF', document_number: '529.982.247-25' } },
  cardPayments: { ...order, card: { number: '4111111111111111', expiry_month: '12', expiry_year: '2030', security_code: '123' } },
  savedCardPayments: { ...order, card_id: 'sc_0123456789abcdefgh' },
} satisfies Partial<Record<WidgetRoute, Body>>; // prettier-ignore

const orders = (extra: Body = {}) => ({ orders: [{ order_ref: 'mug.fuzz', ...extra }] });

/** Every operation of the operations API. */
export const OPERATION_SEEDS: Record<keyof typeof OPS, Body> = {
  query: { order_no: 'mug.fuzz-1', date_from: '20260101000000' },
  'refund-search': { transaction_id: 'T-fuzz' },
  capture: orders({ amount: '1.00' }),
  cancel: orders(),
  review: orders({ decision: 'approve' }),
  refund: orders({ amount: '1.00', reason: 'fuzz' }),
  'cancel-subscription': { order_ref: 'mug.fuzz' },
  payouts: PAYOUT,
  'direct-payments': { order_ref: 'mug.fuzz', token_id: 'tok-fuzz' },
  reconcile: {},
};

/** A notification the sandbox would send about an order. */
export const NOTIFICATION_SEED: Body = {
  notification_id: 'N1', event: 'payment.succeeded', sequence: 1, merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id,
  order_no: 'mug.fuzz-1', amount: '10.50', currency: 'USD', payment_status: 'succeeded', event_time: '20261125100000',
}; // prettier-ignore

const ids = { merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id };
const named = { transaction_id: 'T-fuzz', order_no: 'fuzz-1', currency: 'USD', amount: '10.50' };

/** Every operation of the service, as the sandbox takes it (signed by the fuzzer before sending). */
export const SERVICE_SEEDS: Record<OperationName, Body> = {
  directPayment: { ...ids, ...cardPayment('fuzz-direct') },
  apmPayment: { ...ids, order_no: 'fuzz-apm', currency: 'BRL', amount: '10.00', payment_method: 'pix', return_url: 'http://shop.test/back', person: { document_number: '52998224725', document_type: 'CPF' } },
  checkout: { ...ids, order_no: 'fuzz-checkout', currency: 'USD', amount: '10.50', return_url: 'http://shop.test/back' },
  query: { ...ids, order_no: 'fuzz-direct' },
  capture: { ...ids, capture_orders: [named] },
  review: { ...ids, review_orders: [{ ...named, review_flag: 'approve' }] },
  cancel: { ...ids, cancel_orders: [named] },
  cancelSubscription: { ...ids, recurring_id: 'R-fuzz', contract_name: 'fuzz' },
  refund: { ...ids, refund_orders: [{ ...named, refund_amount: '1.00' }] },
  refundSearch: { ...ids, transaction_id: 'T-fuzz' },
  payout: { ...ids, request_id: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f', ...PAYOUT },
}; // prettier-ignore
