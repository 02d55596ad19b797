/**
 * Every value of every status field the interface names, with its meaning.
 *
 * The interface leaves the values "not shown", so these are this project's decisions, kept in this
 * one place. The sandbox's state machine (server/sandbox/state-machine.ts) adds the transitions.
 * A value not listed here is kept as itself by the schemas, never refused.
 */

/** `order_status` of the direct payment result: a code. */
export const ORDER_STATUS = {
  '0': 'failed or declined',
  '1': 'authorised (or paid, for a sale)',
  '2': 'pending: waiting for the shopper, 3-D Secure or the payment method',
  '3': 'held for review by risk management',
} as const;

/** `payment_status` of the query and refund search results: the life of a payment. */
export const PAYMENT_STATUS = {
  pending: 'created; waiting for the shopper, 3-D Secure or the payment method',
  authorised: 'authorised; can be captured or cancelled',
  review: 'held for review; can be approved or rejected',
  captured: 'captured; can be refunded',
  partially_refunded: 'captured, and refunded in part',
  refunded: 'captured and refunded in full',
  cancelled: 'cancelled before capture, or rejected in review',
  declined: 'declined by the issuer or the risk rules',
  failed: 'a processing error, or the shopper abandoned it',
} as const;

/** `query_result`: how the payment ended for the shopper. */
export const QUERY_RESULT = {
  success: 'the payment went through',
  failure: 'the payment did not go through',
  pending: 'no outcome yet',
} as const;

/** `is3ds`: whether 3-D Secure authenticated the payment. */
export const IS_3DS = { '1': 'authenticated with 3-D Secure', '0': 'without 3-D Secure' } as const;

/** `review_flag` of a review request and result: the decision asked for. */
export const REVIEW_FLAG = { approve: 'accept the held payment', reject: 'refuse it' } as const;

/** `review_status` of a review result. */
export const REVIEW_STATUS = {
  approved: 'the payment is authorised',
  rejected: 'the payment is cancelled',
  failed: 'not reviewed; see error_message',
} as const;

/** `capture_status`, `cancel_status` (batch and subscription) and `refund_status` of a result. */
export const OPERATION_STATUS = {
  success: 'done',
  failed: 'not done; see error_message or refund_message',
} as const;

/** `refund_status` of a refund search record. */
export const REFUND_STATUS = {
  success: 'refunded',
  pending: 'accepted, not yet settled',
  failed: 'not refunded',
} as const;

/** `recurring_status` in a query's subscription_result. */
export const RECURRING_STATUS = {
  active: 'charged at every period',
  cancelled: 'never charged again',
  completed: 'every billing cycle has been charged',
} as const;

/** `status` of a payout record. */
export const PAYOUT_STATUS = {
  pending: 'accepted; not yet paid out',
  completed: 'paid to the beneficiary',
  failed: 'not paid; see failure_reason and failure_type',
} as const;

/** `risk_action` of the direct payment result. */
export const RISK_ACTION = {
  accept: 'passed the risk rules',
  review: 'held for manual review',
  reject: 'refused by the risk rules',
} as const;

type Values<T> = Extract<keyof T, string>;
export type OrderStatus = Values<typeof ORDER_STATUS>;
export type PaymentStatus = Values<typeof PAYMENT_STATUS>;
export type QueryResultValue = Values<typeof QUERY_RESULT>;
export type ReviewFlag = Values<typeof REVIEW_FLAG>;
export type ReviewStatus = Values<typeof REVIEW_STATUS>;
export type OperationStatus = Values<typeof OPERATION_STATUS>;
export type RefundStatus = Values<typeof REFUND_STATUS>;
export type RecurringStatus = Values<typeof RECURRING_STATUS>;
export type PayoutStatus = Values<typeof PAYOUT_STATUS>;
export type RiskAction = Values<typeof RISK_ACTION>;

/** The known values of a status table, for schemas and documentation. */
export function valuesOf<T extends object>(table: T): Values<T>[] {
  return Object.keys(table) as Values<T>[];
}

/** The success value of a batch envelope's `return_status` (the interface shows "1" with "OK"). */
export const RETURN_STATUS_OK = '1';
