/**
 * What the widget asked for, by kind (a checkout session, an APM, a card, a saved card), and who
 * asked: the request every step of a payment's start reads.
 */
import type {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
} from 'acquiring-checkout/contract';
import type { ResolvedShopper } from '../config/index.ts';
import type { PaymentMode, SavedCard } from '../store/index.ts';

export type PaymentRequest =
  /** With `savedCard`: a saved card's payment gone on as a checkout, for its challenge. */
  | { kind: 'checkout'; body: CheckoutSessionRequest; savedCard?: SavedCard }
  | { kind: 'apm'; body: ApmPaymentRequest }
  | { kind: 'card'; body: CardPaymentRequest }
  /** A direct payment with a saved card's token, found for the signed-in shopper. */
  | { kind: 'saved_card'; body: SavedCardPaymentRequest; savedCard: SavedCard };

/** How the attempt pays: a saved card is a direct card payment. */
export function modeOf(kind: PaymentRequest['kind']): PaymentMode {
  return kind === 'saved_card' ? 'card' : kind;
}

/**
 * Where the request came from: its allowed storefront origin, the shopper's address, and the
 * signed-in shopper the merchant's resolveShopper named (undefined: anonymous).
 */
export interface Caller {
  origin: string;
  ip: string;
  userAgent: string;
  shopper?: ResolvedShopper | undefined;
}
