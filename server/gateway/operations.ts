/**
 * The eleven operations of the interface as one table: path, request schema, response format and
 * schema, encodings, retry safety and batch limit. The client and the sandbox both read it.
 */
import type { z } from 'zod';
import type { Encoding } from './wire.ts';
import {
  ApmPaymentRequest,
  ApmPaymentResult,
  CheckoutPage,
  CheckoutRequest,
  DirectPaymentRequest,
  DirectPaymentResult,
} from './schemas/payment.ts';
import {
  BATCH_LIMITS,
  CancelOrder,
  CancelRequest,
  CancelResult,
  CancelSubscriptionRequest,
  CancelSubscriptionResult,
  CaptureOrder,
  CaptureRequest,
  CaptureResult,
  QueryResult,
  RefundOrder,
  RefundRequest,
  RefundResult,
  RefundSearchResult,
  ReviewOrder,
  ReviewRequest,
  ReviewResult,
  SearchRequest,
} from './schemas/batch.ts';
import { PayoutRecord, PayoutRequest } from './schemas/payout.ts';

/**
 * When a request may be sent again after a failure:
 * - `never-sent`: only when the connection was refused, so nothing reached the service;
 * - `always`: any transient failure (time-out, reset, 5xx), because repeating changes nothing
 *   (the queries) or the service de-duplicates it (the payout's request_id).
 */
export type RetrySafety = 'never-sent' | 'always';

/**
 * One operation of the service. `Request` and `Result` are what its schemas read: the table below
 * keeps each operation's own, and `Operations` gives them to code that names an operation by a
 * type parameter (the client's `call`), so nothing downstream casts.
 */
export interface Operation<Request = unknown, Result = unknown> {
  path: string;
  request: z.ZodType<Request>;
  /** `xml`: root `respon`; `json`: an object; `html`: the checkout page (no signature). */
  response: 'xml' | 'json' | 'html';
  /** What a successful answer reads as: the signed body, or the checkout page's form. */
  result: z.ZodType<Result>;
  /** What the interface's command-line samples send. */
  sample: Encoding;
  /** What the interface declares as the body's media type. */
  declared: Encoding;
  retry: RetrySafety;
  /** For batches: the array field and the most orders one request may carry. */
  batch?: { field: string; item: z.ZodType; limit: number };
}

export const OPERATIONS = {
  directPayment: {
    path: '/v1/authorise',
    request: DirectPaymentRequest,
    response: 'xml',
    result: DirectPaymentResult,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'never-sent',
  },
  apmPayment: {
    path: '/v1/authorise',
    request: ApmPaymentRequest,
    response: 'xml',
    result: ApmPaymentResult,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'never-sent',
  },
  checkout: {
    path: '/v1/checkout',
    request: CheckoutRequest,
    response: 'html',
    result: CheckoutPage,
    sample: 'json-as-form',
    declared: 'xml',
    retry: 'never-sent',
  },
  query: {
    path: '/v1/retrievalTrans',
    request: SearchRequest,
    response: 'json',
    result: QueryResult,
    sample: 'json-as-form',
    declared: 'form',
    retry: 'always',
  },
  capture: {
    path: '/v1/capture',
    request: CaptureRequest,
    response: 'json',
    result: CaptureResult,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'never-sent',
    batch: { field: 'capture_orders', item: CaptureOrder, limit: BATCH_LIMITS.capture },
  },
  review: {
    path: '/v1/review',
    request: ReviewRequest,
    response: 'json',
    result: ReviewResult,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'never-sent',
    batch: { field: 'review_orders', item: ReviewOrder, limit: BATCH_LIMITS.review },
  },
  cancel: {
    path: '/v1/cancel',
    request: CancelRequest,
    response: 'json',
    result: CancelResult,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'never-sent',
    batch: { field: 'cancel_orders', item: CancelOrder, limit: BATCH_LIMITS.cancel },
  },
  cancelSubscription: {
    path: '/v1/cancelsubscription',
    request: CancelSubscriptionRequest,
    response: 'json',
    result: CancelSubscriptionResult,
    sample: 'json-as-xml',
    declared: 'xml',
    retry: 'never-sent',
  },
  refund: {
    path: '/v1/refund',
    request: RefundRequest,
    response: 'json',
    result: RefundResult,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'never-sent',
    batch: { field: 'refund_orders', item: RefundOrder, limit: BATCH_LIMITS.refund },
  },
  refundSearch: {
    path: '/v1/retrievalRefund',
    request: SearchRequest,
    response: 'json',
    result: RefundSearchResult,
    sample: 'json-as-form',
    declared: 'form',
    retry: 'always',
  },
  payout: {
    path: '/v1/payout',
    request: PayoutRequest,
    response: 'json',
    result: PayoutRecord,
    sample: 'json-as-form',
    declared: 'json',
    retry: 'always',
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

/** Every operation's name, in the table's order. */
export const OPERATION_NAMES: readonly OperationName[] =
  Object.keys(OPERATIONS).filter(isOperationName);
/** The request operation `K` sends: every field, signed. */
export type RequestOf<K extends OperationName> = z.output<(typeof OPERATIONS)[K]['request']>;
/** What operation `K` answers once read, verified and checked. */
export type ResultOf<K extends OperationName> = z.output<(typeof OPERATIONS)[K]['result']>;
/**
 * The table by name, each entry typed by its own request and result. Indexed with a type
 * parameter `K` (`operations[name]`), an entry is `Operation<RequestOf<K>, ResultOf<K>>`, so its
 * schemas parse to K's types; indexing `typeof OPERATIONS` the same way gives a union instead.
 */
export type Operations = { [K in OperationName]: Operation<RequestOf<K>, ResultOf<K>> };
