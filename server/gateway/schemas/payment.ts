/**
 * The payment order request (direct payment D, APM payment A, checkout C) and its results.
 * Field names are exactly those of the interface, including `the service`.
 */
import { z } from 'zod';
import { checkAmountBreakdown, MoneyError, type AmountBreakdown } from '../money.ts';
import { ORDER_STATUS, RISK_ACTION, valuesOf } from '../statuses.ts';
import {
  checkAmounts,
  countryCode,
  currencyCode,
  dateDMY,
  dateTimeSpace,
  decimalString,
  httpUrl,
  integerLike,
  numberLike,
  optionalStrings,
  requiredStrings,
  signatureHex,
  status,
} from './formats.ts';

const AMOUNT_FIELDS = [
  'amount', 'item_total', 'shipping', 'handling', 'tax_total', 'insurance', 'shipping_discount',
  'discount',
] as const; // prettier-ignore

export const CartItem = z.object({
  basic_item_data: z.object({
    name: z.string(),
    quantity: z.string(),
    type: z.string().optional(),
    // The interface makes these numbers; they describe the item and are never used to compute.
    price: z.object({
      amount_usd: numberLike.optional(),
      amount_local_currency: numberLike,
      currency: currencyCode,
    }),
    category: z.string().optional(),
    productId: z.string().optional(),
  }),
});
export type CartItem = z.infer<typeof CartItem>;

export const AccountOwner = z.object({
  ...optionalStrings(
    'first_name',
    'last_name',
    'email',
    'account_id',
    'lastLogin_ip',
    'registration_ip',
  ),
  created: numberLike.optional(),
  past_orders_count: numberLike.optional(),
  past_orders_sum: numberLike.optional(),
});
export type AccountOwner = z.infer<typeof AccountOwner>;

export const TotalDiscount = z.object(optionalStrings('coupon_code_used', 'discount_type'));

export const AdditionalInformation = z.object({
  mpi_info: z.object(optionalStrings('eci', 'cavv', 'xid', 'dsTransID')),
});

export const Subscription = z.object({
  ...requiredStrings('contract', 'contract_name', 'contract_amount', 'interval', 'interval_count'),
  billing_cycle: integerLike.optional(),
  promotion_cycle: integerLike.optional(),
  ...optionalStrings('contract_start', 'contract_end', 'price_id'),
});
export type Subscription = z.infer<typeof Subscription>;

export const BankAccount = z.object({
  ...optionalStrings(
    'account_type', 'account_number', 'branch_number', 'owner_document_number', 'owner_name',
    'branch_country', 'currency',
  ), // prettier-ignore
  bank: z.object(optionalStrings('code', 'name')).optional(),
});

export const Person = z.object({
  ...optionalStrings(
    'document_number', 'document_type', 'social_name', 'email', 'phone_country_code',
    'phone_area_code', 'phone_number', 'birth_date', 'net_monthly_average_income',
    'address_street', 'address_number', 'address_complement', 'address_postal_code',
    'address_city', 'address_state', 'address_country', 'fiscal_country',
  ), // prettier-ignore
  documents: z
    .object({
      ...optionalStrings('file_type', 'file_data', 'file_url'),
      labels: z
        .object({
          person_bank_account_id: z.string().optional(),
          bank_account: BankAccount.optional(),
        })
        .optional(),
    })
    .optional(),
});
export type Person = z.infer<typeof Person>;

/** Fields every payment order carries (D A C). */
const common = {
  ...requiredStrings('merchant_id', 'account_id', 'order_no'),
  currency: currencyCode,
  amount: decimalString,
  item_total: decimalString.optional(),
  shipping: decimalString.optional(),
  handling: decimalString.optional(),
  tax_total: decimalString.optional(),
  insurance: decimalString.optional(),
  shipping_discount: decimalString.optional(),
  discount: decimalString.optional(),
  ...optionalStrings(
    'the service', 'items', 'note', 'shopper_id', 'shopper_email', 'shopper_ip', 'shopper_phone',
    'shopper_level', 'first_name', 'last_name', 'document', 'billing_state', 'billing_city',
    'billing_address', 'billing_postal_code', 'os', 'browser', 'browser_lang', 'time_zone',
    'resolution', 'color_depth', 'cookie_new', 'cookie_old', 'delivery_firstname',
    'delivery_lastname', 'delivery_state', 'delivery_city', 'delivery_address',
    'delivery_postal_code', 'custom', 'device_fingerprint', 'platform_source', 'device_type',
  ), // prettier-ignore
  notify_url: httpUrl.optional(),
  birth_date: dateDMY.optional(),
  billing_country: countryCode.optional(),
  delivery_country: countryCode.optional(),
  encryption_data: signatureHex,
};

/** Fields of the direct payment and the checkout (D C). */
const cardAndCheckout = {
  ...optionalStrings(
    'open3d', 'token_flag', 'token_id', 'session_id', 'installments',
    'installments_id', 'order_type', 'user_agent', 'antifraud_token_cookie', 'price_id', 'quote_id',
    'quote_price', 'storefront_domains',
  ), // prettier-ignore
  /** EMV 3-D Secure window size codes (our decision: the interface shows "a two-digit string"). */
  challenge_window_size: z
    .string()
    .regex(/^0[1-5]$/, 'expected a 3-D Secure window size code 01 to 05')
    .optional(),
  checkout_time: integerLike.optional(),
  cart_items: z.array(CartItem).optional(),
  account_owner: z.array(AccountOwner).optional(),
  total_discount: z.array(TotalDiscount).optional(),
  additional_information: z.array(AdditionalInformation).optional(),
  subscription: Subscription.optional(),
};

function refineOrder(order: AmountBreakdown & Record<string, unknown>, ctx: z.RefinementCtx): void {
  checkAmounts(order, ctx, AMOUNT_FIELDS);
  try {
    const mismatch = checkAmountBreakdown(order);
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['amount'], message: mismatch });
  } catch (error) {
    // An amount that does not parse has its own issue from checkAmounts.
    if (!(error instanceof MoneyError)) throw error;
  }
}

/** Direct payment request (fields marked D): card data, or a stored `token_id`. */
export const DirectPaymentRequest = z
  .object({
    ...common,
    ...cardAndCheckout,
    card: z
      .string()
      .regex(/^\d{12,19}$/, 'expected 12 to 19 digits')
      .optional(),
    expiration_month: z
      .string()
      .regex(/^(0[1-9]|1[0-2])$/, 'expected a month 01 to 12')
      .optional(),
    expiration_year: z
      .string()
      .regex(/^\d{4}$/, 'expected a four-digit year')
      .optional(),
    security_code: z
      .string()
      .regex(/^\d{3,4}$/, 'expected 3 or 4 digits')
      .optional(),
    accept: z.string().optional(),
  })
  .superRefine((order, ctx) => {
    refineOrder(order, ctx);
    if (order.token_id) return;
    for (const field of ['card', 'expiration_month', 'expiration_year'] as const) {
      if (!order[field]) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'required unless token_id is given',
        });
      }
    }
  });
export type DirectPaymentRequest = z.infer<typeof DirectPaymentRequest>;

/** APM payment request (fields marked A). */
export const ApmPaymentRequest = z
  .object({
    ...common,
    payment_method: z.string().min(1),
    bank_code: z.string().optional(),
    return_url: httpUrl.optional(),
    ...optionalStrings('delivery_district_name', 'delivery_street_name'),
    person: Person.optional(),
  })
  .superRefine(refineOrder);
export type ApmPaymentRequest = z.infer<typeof ApmPaymentRequest>;

/**
 * Checkout request (fields marked C). `return_url` is not marked C in the field table, but the
 * interface's Events section says checkout carries the shopper's return address, so it is here.
 */
export const CheckoutRequest = z
  .object({ ...common, ...cardAndCheckout, return_url: httpUrl.optional() })
  .superRefine(refineOrder);
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const RiskReasons = z.object({ name: z.string().optional(), status: z.string().optional() });

/** Direct payment result: the children of the XML root `respon`. */
export const DirectPaymentResult = z.object({
  ...requiredStrings('merchant_id', 'account_id', 'order_no', 'amount', 'currency', 'result_info'),
  order_status: status(valuesOf(ORDER_STATUS)),
  ...optionalStrings(
    'transaction_id', 'card', 'contract_name', 'recurring_id', 'recurring_deduction_period', 'note',
    'token_id', 'connector', 'threeds_result', 'risk_score',
  ), // prettier-ignore
  recurring_deduction_time: dateTimeSpace.optional(),
  risk_action: status(valuesOf(RISK_ACTION)).optional(),
  risk_reasons: z.union([RiskReasons, z.literal('')]).optional(),
  encryption_data: signatureHex,
});
export type DirectPaymentResult = z.infer<typeof DirectPaymentResult>;

/** APM payment result: the children of the XML root `respon`. */
export const ApmPaymentResult = z.object({
  ...requiredStrings('merchant_id', 'account_id', 'order_no', 'amount', 'currency'),
  issuer_url: httpUrl,
  encryption_data: signatureHex,
});
export type ApmPaymentResult = z.infer<typeof ApmPaymentResult>;

/**
 * Checkout response: an HTML page that submits a form by POST to the hosted payment page. The
 * complete list of its inputs is "not shown"; what this project relies on is read out of it.
 */
export const CheckoutPage = z.object({
  html: z.string().min(1),
  action: httpUrl,
  inputs: z.record(z.string(), z.string()),
});
export type CheckoutPage = z.infer<typeof CheckoutPage>;
