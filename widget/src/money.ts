/**
 * Money as the shopper reads it: the companion's decimal strings (`"49.00"`) formatted by
 * `Intl.NumberFormat` in the element's locale. The string goes to `format()` as it is: since
 * Intl.NumberFormat v3 (Chromium 106, Firefox 116, Safari 15.4) a numeric string is formatted
 * exactly, as a decimal, never through a float; and as many fraction digits as the companion
 * wrote are shown, so nothing is rounded. The widget does no arithmetic on money.
 */
import { isRightToLeft } from './direction.ts';
import type { Messages } from './messages-type.ts';
import type { OrderSummaryResponse, SubscriptionTerms } from './protocol.ts';

/** Replaces each `{name}` in a message with its value. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Intl's formatter for `locale`, or English's when the tag is not one Intl takes. */
function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat('en', options);
  }
}

/**
 * `"1234.50"` in `BRL` → `R$ 1.234,50` in pt-BR, `R$1,234.50` in en: the currency's narrow
 * symbol, and where a locale has none but the code (Finnish writes `BRL`) English's, so the real
 * is `R$` in every language, never `BRL` in one and `BR$` in another. In a language written right
 * to left the amount is isolated (U+2068 … U+2069) from the words around it, and its symbol reads
 * left to right: `US$ 12.00` (the number first, on the right, as Arabic puts it), never `$US`.
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const digits = amount.split('.')[1]?.length ?? 0;
  const rtl = isRightToLeft(locale);
  let text = `${amount} ${currency}`; // a currency Intl does not know
  try {
    const options = { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } as const;
    const exact = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    const parts = (tag: string) =>
      formatter(tag, { ...options, ...exact }).formatToParts(amount as `${number}`);
    const english = parts('en').find((part) => part.type === 'currency')?.value ?? currency;
    text = parts(locale)
      .map(({ type, value }) => {
        if (type !== 'currency') return value;
        const symbol = value === currency ? english : value;
        // Right to left, the symbol reads left to right within (U+2066 … U+2069): `US$`, not `$US`.
        return rtl ? `\u2066${symbol}\u2069` : symbol;
      })
      .join('');
  } catch {
    // the words above
  }
  return rtl ? `\u2068${text}\u2069` : text;
}

/** A whole number in the locale's digits: `3`, or `٣` where the locale writes those. */
export function formatCount(count: number, locale: string): string {
  return formatter(locale, {}).format(count);
}

/** A subscription's terms: `$15.00 / month`, `$15.00 every 3 months`. */
export function termsText(
  texts: Messages,
  terms: SubscriptionTerms,
  currency: string,
  locale: string,
): string {
  const amount = formatMoney(terms.contract_amount, currency, locale);
  if (terms.interval_count === 1) return fill(texts[`per_${terms.interval}`], { amount });
  // Intl words the count with its unit as the language does ("3 months", "5 месяцев").
  const unit = { style: 'unit', unit: terms.interval, unitDisplay: 'long' } as const;
  const interval = formatter(locale, unit).format(terms.interval_count);
  return fill(texts.every_interval, { amount, interval });
}

/**
 * What Pay says: the amount once the companion told it (`Pay $49.00`, `Pay $15.00 / month`), and
 * just `Pay` until then, or when it could not be had.
 */
export function payLabel(
  texts: Messages,
  summary: OrderSummaryResponse | undefined,
  locale: string,
): string {
  if (!summary) return texts.pay;
  const { currency, subscription } = summary;
  const amount = formatMoney(summary.amount, currency, locale);
  if (!subscription) return fill(texts.pay_amount, { amount });
  const terms = termsText(texts, subscription, currency, locale);
  // Both are canonical decimals from the companion: equal strings are equal amounts.
  return subscription.contract_amount === summary.amount
    ? fill(texts.pay_amount, { amount: terms })
    : fill(texts.pay_then, { amount, terms });
}
