/**
 * The zod-free half of the widget↔companion contract: the shapes of what the widget sends and
 * gets back, statuses, errors and the return message (contract.ts re-exports it, with the
 * schemas that check these shapes). Plain interfaces, so the package's public types need no zod.
 */

/** A postal address, as the shopper types it. */
export interface Address {
  /** ISO 3166-1 alpha-2: `GB`. */
  country: string;
  state?: string;
  city: string;
  address: string;
  postal_code?: string;
}

/** The shopper fields; which are shown and required is the merchant's choice, so all are optional. */
export interface Shopper {
  email?: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  billing?: Address;
  delivery?: Address & { first_name?: string; last_name?: string };
}

/** Device data, with the interface's field names. */
export interface DeviceData {
  os?: string;
  browser?: string;
  browser_lang?: string;
  time_zone?: string;
  /** `WIDTHxHEIGHT`. */
  resolution?: string;
  color_depth?: string;
  user_agent?: string;
  checkout_time?: number;
  session_id?: string;
  cookie_new?: string;
  cookie_old?: string;
  platform_source?: string;
  device_type?: string;
  device_fingerprint?: string;
}

/**
 * The companion's order statuses: the service's payment_status, plus `created` (no payment yet),
 * `unknown` (the service may have acted; being settled by a query) and `expired` (left unpaid
 * past the companion's attempt lifetime; no longer queried).
 */
export const ORDER_STATUSES = [
  'created', 'pending', 'authorised', 'review', 'captured', 'partially_refunded', 'refunded',
  'cancelled', 'declined', 'failed', 'unknown', 'expired',
] as const; // prettier-ignore
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses after which the shopper has paid (the merchant may still capture or refund). */
export const PAID_STATUSES: readonly OrderStatus[] = [
  'authorised',
  'captured',
  'partially_refunded',
  'refunded',
  'review',
];

/** What a session or payment request answers. */
export interface SessionResponse {
  order_ref: string;
  order_no: string;
  /** Reads this order's status, and only this order's. */
  status_token: string;
  status: OrderStatus;
  /** checkout: the one-time address of the hosted page, for the iframe's `src`. */
  frame_url?: string;
  /**
   * checkout: the service's form that opens its hosted page (the page the service answered, as a
   * form), which the widget posts into its frame as the session comes (page-ahead.ts): the page
   * then loads with no hop through `frame_url`. Absent when the service's page refuses to be
   * framed by the storefront, or its answer holds no form: `frame_url` is the way then.
   */
  page_form?: PageForm;
  /** apm: where to send the payer. */
  issuer_url?: string;
  expires_at?: number;
}

/** GET `WIDGET_ROUTES.orderStatus` (with the status token). */
export interface OrderStatusResponse {
  order_ref: string;
  order_no: string | null;
  status: OrderStatus;
  transaction_id: string | null;
  amount: string;
  currency: string;
  result_info: string | null;
}

/** The payer documents a payment method may need (a CPF for PIX), by the service's `document_type`. */
export const PAYER_DOCUMENT_TYPES = ['CPF'] as const;
export type PayerDocumentType = (typeof PAYER_DOCUMENT_TYPES)[number];

/** A subscription's terms: what is charged, and how often. */
export interface SubscriptionTerms {
  contract_name: string;
  /** A decimal string in the order's currency: `"15.00"`. */
  contract_amount: string;
  interval: 'day' | 'week' | 'month' | 'year';
  /** Every `interval_count` intervals: 3 with `month` is every 3 months. */
  interval_count: number;
  billing_cycle?: number;
}

/** A count of instalments the order may be paid in, each amount a decimal string. */
export interface InstallmentOffer {
  count: number;
  /** The first instalment: it carries the remainder of the division. */
  first: string;
  /** Each of the others. */
  each: string;
}

/** A way to pay the order, as the companion ranked it for the shopper. */
export interface PaymentMethodOffer {
  /** `card`, or the APM's code (`PIX`…). */
  method: string;
  /** `checkout`: the card on the hosted page; `apm`: the method's own page. */
  flow: 'checkout' | 'apm';
  /** The payer's document the method needs, which the widget must ask for. */
  payer_document?: PayerDocumentType;
}

/**
 * GET `WIDGET_ROUTES.orderSummary` (`?country=BR&device=mobile`): what the widget shows before
 * Pay, from the merchant's resolveOrder. Amounts are decimal strings, never numbers.
 */
export interface OrderSummaryResponse {
  order_ref: string;
  /** A decimal string in the currency's minor unit: `"49.00"`. */
  amount: string;
  /** ISO 4217: `"USD"`. */
  currency: string;
  subscription?: SubscriptionTerms;
  /** Only when the order may be paid in instalments; the first is the smallest count. */
  installments?: InstallmentOffer[];
  /** Ranked for the shopper's country and device, best first. */
  methods: PaymentMethodOffer[];
}

/** Errors are application/problem+json; `retryable` tells the widget it may try again. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  retryable?: boolean;
  /** Seconds to wait before the same request (the companion is creating or recovering it). */
  retry_after?: number;
  issues?: { path: string; message: string }[];
}

/** The service's form that opens its hosted page: what its checkout answer posts, as it posts it. */
export interface PageForm {
  action: string;
  /** `post`, as the interface says; a form of another method is posted as it says. */
  method: string;
  /** The form's inputs, by name (all of them hidden). */
  fields: Record<string, string>;
}

/** The message the companion's return page posts to the storefront. */
export const RETURN_MESSAGE_TYPE = 'acquiring-checkout:return';
/** The message the companion's payment page posts when the service's page refuses the frame. */
export const FRAMING_REFUSED_MESSAGE_TYPE = 'acquiring-checkout:framing-refused';
export interface ReturnMessage {
  type: typeof RETURN_MESSAGE_TYPE | typeof FRAMING_REFUSED_MESSAGE_TYPE;
  order_ref: string;
}
