/**
 * The contract between the widget and the companion: what the widget sends, what it gets back.
 * Defined once, imported by both sides; zod/mini and no Node imports, so the browser bundle can
 * use it. The browser never sends an amount: the companion resolves it from `order_ref`.
 */
import * as z from 'zod/mini';

const text = (max: number, message: string) =>
  z.string().check(z.minLength(1, message), z.maxLength(max, message));
const optionalText = (max: number) =>
  z.optional(z.string().check(z.maxLength(max, `at most ${max} characters`)));
const country = z.string().check(z.regex(/^[A-Z]{2}$/, 'a two-letter country code'));

export const Address = z.object({
  country,
  state: optionalText(64),
  city: text(64, 'the city'),
  address: text(128, 'the street address'),
  postal_code: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 -]{2,12}$/, 'a postal code'))),
});
export type Address = z.infer<typeof Address>;

/** The shopper fields; which are shown and required is the merchant's choice, so all are optional here. */
export const Shopper = z.object({
  email: z.optional(z.email('an email address like name@example.com')),
  first_name: z.optional(text(64, 'the first name')),
  last_name: z.optional(text(64, 'the last name')),
  phone: z.optional(z.string().check(z.regex(/^\+?[0-9 ().-]{6,20}$/, 'a phone number'))),
  billing: z.optional(Address),
  delivery: z.optional(
    z.extend(Address, { first_name: optionalText(64), last_name: optionalText(64) }),
  ),
});
export type Shopper = z.infer<typeof Shopper>;

/** Device data, with the interface's field names. */
export const DeviceData = z.object({
  os: optionalText(64),
  browser: optionalText(512),
  browser_lang: optionalText(35),
  time_zone: optionalText(64),
  resolution: z.optional(z.string().check(z.regex(/^\d{1,5}x\d{1,5}$/, 'WIDTHxHEIGHT'))),
  color_depth: z.optional(z.string().check(z.regex(/^\d{1,2}$/, 'a number of bits'))),
  user_agent: optionalText(512),
  checkout_time: z.optional(z.int()),
  session_id: optionalText(64),
  cookie_new: optionalText(512),
  cookie_old: optionalText(512),
  platform_source: optionalText(32),
  device_type: optionalText(32),
  device_fingerprint: optionalText(128),
});
export type DeviceData = z.infer<typeof DeviceData>;

const orderRef = z
  .string()
  .check(z.regex(/^[A-Za-z0-9._-]{1,48}$/, 'letters, digits, dot, dash or underscore, at most 48'));
/** One per payment attempt, made by the widget: a retried request with the same key is the same attempt. */
const attemptKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, '8 to 64 letters, digits or dashes'));
const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s) address' });

const common = {
  order_ref: orderRef,
  attempt_key: attemptKey,
  shopper: z.optional(Shopper),
  device: z.optional(DeviceData),
  /** The storefront page to come back to after a redirect (fallback, APM). */
  return_url: z.optional(httpUrl),
};

/** POST /api/checkout-sessions */
export const CheckoutSessionRequest = z.object(common);
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequest>;

/** POST /api/apm-payments */
export const ApmPaymentRequest = z.object({
  ...common,
  payment_method: text(32, 'the payment method'),
  bank_code: optionalText(32),
  document_number: optionalText(32),
});
export type ApmPaymentRequest = z.infer<typeof ApmPaymentRequest>;

/** POST /api/card-payments (only when the merchant enabled direct card payments). */
export const CardPaymentRequest = z.object({
  ...common,
  card: z.object({
    number: z.string().check(z.regex(/^\d{12,19}$/, '12 to 19 digits')),
    expiry_month: z.string().check(z.regex(/^(0[1-9]|1[0-2])$/, 'a month 01 to 12')),
    expiry_year: z.string().check(z.regex(/^\d{4}$/, 'a four-digit year')),
    security_code: z.string().check(z.regex(/^\d{3,4}$/, '3 or 4 digits')),
    name: optionalText(64),
  }),
});
export type CardPaymentRequest = z.infer<typeof CardPaymentRequest>;

/**
 * The companion's order statuses: the service's payment_status, plus `created` (no payment yet)
 * and `unknown` (the service may have acted; being settled by a query).
 */
export const ORDER_STATUSES = [
  'created', 'pending', 'authorised', 'review', 'captured', 'partially_refunded', 'refunded',
  'cancelled', 'declined', 'failed', 'unknown',
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
  /** apm: where to send the payer. */
  issuer_url?: string;
  expires_at?: number;
}

/** GET /api/orders/:order_ref (with the status token). */
export interface OrderStatusResponse {
  order_ref: string;
  order_no: string | null;
  status: OrderStatus;
  transaction_id: string | null;
  amount: string;
  currency: string;
  result_info: string | null;
}

/** Errors are application/problem+json; `retryable` tells the widget it may try again. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  retryable?: boolean;
  issues?: { path: string; message: string }[];
}

/** The message the companion's return page posts to the storefront. */
export const RETURN_MESSAGE_TYPE = 'acquiring-checkout:return';
export interface ReturnMessage {
  type: typeof RETURN_MESSAGE_TYPE;
  order_ref: string;
}
