/**
 * The eleven operations of the interface as one table: path, request schema, response format and
 * schema, encodings, retry safety and batch limit. The client and the sandbox both read it.
 */
import type { z } from 'zod';
import type { Encoding } from './wire.ts';
import {
  ApmPaymentRequest,
  ApmPaymentResult,
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

export interface Operation {
  path: string;
  request: z.ZodType;
  /** `xml`: root `respon`; `json`: an object; `html`: the checkout page. */
  response: 'xml' | 'json' | 'html';
  /** Absent for `html`, which carries no signature. */
  result?: z.ZodType;
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
