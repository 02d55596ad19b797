/**
 * Saved cards: a card or checkout payment the signed-in shopper asked to save sends
 * `token_flag: YES`, and the token the service gives back (in a direct payment's answer, or a
 * checkout's `payment.card_saved` notification) is kept for that shopper, with the card's brand,
 * last four, expiry and the time of consent. A payment with a saved card sends only its `token_id`.
 */
import type { SavedCard as SavedCardView } from 'acquiring-checkout/contract';
import type { Context } from '../core/context.ts';
import type { Caller, PaymentRequest } from './payment-fields.ts';
import { refusal } from '../core/problem.ts';
import type { SavedCard } from '../store/store.ts';
import { randomToken } from '../core/tokens.ts';
import { isRecord, parsedJson } from '../../unknown.ts';

/** The brand a card number says, by its leading digits; `card` when they say no more. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

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

/**
 * A card saved on the service's hosted page: the `payment.card_saved` notification of the
 * order's current attempt brings its token, masked number and expiry; the card is kept for the
 * shopper the attempt was made for, if the shopper asked (`token_flag` YES in its details),
 * consenting when the attempt started.
 */
export async function keepCardFromNotification(
  ctx: Context,
  orderNo: string,
  notification: Record<string, unknown>,
): Promise<void> {
  const { token_id, card, expiration_month, expiration_year } = notification;
  if (typeof token_id !== 'string' || !token_id || typeof card !== 'string') return;
  const attempt = await ctx.store.attempts.get(orderNo);
  const details = attempt?.details ? parsedJson(attempt.details) : undefined;
  if (!isRecord(details) || details.token_flag !== 'YES') return;
  const { shopper_id } = details;
  if (!attempt || typeof shopper_id !== 'string' || !shopper_id) return;
  await ctx.store.savedCards.add({
    card_id: `sc_${randomToken()}`,
    shopper_id,
    token_id,
    brand: cardBrand(card),
    last4: card.slice(-4),
    expiry_month: typeof expiration_month === 'string' ? expiration_month : '',
    expiry_year: typeof expiration_year === 'string' ? expiration_year : '',
    consent_at: attempt.created_at,
    created_at: Date.now(),
    last_used_at: null,
  });
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
