/**
 * Card fields, with card-validator: the number grouped by brand, the expiry read as shoppers type
 * it, and the checks made before any request (Luhn, expiry in the past, security code length for
 * the brand). Loaded only in card mode (lazy.ts), so the default checkout carries none of it.
 */
import cardValidator from 'card-validator';
import type { Messages } from './messages-type.ts';

/** How many years ahead an expiry may be; card-validator allows 19. */
const MAX_YEARS_AHEAD = 20;

/**
 * The expiry as shown while typing: `1230`, `12/30`, `12 / 30` and `12-2030` all become
 * `12 / 30` (`12 / 2030`); a first digit above 1 is a month of its own (`4` → `04`).
 */
export function formatExpiry(input: string): string {
  const separated = /^\s*(\d{1,2})\s*[/.\- ]\s*(\d{0,4})\s*$/.exec(input);
  let month: string;
  let year: string;
  if (separated) {
    month = (separated[1] ?? '').padStart(2, '0');
    year = separated[2] ?? '';
  } else {
    let digits = input.replace(/\D/g, '').slice(0, 6);
    if (/^[2-9]/.test(digits)) digits = `0${digits}`;
    month = digits.slice(0, 2);
    year = digits.slice(2);
  }
  return year ? `${month} / ${year}` : month;
}

/** The card fields as the contract wants them: digits only, a two-digit month, a four-digit year. */
export function cardOf(values: Record<string, string>) {
  const [month = '', year = ''] = formatExpiry(values['card.expiry'] ?? '').split(' / ');
  return {
    number: (values['card.number'] ?? '').replace(/\D/g, ''),
    expiry_month: month,
    expiry_year: year.length === 2 ? `20${year}` : year,
    security_code: (values['card.security_code'] ?? '').trim(),
  };
}

/** Why an expiry is refused, if it is: not a month and year, in the past, or too far ahead. */
function expiryProblem(month: string, year: string, now: Date): keyof Messages | undefined {
  const m = Number(month);
  if (!/^\d{2}$/.test(month) || m < 1 || m > 12 || !/^\d{4}$/.test(year)) return 'expiry_invalid';
  // A card is good until the end of its expiry month.
  const months = Number(year) * 12 + m - (now.getFullYear() * 12 + now.getMonth() + 1);
  if (months < 0) return 'expiry_past';
  return months > MAX_YEARS_AHEAD * 12 ? 'expiry_invalid' : undefined;
}

/** The message key of every invalid card field. */
export function checkCard(
  values: Record<string, string>,
  now = new Date(),
): Record<string, keyof Messages> {
  const errors: Record<string, keyof Messages> = {};
  const card = cardOf(values);
  const number = cardValidator.number(card.number);
  if (!number.isValid) errors['card.number'] = 'card_number_invalid';
  const expiry = expiryProblem(card.expiry_month, card.expiry_year, now);
  if (expiry) errors['card.expiry'] = expiry;
  const size = number.card?.code.size ?? 3;
  if (!cardValidator.cvv(card.security_code, size).isValid)
    errors['card.security_code'] = size === 4 ? 'security_code_4' : 'security_code_3';
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

/** The card's brand, for display: `Visa`, `Mastercard`, `American Express`… */
export function cardBrand(input: string): string | undefined {
  return cardValidator.number(input.replace(/\D/g, '')).card?.niceType;
}

/** A field's value as the shopper should see it while typing: card fields formatted, others as typed. */
export function formatField(name: string, value: string): string {
  if (name === 'card.number') return formatCardNumber(value);
  return name === 'card.expiry' ? formatExpiry(value) : value;
}
