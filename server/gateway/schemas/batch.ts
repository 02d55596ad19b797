/**
 * Batch operations: query, capture, review, cancel, refund, refund search; and the
 * cancel-subscription request and result.
 */
import { z } from 'zod';
import {
  IS_3DS,
  OPERATION_STATUS,
  PAYMENT_STATUS,
  QUERY_RESULT,
  RECURRING_STATUS,
  REFUND_STATUS,
  RETURN_STATUS_OK,
  REVIEW_FLAG,
  REVIEW_STATUS,
  valuesOf,
} from '../statuses.ts';
import {
  checkAmounts,
  currencyCode,
  decimalString,
  optionalStrings,
  requiredStrings,
  signatureHex,
  status,
  timestamp14,
} from './formats.ts';

/** Orders per request, as the interface's Limits table gives them. */
export const BATCH_LIMITS = {
  query: 100,
  review: 100,
  refundSearch: 100,
  capture: 50,
  cancel: 50,
  refund: 50,
} as const;

const orderRef = {
  ...requiredStrings('transaction_id', 'order_no'),
  currency: currencyCode,
  amount: decimalString,
};

export const CaptureOrder = z
  .object(orderRef)
  .superRefine((item, ctx) => checkAmounts(item, ctx, ['amount']));
export type CaptureOrder = z.infer<typeof CaptureOrder>;

export const CancelOrder = CaptureOrder;
export type CancelOrder = CaptureOrder;

export const ReviewOrder = z
  .object({ ...orderRef, review_flag: z.enum(valuesOf(REVIEW_FLAG)) })
  .superRefine((item, ctx) => checkAmounts(item, ctx, ['amount']));
export type ReviewOrder = z.infer<typeof ReviewOrder>;

export const RefundOrder = z
  .object({ ...orderRef, refund_amount: decimalString, refund_reason: z.string().optional() })
  .superRefine((item, ctx) => checkAmounts(item, ctx, ['amount', 'refund_amount']));
export type RefundOrder = z.infer<typeof RefundOrder>;

const credentials = {
  ...requiredStrings('merchant_id', 'account_id'),
  encryption_data: signatureHex,
};

function batchRequest<const F extends string, T extends z.ZodType>(
  field: F,
  item: T,
  limit: number,
) {
  return z.object({
    ...credentials,
    [field]: z
      .array(item)
      .min(1, 'at least one order')
      .max(limit, `at most ${limit} orders per request`),
  } as typeof credentials & { [P in F]: z.ZodArray<T> });
}

export const CaptureRequest = batchRequest('capture_orders', CaptureOrder, BATCH_LIMITS.capture);
export type CaptureRequest = z.infer<typeof CaptureRequest>;
export const CancelRequest = batchRequest('cancel_orders', CancelOrder, BATCH_LIMITS.cancel);
export type CancelRequest = z.infer<typeof CancelRequest>;
export const ReviewRequest = batchRequest('review_orders', ReviewOrder, BATCH_LIMITS.review);
export type ReviewRequest = z.infer<typeof ReviewRequest>;
export const RefundRequest = batchRequest('refund_orders', RefundOrder, BATCH_LIMITS.refund);
export type RefundRequest = z.infer<typeof RefundRequest>;

/**
 * Query and refund search requests. The interface shows only merchant_id, account_id and
 * encryption_data ("how orders are selected: not shown"); the filters are this project's
 * documented extension. `order_no` may list up to 100 order numbers separated by commas.
 */
export const SearchRequest = z.object({
  ...credentials,
  order_no: z
    .string()
    .refine((list) => list.split(',').length <= BATCH_LIMITS.query, 'at most 100 order numbers')
    .optional(),
  transaction_id: z.string().optional(),
  date_from: timestamp14.optional(),
  date_to: timestamp14.optional(),
});
export type SearchRequest = z.infer<typeof SearchRequest>;
export type SearchFilters = Partial<
  Pick<SearchRequest, 'order_no' | 'transaction_id' | 'date_from' | 'date_to'>
>;

export const CancelSubscriptionRequest = z.object({
  ...credentials,
  ...requiredStrings('recurring_id', 'contract_name'),
});
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequest>;

export const QueryOrder = z.object({
  ...requiredStrings('order_no', 'amount', 'currency'),
  ...optionalStrings(
    'transaction_id',
    'antifraud_provider',
    'reference_no',
    'shopper_email',
    'shopper_phone',
    'the service',
    // Our extension (the sandbox's): the instalments the payment was made in.
    'installments',
    'installments_id',
  ),
  delivery_information: z
    .object(
      optionalStrings(
        'delivery_address', 'delivery_city', 'delivery_country', 'delivery_firstname',
        'delivery_lastname', 'delivery_postal_code', 'delivery_state',
      ), // prettier-ignore
    )
    .optional(),
  fraud_check_result: z.array(z.object(optionalStrings('check_items', 'status'))).optional(),
  is3ds: status(valuesOf(IS_3DS)).optional(),
  payment_status: status(valuesOf(PAYMENT_STATUS)),
  query_result: status(valuesOf(QUERY_RESULT)).optional(),
  subscription_result: z
    .object({
      ...optionalStrings(
        'contract_name',
        'recurring_deduction_period',
        'recurring_deduction_time',
        'recurring_id',
      ),
      recurring_status: status(valuesOf(RECURRING_STATUS)).optional(),
    })
    .optional(),
  transaction_date: timestamp14.optional(),
});
export type QueryOrder = z.infer<typeof QueryOrder>;

const perOrder = {
  ...requiredStrings('order_no', 'amount', 'currency'),
  transaction_id: z.string().optional(),
  error_message: z.string().optional(),
};

export const ReviewOrderResult = z.object({
  ...perOrder,
  review_flag: z.string().optional(),
  review_status: status(valuesOf(REVIEW_STATUS)),
});
export type ReviewOrderResult = z.infer<typeof ReviewOrderResult>;

export const CaptureOrderResult = z.object({
  ...perOrder,
  capture_status: status(valuesOf(OPERATION_STATUS)),
});
export type CaptureOrderResult = z.infer<typeof CaptureOrderResult>;

export const CancelOrderResult = z.object({
  ...perOrder,
  cancel_status: status(valuesOf(OPERATION_STATUS)),
});
export type CancelOrderResult = z.infer<typeof CancelOrderResult>;

export const RefundOrderResult = z.object({
  ...perOrder,
  ...optionalStrings(
    'refund_amount',
    'refund_message',
    'refund_reason',
    'refund_reference',
    'refund_reference_id',
  ),
  refund_status: status(valuesOf(OPERATION_STATUS)),
});
export type RefundOrderResult = z.infer<typeof RefundOrderResult>;

export const RefundRecord = z.object({
  ...requiredStrings('order_no', 'amount', 'currency', 'refund_amount'),
  ...optionalStrings(
    'transaction_id',
    'refund_reference',
    'refund_reason',
    'refund_reference_id',
    'refund_processing_date',
  ),
  refund_status: status(valuesOf(REFUND_STATUS)),
  payment_status: status(valuesOf(PAYMENT_STATUS)).optional(),
  refund_date: timestamp14.optional(),
});
export type RefundRecord = z.infer<typeof RefundRecord>;

/**
 * A batch result envelope. The per-order array may be missing only when the envelope failed as a
 * whole (return_status other than "1").
 */
function envelope<const F extends string, T extends z.ZodType>(field: F, item: T) {
  return z
    .object({
      ...requiredStrings('merchant_id', 'account_id', 'return_status'),
      return_message: z.string(),
      encryption_data: signatureHex,
      [field]: z.array(item).optional(),
    } as {
      merchant_id: z.ZodString;
      account_id: z.ZodString;
      return_status: z.ZodString;
      return_message: z.ZodString;
      encryption_data: typeof signatureHex;
    } & { [P in F]: z.ZodOptional<z.ZodArray<T>> })
    .superRefine((result, ctx) => {
      const ok = Reflect.get(result, 'return_status') === RETURN_STATUS_OK;
      if (ok && !Array.isArray(Reflect.get(result, field))) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'missing from a successful result',
        });
      }
    });
}

export const QueryResult = envelope('orders_list', QueryOrder);
export type QueryResult = z.infer<typeof QueryResult>;
export const ReviewResult = envelope('review_orders', ReviewOrderResult);
export type ReviewResult = z.infer<typeof ReviewResult>;
export const CaptureResult = envelope('capture_orders', CaptureOrderResult);
export type CaptureResult = z.infer<typeof CaptureResult>;
export const CancelResult = envelope('cancel_orders', CancelOrderResult);
export type CancelResult = z.infer<typeof CancelResult>;
export const RefundResult = envelope('refund_orders', RefundOrderResult);
export type RefundResult = z.infer<typeof RefundResult>;
export const RefundSearchResult = envelope('refund_orders', RefundRecord);
export type RefundSearchResult = z.infer<typeof RefundSearchResult>;

export const CancelSubscriptionResult = z.object({
  ...requiredStrings('merchant_id', 'account_id', 'recurring_id', 'contract_name'),
  cancel_status: status(valuesOf(OPERATION_STATUS)),
  error_message: z.string().optional(),
  encryption_data: signatureHex,
});
export type CancelSubscriptionResult = z.infer<typeof CancelSubscriptionResult>;
