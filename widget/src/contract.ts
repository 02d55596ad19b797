/**
 * The contract between the widget and the companion: what the widget sends, what it gets back.
 * Defined once, imported by both sides; zod/mini and no Node imports, so the browser bundle can
 * use it. The browser never sends an amount: the companion resolves it from `order_ref`.
 */
import * as z from 'zod/mini';
import { PAYER_DOCUMENT_TYPES } from './protocol.ts';
import { DeviceData, optionalText, Shopper, text } from './shopper-schema.ts';

export * from './shopper-schema.ts';
export { WIDGET_API, WIDGET_ROUTES, type WidgetRoute } from './routes.ts';
export {
  ORDER_STATUSES,
  PAID_STATUSES,
  RETURN_MESSAGE_TYPE,
  FRAMING_REFUSED_MESSAGE_TYPE,
  type PageForm,
  type OrderStatus,
  type SessionResponse,
  type OrderStatusResponse,
  type Problem,
  type ReturnMessage,
  PAYER_DOCUMENT_TYPES,
  type PayerDocumentType,
  type SubscriptionTerms,
  type InstallmentOffer,
  type PaymentMethodOffer,
  type OrderSummaryResponse,
} from './protocol.ts';

/** The EMV 3-D Secure challenge window size codes, smallest first; `05` is the full screen. */
export const CHALLENGE_WINDOW_SIZES = ['01', '02', '03', '04', '05'] as const;
export type ChallengeWindowSize = (typeof CHALLENGE_WINDOW_SIZES)[number];

/** The merchant's order reference: in bodies, and in the companion's paths (`:order_ref`). */
export const OrderRef = z.string().check(
  // Never dots alone: `.` and `..` in an address's path are its folders (the order resolver's).
  z.regex(
    /^(?!\.+$)[A-Za-z0-9._-]{1,48}$/,
    'letters, digits, dot, dash or underscore, at most 48, not dots alone',
  ),
);
/** One per payment attempt, made by the widget: a retried request with the same key is the same attempt. */
const attemptKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, '8 to 64 letters, digits or dashes'));
const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s) address' });
/**
 * Made by the widget once per order and tab, and never shown: the first request for an order
 * binds the order to it, and every later request for that order must carry it (as Stripe's
 * client_secret binds a PaymentIntent to the page that holds it).
 */
const clientSecret = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, '32 to 128 letters, digits, dashes or underscores'));

const common = {
  order_ref: OrderRef,
  attempt_key: attemptKey,
  client_secret: clientSecret,
  shopper: z.optional(Shopper),
  device: z.optional(DeviceData),
  /** The storefront page to come back to after a redirect (fallback, APM). */
  return_url: z.optional(httpUrl),
  /**
   * The 3-D Secure challenge window the frame has room for (EMV 3-D Secure codes): `01` 250×400,
   * `02` 390×400, `03` 500×600, `04` 600×400, `05` full screen. Sent with card and checkout payments.
   */
  challenge_window_size: z.optional(z.enum(CHALLENGE_WINDOW_SIZES, 'a window size code 01 to 05')),
  /**
   * The element's locale (a BCP 47 tag such as `pt-BR`): the language the shopper reads. The
   * companion sends it as `browser_lang`, the interface's one language field, which the service's
   * pages (card, 3-D Secure, PIX) speak; without it, the browser's language goes.
   */
  locale: z.optional(
    z
      .string()
      .check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, 'a language tag such as pt-BR')),
  ),
};

/**
 * How many instalments the shopper chose (card and checkout): one the order summary offered
 * (`installments[].count`). Absent or 1: a single payment.
 */
const installments = z.optional(
  z
    .int('a whole number of instalments')
    .check(
      z.minimum(1, 'a whole number of instalments from 1 to 99'),
      z.maximum(99, 'a whole number of instalments from 1 to 99'),
    ),
);

/**
 * The shopper ticked "Save this card for next time" (never ticked by default): the service
 * stores the card and the companion keeps its token for the signed-in shopper, with this consent.
 */
const saveCard = z.optional(z.boolean('true or false'));

/** POST `WIDGET_ROUTES.checkoutSessions` */
export const CheckoutSessionRequest = z.object({ ...common, installments, save_card: saveCard });
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequest>;

/**
 * The payer, for an APM that needs them: the document the method asks for (the companion says
 * which). A CPF may be written 000.000.000-00 or as eleven digits; the companion checks its
 * check digits.
 */
export const Payer = z.object({
  document_number: text(32, 'the document number'),
  document_type: z.optional(z.enum(PAYER_DOCUMENT_TYPES, 'a document type the companion knows')),
});
export type Payer = z.infer<typeof Payer>;

/** POST `WIDGET_ROUTES.apmPayments` */
export const ApmPaymentRequest = z.object({
  ...common,
  payment_method: text(32, 'the payment method'),
  bank_code: optionalText(32),
  payer: z.optional(Payer),
  /** Kept for compatibility: the payer's document without its type; prefer `payer`. */
  document_number: optionalText(32),
});
export type ApmPaymentRequest = z.infer<typeof ApmPaymentRequest>;

/** POST `WIDGET_ROUTES.cardPayments` (only when the merchant enabled direct card payments). */
export const CardPaymentRequest = z.object({
  ...common,
  installments,
  save_card: saveCard,
  card: z.object({
    number: z.string().check(z.regex(/^\d{12,19}$/, '12 to 19 digits')),
    expiry_month: z.string().check(z.regex(/^(0[1-9]|1[0-2])$/, 'a month 01 to 12')),
    expiry_year: z.string().check(z.regex(/^\d{4}$/, 'a four-digit year')),
    security_code: z.string().check(z.regex(/^\d{3,4}$/, '3 or 4 digits')),
    name: optionalText(64),
  }),
});
export type CardPaymentRequest = z.infer<typeof CardPaymentRequest>;

/** A saved card's handle: the service's token never reaches the browser. */
export const CardId = z
  .string()
  .check(z.regex(/^sc_[A-Za-z0-9_-]{16,64}$/, 'a saved card of this shopper'));

/**
 * POST `WIDGET_ROUTES.savedCardPayments`: pays with one of the signed-in shopper's saved cards (a listed
 * `card_id`); no card data in the browser.
 */
export const SavedCardPaymentRequest = z.object({ ...common, installments, card_id: CardId });
export type SavedCardPaymentRequest = z.infer<typeof SavedCardPaymentRequest>;

/** One saved card, as GET `WIDGET_ROUTES.savedCards` lists it. */
export interface SavedCard {
  card_id: string;
  /** `visa`, `mastercard`, `amex`, or `card` when the number says no more. */
  brand: string;
  last4: string;
  /** `MM`. */
  expiry_month: string;
  /** `YYYY`. */
  expiry_year: string;
  /** ISO 8601: when the shopper saved it. */
  saved_at: string;
}

/** GET `WIDGET_ROUTES.savedCards`: `signed_in` false for an anonymous shopper, who has no cards and may save none. */
export interface SavedCardsResponse {
  signed_in: boolean;
  cards: SavedCard[];
}
