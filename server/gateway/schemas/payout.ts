/** The payout record: request fields, and the response-only fields the service adds. */
import { z } from 'zod';
import { PAYOUT_STATUS, valuesOf } from '../statuses.ts';
import {
  checkAmounts,
  countryCode,
  currencyCode,
  dateYMD,
  decimalString,
  httpUrl,
  numberLike,
  optionalStrings,
  requiredStrings,
  signatureHex,
  status,
  timestampWithOffset,
  uuid,
} from './formats.ts';

export const Beneficiary = z.object({
  additional_info: z
    .object(
      optionalStrings(
        'business_area', 'business_phone_number', 'business_registration_number', 'personal_email',
        'personal_id_number', 'personal_id_type', 'personal_mobile_number',
        'personal_net_monthly_average_income', 'personal_phone_country_code',
        'personal_phone_area_code', 'personal_fiscal_country',
      ), // prettier-ignore
    )
    .optional(),
  address: z
    .object({
      ...optionalStrings(
        'city',
        'postcode',
        'state',
        'street',
        'number',
        'street_address',
        'complement',
      ),
      country_code: countryCode.optional(),
    })
    .optional(),
  person_documents: z
    .array(
      z.object({
        ...optionalStrings('file_type', 'file_url'),
        labels: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  bank_details: z
    .object({
      ...optionalStrings(
        'account_name', 'owner_document_number', 'account_number', 'bank_account_category',
        'bank_branch', 'bank_code', 'bank_name', 'bank_street_address', 'binding_mobile_number',
        'iban', 'swift_code', 'transaction_reference', 'local_clearing_system',
      ), // prettier-ignore
      account_currency: currencyCode.optional(),
      bank_country_code: countryCode.optional(),
    })
    .optional(),
  ...optionalStrings('company_name', 'entity_type', 'first_name', 'last_name'),
  date_of_birth: dateYMD.optional(),
});
export type Beneficiary = z.infer<typeof Beneficiary>;

export const Payer = z.object({
  additional_info: z
    .object(
      optionalStrings(
        'business_registration_number', 'business_registration_type', 'external_id',
        'personal_email', 'personal_id_number', 'job',
      ), // prettier-ignore
    )
    .optional(),
  address: z
    .object({
      ...optionalStrings('city', 'postcode', 'state', 'street_address'),
      country_code: countryCode.optional(),
    })
    .optional(),
  ...optionalStrings('company_name', 'entity_type', 'first_name', 'last_name'),
  date_of_birth: dateYMD.optional(),
});
export type Payer = z.infer<typeof Payer>;

const payoutFields = {
  ...requiredStrings('merchant_id', 'account_id'),
  request_id: uuid,
  beneficiary: Beneficiary,
  payer: Payer.optional(),
  ...optionalStrings(
    'beneficiary_id',
    'client_data',
    'fee_paid_by',
    'payment_method',
    'reason',
    'reference',
    'swift_charge_option',
    'fund_source',
  ),
  payment_amount: decimalString.optional(),
  payment_currency: currencyCode,
  payment_date: dateYMD.optional(),
  source_amount: decimalString.optional(),
  source_currency: currencyCode.optional(),
  notify_url: httpUrl.optional(),
  encryption_data: signatureHex,
};

/** A payout request. One of payment_amount (what arrives) or source_amount (what leaves) is given. */
export const PayoutRequest = z.object(payoutFields).superRefine((payout, ctx) => {
  checkAmounts(payout, ctx, ['payment_amount'], 'payment_currency');
  checkAmounts(payout, ctx, ['source_amount'], 'source_currency');
  if (!payout.payment_amount && !payout.source_amount) {
    ctx.addIssue({
      code: 'custom',
      path: ['payment_amount'],
      message: 'give payment_amount or source_amount',
    });
  }
  if (payout.source_amount && !payout.source_currency) {
    ctx.addIssue({
      code: 'custom',
      path: ['source_currency'],
      message: 'required with source_amount',
    });
  }
});
export type PayoutRequest = z.infer<typeof PayoutRequest>;

/** A payout response: the request's fields and the response-only ones. */
export const PayoutRecord = z.object({
  ...payoutFields,
  // The service echoes the request; on a refusal it may not echo all of it.
  beneficiary: Beneficiary.optional(),
  payment_currency: currencyCode.optional(),
  amount_beneficiary_receives: numberLike.optional(),
  amount_payer_pays: numberLike.optional(),
  fee_amount: numberLike.optional(),
  fee_currency: currencyCode.optional(),
  created_at: timestampWithOffset.optional(),
  last_updated_at: timestampWithOffset.optional(),
  ...optionalStrings(
    'failure_reason',
    'failure_type',
    'payer_id',
    'transaction_id',
    'short_reference_id',
  ),
  status: status(valuesOf(PAYOUT_STATUS)),
});
export type PayoutRecord = z.infer<typeof PayoutRecord>;
