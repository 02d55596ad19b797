/**
 * Card fields, with card-validator: brand detection, Luhn, expiry and security code. Loaded only
 * in card mode (lazy.ts), so the default checkout carries none of it.
 */
import cardValidator from 'card-validator';
import { cardOf } from './fields.ts';
import type { Messages } from './messages.ts';

/** The message key of every invalid card field. */
export function checkCard(values: Record<string, string>): Record<string, keyof Messages> {
  const errors: Record<string, keyof Messages> = {};
  const card = cardOf(values);
  const number = cardValidator.number(card.number);
  if (!number.isValid) errors['card.number'] = 'invalid';
  if (!cardValidator.expirationDate(values['card.expiry'] ?? '').isValid)
    errors['card.expiry'] = 'invalid';
  if (!cardValidator.cvv(card.security_code, number.card?.code.size ?? 3).isValid)
    errors['card.security_code'] = 'invalid';
  return errors;
}

/** The card number grouped as its brand prints it: 4111 1111 1111 1111, 3782 822463 10005. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  const gaps = cardValidator.number(digits).card?.gaps ?? [4, 8, 12];
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (gaps.includes(i) ? ' ' : '') + digits[i];
  return out;
}

/** The card's brand, for display: `visa`, `mastercard`, `american-express`… */
export function cardBrand(input: string): string | undefined {
  return cardValidator.number(input.replace(/\D/g, '')).card?.type;
}
