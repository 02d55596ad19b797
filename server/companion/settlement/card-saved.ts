/**
 * What settlement keeps of a card saved at the service: the `payment.card_saved` notification's
 * token, for the shopper who asked to save it; and when a saved card last paid. The brand is read
 * from the card's number, by the payment folder too (a direct payment's saved card).
 */
import { type Context, randomToken } from '../core/index.ts';
import type { Attempt } from '../store/index.ts';
import { isRecord, parsedJson } from '../../unknown.ts';

/** The brand a card number says, by its leading digits; `card` when they say no more. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
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

/**
 * Notes the use of the saved card an attempt paid with (its `details` name the card's `token_id`
 * and the shopper's id), whichever way it was paid: directly, or on the service's page, where a
 * card that asks for 3-D Secure goes on. The shopper's card used last is listed first.
 */
export async function noteSavedCardUse(ctx: Context, attempt: Attempt | undefined): Promise<void> {
  const details = attempt?.details ? parsedJson(attempt.details) : undefined;
  if (!isRecord(details)) return;
  const { shopper_id, token_id } = details;
  if (typeof shopper_id !== 'string' || typeof token_id !== 'string') return;
  await ctx.store.savedCards.used(shopper_id, token_id);
}
