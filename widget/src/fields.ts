/**
 * The shopper form's fields: label, autocomplete token, and validation with the same zod/mini
 * schemas the companion uses (contract.ts), each refusal told as a message key. The schemas and
 * the card checks are parts of their own (lazy.ts), handed to `validate` once loaded.
 */
import type { Messages } from './messages-type.ts';
import type { Shopper } from './protocol.ts';

/** The shopper schema of shopper-schema.ts, loaded apart from the element. */
export type ShopperSchema = (typeof import('./shopper-schema.ts'))['Shopper'];

export interface FieldSpec {
  name: string;
  label: keyof Messages;
  autocomplete: string;
  type: 'text' | 'email' | 'tel' | 'country';
  inputmode?: 'numeric' | 'tel' | 'email';
  /** Short: beside a short neighbour on a wide enough form (names; expiry and code). */
  half?: true;
}

/**
 * Shopper fields by the names the `fields` attribute uses; `billing` and `delivery` stand for
 * their addresses. Delivery fields are optional unless `required-fields` names `delivery`.
 */
export const SHOPPER_FIELDS: Record<string, FieldSpec[]> = {
  email: [
    { name: 'email', label: 'email', autocomplete: 'email', type: 'email', inputmode: 'email' },
  ],
  first_name: [
    {
      name: 'first_name',
      label: 'first_name',
      autocomplete: 'given-name',
      type: 'text',
      half: true,
    },
  ],
  last_name: [
    {
      name: 'last_name',
      label: 'last_name',
      autocomplete: 'family-name',
      type: 'text',
      half: true,
    },
  ],
  phone: [{ name: 'phone', label: 'phone', autocomplete: 'tel', type: 'tel', inputmode: 'tel' }],
  billing: [
    { name: 'billing.country', label: 'country', autocomplete: 'country', type: 'country' },
    { name: 'billing.city', label: 'city', autocomplete: 'address-level2', type: 'text' },
    { name: 'billing.address', label: 'address', autocomplete: 'street-address', type: 'text' },
    {
      name: 'billing.postal_code',
      label: 'postal_code',
      autocomplete: 'postal-code',
      type: 'text',
    },
  ],
  delivery: [
    {
      name: 'delivery.first_name',
      label: 'first_name',
      autocomplete: 'shipping given-name',
      type: 'text',
      half: true,
    },
    {
      name: 'delivery.last_name',
      label: 'last_name',
      autocomplete: 'shipping family-name',
      type: 'text',
      half: true,
    },
    {
      name: 'delivery.country',
      label: 'country',
      autocomplete: 'shipping country',
      type: 'country',
    },
    { name: 'delivery.city', label: 'city', autocomplete: 'shipping address-level2', type: 'text' },
    {
      name: 'delivery.address',
      label: 'address',
      autocomplete: 'shipping street-address',
      type: 'text',
    },
    {
      name: 'delivery.postal_code',
      label: 'postal_code',
      autocomplete: 'shipping postal-code',
      type: 'text',
    },
  ],
};

export const CARD_FIELDS: FieldSpec[] = [
  {
    name: 'card.number',
    label: 'card_number',
    autocomplete: 'cc-number',
    type: 'text',
    inputmode: 'numeric',
  },
  {
    name: 'card.expiry',
    label: 'expiry',
    autocomplete: 'cc-exp',
    type: 'text',
    inputmode: 'numeric',
    half: true,
  },
  {
    name: 'card.security_code',
    label: 'security_code',
    autocomplete: 'cc-csc',
    type: 'text',
    inputmode: 'numeric',
    half: true,
  },
];

/** The fields to show, from the `fields` attribute. */
export function shownFields(names: string[], card: boolean): FieldSpec[] {
  return [...names.flatMap((name) => SHOPPER_FIELDS[name] ?? []), ...(card ? CARD_FIELDS : [])];
}

/**
 * The names of the fields that must be filled: those `required` names (the `required-fields`
 * attribute), else every shown one but the delivery address, plus the card's in card mode.
 */
export function requiredNames(
  shown: FieldSpec[],
  required: string | undefined,
  card: boolean,
): Set<string> {
  const names = required === undefined ? undefined : required.split(/\s+/).filter(Boolean);
  // An optional delivery address is the common case: required only when named.
  const specs = names
    ? shownFields(names, false)
    : shown.filter((f) => !f.name.startsWith('delivery.'));
  return new Set([
    ...specs.map((f) => f.name),
    ...(card ? ['card.number', 'card.expiry', 'card.security_code'] : []),
    // The payer's document is asked only of a method that needs it (payer-document.ts).
    ...shown.filter((f) => f.name.startsWith('payer.')).map((f) => f.name),
  ]);
}

/** The shopper object the form's values make, ready for the contract's schema. */
export function shopperOf(values: Record<string, string>): Shopper {
  const shopper: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    // The card and the payer's document go in fields of their own, never in `shopper`.
    if (!value || /^(card|payer)\./.test(name)) continue;
    const [group, field] = name.split('.');
    if (field && (group === 'billing' || group === 'delivery')) {
      shopper[group] = {
        ...(shopper[group] as Record<string, string> | undefined),
        [field]: value,
      };
    } else shopper[name] = value;
  }
  return shopper as Shopper;
}

/** What a shopper is told of a field the schema refused: why, as far as the issue says. */
function keyOf(issue: { code: string; format?: string }, value: string): keyof Messages {
  if (issue.code === 'too_big') return 'too_long';
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'invalid_email';
  // A pattern refused it: say so when it holds characters no such field ever has.
  if (issue.code === 'invalid_format' && /[^\p{L}\p{N} +().,'/#-]/u.test(value))
    return 'not_allowed';
  return 'invalid';
}

/**
 * The message key of every invalid field: required and empty, refused by the schema (once it is
 * loaded), or refused by `check`: the card's (`checkCard` in card.ts), the payer's document's
 * (`checkPayer` in pay-part.ts).
 */
export function validate(
  fields: FieldSpec[],
  required: Set<string>,
  values: Record<string, string>,
  schema?: ShopperSchema,
  check?: (values: Record<string, string>) => Record<string, keyof Messages>,
): Record<string, keyof Messages> {
  const errors: Record<string, keyof Messages> = {};
  for (const field of fields) {
    if (required.has(field.name) && !(values[field.name] ?? '').trim())
      errors[field.name] = 'required';
  }
  const parsed = schema?.safeParse(shopperOf(values));
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      errors[name] ??= keyOf(issue, values[name] ?? '');
    }
  }
  if (check) for (const [name, key] of Object.entries(check(values))) errors[name] ??= key;
  return errors;
}

/** The countries a shopper can choose, by ISO 3166 code. */
export const COUNTRIES = [
  'AR',
  'AU',
  'BR',
  'CA',
  'CL',
  'CN',
  'CO',
  'DE',
  'ES',
  'FR',
  'GB',
  'IE',
  'IN',
  'IT',
  'JP',
  'MX',
  'NL',
  'PE',
  'PT',
  'US',
];

const named = new Map<string, [string, string][]>();

/** `[code, name]` of every country, named in `locale` and sorted by that name. */
export function countries(locale: string): [string, string][] {
  let list = named.get(locale);
  if (!list) {
    let names: Intl.DisplayNames | undefined;
    let order = new Intl.Collator('en');
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
      order = new Intl.Collator(locale);
    } catch {
      // A malformed locale tag: English names, still choosable.
    }
    list = COUNTRIES.map((code): [string, string] => [code, names?.of(code) ?? code]);
    list.sort((a, b) => order.compare(a[1], b[1]));
    named.set(locale, list);
  }
  return list;
}

/** The country a locale names (`pt-BR` → `BR`), when it is one the form offers. */
export function countryOf(locale: string): string | undefined {
  const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})(?:-|$)/i
    .exec(locale)?.[1]
    ?.toUpperCase();
  return region && COUNTRIES.includes(region) ? region : undefined;
}
