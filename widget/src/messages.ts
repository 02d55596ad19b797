/**
 * Every text the element shows. English is built in; the other locales (locales/*.ts) load on
 * first use, so the script-tag file carries one language. A tag resolves to its exact locale, else
 * its language's, else English.
 */
import { loadLocale } from './lazy.ts';
import type { Messages } from './messages-type.ts';

export type { Messages } from './messages-type.ts';

/** The built-in texts. */
export const english: Messages = {
  email: 'Email', first_name: 'First name', last_name: 'Last name', phone: 'Phone', country: 'Country',
  city: 'City', address: 'Address', postal_code: 'Postal code', card_number: 'Card number',
  expiry: 'Expiry (MM / YY)', security_code: 'Security code', pay: 'Pay', paying: 'Paying…', retry: 'Try again',
  required: 'This field is required.', invalid: 'Check this field.', frame_title: 'Secure payment page',
  open_window: 'Open the payment page', failed: 'The payment did not go through.', paid: 'Payment received.', delivery: 'delivery',
  invalid_email: 'Enter an email address like name@example.com.', too_long: 'This is too long.', not_allowed: 'This contains characters that are not allowed.',
  card_number_invalid: 'This card number is not valid.', expiry_invalid: 'Enter the expiry as MM / YY.', expiry_past: 'This card has expired.',
  security_code_3: 'Enter the 3-digit security code.', security_code_4: 'Enter the 4-digit security code.', choose_country: 'Choose…',
  declined: 'The payment was declined. Try another card or payment method.', cancelled: 'The payment was cancelled. You can try again.', review: 'Thank you! Your payment is being checked; you will hear from the shop.',
  expired: 'This payment has expired. Please start again.', order_unknown: 'This order can no longer be paid. Please refresh the page.', unavailable: 'Payments are unavailable right now. Please try again in a moment.', shop_unavailable: 'This shop cannot take payments right now.',
  too_many: 'Too many attempts. Please wait a minute and try again.', already_paid: 'This order is already paid, or its payment is under way.', check_details: 'Some details were not accepted. Please check them and try again.',
  loading_page: 'Opening the secure payment page…', close_payment_page: 'Back',
  continue_payment: 'Continue your payment',
  pay_amount: 'Pay {amount}', pay_then: 'Pay {amount}, then {terms}', per_day: '{amount} / day', per_week: '{amount} / week',
  per_month: '{amount} / month', per_year: '{amount} / year', every_interval: '{amount} every {interval}',
  installments: 'Pay in instalments', installment_one: '{amount} in one payment', installment_even: '{count} × {each}',
  installment_first: '{count} × {each} (first {first})', payment_method: 'Payment method', method_card: 'Card',
  method_bank_transfer: 'Bank transfer',
  cpf: 'CPF', cpf_invalid: 'Enter a valid CPF (000.000.000-00).',
  save_card: 'Save this card for next time', saved_cards: 'Your saved cards', saved_card: '{brand} ending {last4}, expires {month}/{year}',
  other_card: 'Card', new_card: 'Use a new card', remove_card: 'Remove', card_removed: 'Card removed.',
  card_not_removed: 'The card could not be removed. Please try again.',
}; // prettier-ignore

/** The locales the element speaks: English, then the others (locales/*.ts) by tag. */
export const LOCALES = [
  'en',
  'ar',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'pl',
  'pt-BR',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
] as const;
export type Locale = (typeof LOCALES)[number];

/** Languages written here under another tag: Norwegian (`no`, `no-NO`) in Bokmål. */
const ALIASES = new Map<string, Locale>([['no', 'nb']]);

const loaded = new Map<Locale, Messages>([['en', english]]);
const loading = new Map<Locale, Promise<Messages>>();

/** The locale a BCP 47 tag resolves to: `pt-BR` → `pt-BR`, `fr-CA` → `fr`, `no` → `nb`, `eo` → `en`. */
export function localeOf(tag: string): Locale {
  const known = (name: string) =>
    LOCALES.find((l) => l.toLowerCase() === name.toLowerCase()) ?? ALIASES.get(name.toLowerCase());
  return known(tag) ?? known(tag.split('-')[0] ?? '') ?? 'en';
}

/** The texts of `tag`'s locale if they are here already (English always is). */
export function loadedMessages(tag: string): Messages | undefined {
  return loaded.get(localeOf(tag));
}

/** The texts of `tag`'s locale, loading them once; English if they cannot be loaded. */
export function loadMessages(tag: string): Promise<Messages> {
  const locale = localeOf(tag);
  const here = loaded.get(locale);
  if (here) return Promise.resolve(here);
  let pending = loading.get(locale);
  if (!pending) {
    pending = loadLocale(locale).then(
      (messages) => (loaded.set(locale, messages), messages),
      () => (loading.delete(locale), english),
    );
    loading.set(locale, pending);
  }
  return pending;
}

// The direction is a module of its own: the parts that word amounts (money.ts) need it, not the texts.
export { isRightToLeft } from './direction.ts';
