/**
 * The shape of every text the element shows, one key a text: a leaf module, so that the parts
 * that print texts and the loader of locales (lazy.ts) share the type without importing
 * messages.ts, which loads them.
 */
export interface Messages {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  country: string;
  city: string;
  address: string;
  postal_code: string;
  card_number: string;
  expiry: string;
  security_code: string;
  pay: string;
  paying: string;
  retry: string;
  required: string;
  invalid: string;
  frame_title: string;
  open_window: string;
  failed: string;
  paid: string;
  delivery: string;
  invalid_email: string;
  too_long: string;
  not_allowed: string;
  card_number_invalid: string;
  expiry_invalid: string;
  expiry_past: string;
  /** Security codes by their length for the card's brand. */
  security_code_3: string;
  security_code_4: string;
  choose_country: string;
  declined: string;
  cancelled: string;
  review: string;
  expired: string;
  order_unknown: string;
  unavailable: string;
  /** A failure the shopper cannot fix by trying again: the shop's setup, not the moment. */
  shop_unavailable: string;
  too_many: string;
  already_paid: string;
  check_details: string;
  loading_page: string;
  /** The button that takes up an attempt left under way by a reload or a redirect. */
  continue_payment: string;
  /** Declined where the element offers no other way to pay (card and checkout modes). */
  declined_card: string;
  /** The payment failed because the bank's 3-D Secure challenge was not passed. */
  not_verified: string;
  /** Over the service's page when a card typed in card mode needs a 3-D Secure challenge. */
  verify_card: string;
  /** Above Continue: what it continues, and how to start over instead. */
  resume_note: string;
  /** The control that leaves the payment page for the form (the attempt stays). */
  close_payment_page: string;
  /** Pay with the order's amount, once the companion told it: `{amount}` is `$49.00`. */
  pay_amount: string;
  /** Pay for a subscription whose first payment differs from its later ones. */
  pay_then: string;
  /** A subscription's terms, every one interval: `{amount}` is `$15.00`. */
  per_day: string;
  per_week: string;
  per_month: string;
  per_year: string;
  /** Every several intervals: `{interval}` is `3 months`, worded by Intl in the locale. */
  every_interval: string;
  /** The label of the instalments select. */
  installments: string;
  /** The select's first option: the whole amount at once. */
  installment_one: string;
  /** `{count}` instalments of `{each}`. */
  installment_even: string;
  /** `{count}` instalments of `{each}`, the first one `{first}` (it carries the remainder). */
  installment_first: string;
  /** The legend of the payment methods (mode="auto"). */
  payment_method: string;
  /** The methods with a name in the language (the others are brands, shown as they are). */
  method_card: string;
  method_bank_transfer: string;
  /** The payer's document for PIX (Brazil's CPF), and its check-digit error. */
  cpf: string;
  cpf_invalid: string;
  /** The checkbox a signed-in shopper ticks to save the card (never ticked for them). */
  save_card: string;
  /** The legend over a signed-in shopper's saved cards. */
  saved_cards: string;
  /** One saved card: `{brand}`, `{last4}`, `{month}` (MM) and `{year}` (YY) are filled in. */
  saved_card: string;
  /** The brand of a saved card whose number says no more (Visa, Mastercard… are not translated). */
  other_card: string;
  /** The choice that leaves the saved cards for a card typed now (or on the payment page). */
  new_card: string;
  remove_card: string;
  card_removed: string;
  card_not_removed: string;
}
