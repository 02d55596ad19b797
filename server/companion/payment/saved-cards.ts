/**
 * Saved cards: a card or checkout payment the signed-in shopper asked to save sends
 * `token_flag: YES` (service-request.ts), and the token the service gives back is kept for that
 * shopper, with the card's brand, last four, expiry and the time of consent: here from a direct
 * payment's answer, by settlement (card-saved.ts) from a checkout's `payment.card_saved`
 * notification. A payment with a saved card sends only its `token_id`.
 */
import type { SavedCard as SavedCardView } from 'acquiring-checkout/contract';
import { type Context, randomToken } from '../core/index.ts';
import type { Caller, PaymentRequest } from './request.ts';
import type { SavedCard } from '../store/index.ts';
import { cardBrand } from '../settlement/index.ts';

/** A saved card as the widget sees it: no token. */
export function savedCardView(card: SavedCard): SavedCardView {
  return {
    card_id: card.card_id,
    brand: card.brand,
    last4: card.last4,
    expiry_month: card.expiry_month,
    expiry_year: card.expiry_year,
    saved_at: new Date(card.consent_at).toISOString(),
  };
}

/**
 * After a direct payment went through: keeps the card the shopper asked to save. A saved card's
 * use is noted as its attempt is paid, on either way (settlement/card-saved.ts).
 */
export async function keepSavedCard(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
  tokenId: string | undefined,
): Promise<void> {
  if (request.kind !== 'card' || !request.body.save_card || !caller.shopper || !tokenId) return;
  const { card } = request.body;
  const now = Date.now();
  await ctx.store.savedCards.add({
    card_id: `sc_${randomToken()}`,
    shopper_id: caller.shopper.id,
    token_id: tokenId,
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    expiry_month: card.expiry_month,
    expiry_year: card.expiry_year,
    consent_at: now,
    created_at: now,
    last_used_at: null,
  });
}
