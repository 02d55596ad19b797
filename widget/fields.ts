/**
 * The shopper form's fields: label, autocomplete token, and validation with the same zod/mini
 * schemas the companion uses (contract.ts).
 */
import cardValidator from 'card-validator';
import { Shopper } from './contract.ts';
import type { Messages } from './messages.ts';

export interface FieldSpec {
  name: string;
  label: keyof Messages;
  autocomplete: string;
  type: 'text' | 'email' | 'tel' | 'country';
  inputmode?: 'numeric' | 'tel' | 'email';
}

/** Shopper fields by the names the `fields` attribute uses; `billing` stands for its four. */
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
  const billing: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!value || name.startsWith('card.')) continue;
    if (name.startsWith('billing.')) billing[name.slice(8)] = value;
    else shopper[name] = value;
  }
  if (Object.keys(billing).length > 0) shopper.billing = billing;
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

/** The message key of every invalid field: required and empty, or refused by the schema. */
export function validate(
  fields: FieldSpec[],
  required: Set<string>,
  values: Record<string, string>,
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
  const card = cardOf(values);
  if (fields.some((f) => f.name === 'card.number')) {
    if (!errors['card.number'] && !cardValidator.number(card.number).isValid)
      errors['card.number'] = 'invalid';
    if (
      !errors['card.expiry'] &&
      !cardValidator.expirationDate(values['card.expiry'] ?? '').isValid
    )
      errors['card.expiry'] = 'invalid';
    const size = cardValidator.number(card.number).card?.code.size ?? 3;
    if (!errors['card.security_code'] && !cardValidator.cvv(card.security_code, size).isValid)
      errors['card.security_code'] = 'invalid';
  }
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
