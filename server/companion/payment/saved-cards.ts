/**
 * Saved cards: a card or checkout payment the signed-in shopper asked to save sends
 * `token_flag: YES`, and the token the service gives back (in a direct payment's answer, or a
 * checkout's `payment.card_saved` notification) is kept for that shopper, with the card's brand,
 * last four, expiry and the time of consent. A payment with a saved card sends only its `token_id`.
 */
import type { SavedCard as SavedCardView } from 'acquiring-checkout/contract';
import { type Context, refusal, randomToken } from '../core/index.ts';
import type { Caller, PaymentRequest } from './payment-fields.ts';
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
 * The token fields of a direct payment: `token_flag` for a typed card (YES when the signed-in
 * shopper asked to save it), `token_id` for a saved one. Saving without a shopper is refused.
 */
export function tokenFields(
  request: PaymentRequest,
  caller: Caller,
): { token_flag?: 'YES' | 'NO'; token_id?: string } {
  if (request.kind === 'saved_card') return { token_id: request.savedCard.token_id };
  if (request.kind !== 'card' && request.kind !== 'checkout') return {};
  if (request.body.save_card && !caller.shopper) {
    throw refusal(400, 'Invalid request', 'save_card', 'only a signed-in shopper can save a card');
  }
  return { token_flag: request.body.save_card ? 'YES' : 'NO' };
}

/** After a direct payment went through: keeps the card the shopper asked to save, or notes a use. */
export async function keepSavedCard(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
  tokenId: string | undefined,
): Promise<void> {
  if (request.kind === 'saved_card') return ctx.store.savedCards.used(request.savedCard.card_id);
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
