/**
 * The shopper form's fields: label, autocomplete token, and validation with the same zod/mini
 * schemas the companion uses (contract.ts). Card checks live in card.ts, loaded in card mode only.
 */
import { Shopper } from './shopper-schema.ts';
import type { Messages } from './messages.ts';

export interface FieldSpec {
  name: string;
  label: keyof Messages;
  autocomplete: string;
  type: 'text' | 'email' | 'tel' | 'country';
  inputmode?: 'numeric' | 'tel' | 'email';
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
    { name: 'first_name', label: 'first_name', autocomplete: 'given-name', type: 'text' },
  ],
  last_name: [{ name: 'last_name', label: 'last_name', autocomplete: 'family-name', type: 'text' }],
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
    },
    {
      name: 'delivery.last_name',
      label: 'last_name',
      autocomplete: 'shipping family-name',
      type: 'text',
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
  },
  {
    name: 'card.security_code',
    label: 'security_code',
    autocomplete: 'cc-csc',
    type: 'text',
    inputmode: 'numeric',
  },
];

/** The fields to show, from the `fields` attribute. */
export function shownFields(names: string[], card: boolean): FieldSpec[] {
  return [...names.flatMap((name) => SHOPPER_FIELDS[name] ?? []), ...(card ? CARD_FIELDS : [])];
}

/** The shopper object the form's values make, ready for the contract's schema. */
export function shopperOf(values: Record<string, string>): Shopper {
  const shopper: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!value || name.startsWith('card.')) continue;
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

/** The card fields as the contract wants them. */
export function cardOf(values: Record<string, string>) {
  const [month = '', year = ''] = (values['card.expiry'] ?? '').split('/').map((s) => s.trim());
  return {
    number: (values['card.number'] ?? '').replace(/\D/g, ''),
    expiry_month: month.padStart(2, '0'),
    expiry_year: year.length === 2 ? `20${year}` : year,
    security_code: values['card.security_code'] ?? '',
  };
}

/**
 * The message key of every invalid field: required and empty, refused by the schema, or (in card
 * mode) refused by `checkCard` from card.ts.
 */
export function validate(
  fields: FieldSpec[],
  required: Set<string>,
  values: Record<string, string>,
  checkCard?: (values: Record<string, string>) => Record<string, keyof Messages>,
): Record<string, keyof Messages> {
  const errors: Record<string, keyof Messages> = {};
  for (const field of fields) {
    if (required.has(field.name) && !(values[field.name] ?? '').trim())
      errors[field.name] = 'required';
  }
  const parsed = Shopper.safeParse(shopperOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      errors[name] ??= 'invalid';
    }
  }
  if (checkCard) for (const [name, key] of Object.entries(checkCard(values))) errors[name] ??= key;
  return errors;
}

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
