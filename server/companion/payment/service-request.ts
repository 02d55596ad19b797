/**
 * What the service is sent for one payment, built once, before anything is stored: every field
 * of the request's flow from the widget's request, the merchant's priced order and the caller,
 * but the attempt's own (`order_no`, `return_url`), which create-at-service.ts adds as it sends.
 * The method, an APM's payer document, the chosen instalments and saving a card are checked here
 * (400 naming the field). The attempt keeps a copy of the order's part (`details`) for the
 * operations console, the payer's document masked.
 */
import type { CheckoutSessionRequest } from 'acquiring-checkout/contract';
import {
  formatAmount,
  type ApmPaymentInput,
  type CheckoutInput,
  type DirectPaymentInput,
} from '../../gateway/index.ts';
import type { CompanionConfig, ResolvedOrder } from '../config/index.ts';
import { refusal } from '../core/index.ts';
import { chosenInstallments } from './installments.ts';
import { checkOffered } from './methods.ts';
import { orderFields, riskFields } from './order-fields.ts';
import { maskedPerson, payerPerson } from './payer.ts';
import type { PricedOrder } from './priced-order.ts';
import type { Caller, PaymentRequest } from './request.ts';

/** A request's fields without the attempt's own, which are added when it is sent. */
type Unsent<T> = Omit<T, 'order_no' | 'return_url'>;

/** The service's request for a payment: its operation, and its fields. */
export type ServiceRequest =
  | { operation: 'checkout'; fields: Unsent<CheckoutInput> }
  | { operation: 'apm'; fields: Unsent<ApmPaymentInput> }
  | { operation: 'direct'; fields: Unsent<DirectPaymentInput> };

/** The service's request for `request`, and what its attempt keeps for the console. */
export function serviceRequest(
  config: CompanionConfig,
  priced: PricedOrder,
  request: PaymentRequest,
  caller: Caller,
): { service: ServiceRequest; details: string } {
  const orderData = orderAndRiskFields(config, priced, request, caller);
  const details = attemptDetails(orderData, request);
  const common = { ...payerFields(config, request.body, priced, caller), ...orderData };
  const resolved = priced.order;
  if (request.kind === 'checkout') {
    const fields = { ...common, ...cardAndCheckoutFields(request.body, resolved, caller) };
    return { service: { operation: 'checkout', fields: withoutEmpty(fields) }, details };
  }
  if (request.kind === 'apm') {
    const { payment_method, bank_code } = request.body;
    const fields = { ...common, payment_method, bank_code };
    return { service: { operation: 'apm', fields: withoutEmpty(fields) }, details };
  }
  // The card typed in the widget; a saved card's token_id is among the order fields.
  const card = request.kind === 'card' ? request.body.card : undefined;
  const fields = {
    ...common, ...cardAndCheckoutFields(request.body, resolved, caller), card: card?.number, expiration_month: card?.expiry_month,
    expiration_year: card?.expiry_year, security_code: card?.security_code,
  }; // prettier-ignore
  return { service: { operation: 'direct', fields: withoutEmpty(fields) }, details };
}

/**
 * The order and risk fields of one payment request, as its flow takes them. The method, an APM's
 * payer document and the chosen instalments are checked here (400 naming the field), before
 * anything is stored or sent.
 */
function orderAndRiskFields(
  config: CompanionConfig,
  priced: PricedOrder,
  request: PaymentRequest,
  caller: Caller,
) {
  const method = request.kind === 'apm' ? request.body.payment_method : 'card';
  const country = request.body.shopper?.billing?.country;
  checkOffered(config, method, { currency: priced.order.currency, country });
  const order = { ...orderFields(priced), shopper_id: caller.shopper?.id };
  if (request.kind === 'apm') {
    const person = payerPerson(config, request.body);
    return { ...order, ...(person ? { person } : {}) };
  }
  return {
    ...order,
    ...riskFields(priced, caller.shopper, request.body, caller.origin),
    ...chosenInstallments(config.installments, priced, request.body.installments),
    ...tokenFields(request, caller),
  };
}
type OrderAndRiskFields = ReturnType<typeof orderAndRiskFields>;

/**
 * What the attempt keeps of the fields for the console, with an APM's `payment_method` (the
 * metrics label a settled payment with it): the payer's document masked.
 */
function attemptDetails(fields: OrderAndRiskFields, request: PaymentRequest): string {
  const person = 'person' in fields ? fields.person : undefined;
  const method = request.kind === 'apm' ? { payment_method: request.body.payment_method } : {};
  // JSON leaves out what is undefined (an anonymous shopper's shopper_id).
  return JSON.stringify({
    ...fields,
    ...method,
    ...(person ? { person: maskedPerson(person) } : {}),
  });
}

/** The fields of every flow (D A C): the payer, the amount, the device, where to notify. */
function payerFields(
  config: CompanionConfig,
  body: CheckoutSessionRequest,
  priced: PricedOrder,
  caller: Caller,
) {
  const shopper = body.shopper ?? {};
  const device = body.device ?? {};
  const billing = shopper.billing;
  const delivery = shopper.delivery;
  return {
    currency: priced.order.currency,
    amount: formatAmount(priced.amount, priced.order.currency),
    notify_url: `${config.publicUrl}/api/notifications`,
    shopper_email: shopper.email,
    shopper_phone: shopper.phone,
    shopper_ip: caller.ip,
    first_name: shopper.first_name,
    last_name: shopper.last_name,
    billing_country: billing?.country,
    billing_state: billing?.state,
    billing_city: billing?.city,
    billing_address: billing?.address,
    billing_postal_code: billing?.postal_code,
    delivery_firstname: delivery?.first_name,
    delivery_lastname: delivery?.last_name,
    delivery_country: delivery?.country,
    delivery_state: delivery?.state,
    delivery_city: delivery?.city,
    delivery_address: delivery?.address,
    delivery_postal_code: delivery?.postal_code,
    os: device.os,
    browser: device.browser,
    // The element's language before the browser's: the service's pages speak browser_lang.
    browser_lang: body.locale ?? device.browser_lang,
    time_zone: device.time_zone,
    resolution: device.resolution,
    color_depth: device.color_depth,
    cookie_new: device.cookie_new,
    cookie_old: device.cookie_old,
    device_fingerprint: device.device_fingerprint,
    platform_source: device.platform_source ?? 'web',
    device_type: device.device_type,
  };
}

/** The fields marked C or D only: the richer device data and the subscription. */
function cardAndCheckoutFields(
  body: CheckoutSessionRequest,
  resolved: ResolvedOrder,
  caller: Caller,
) {
  const device = body.device ?? {};
  return {
    session_id: device.session_id,
    checkout_time: device.checkout_time ?? Math.floor(Date.now() / 1000),
    user_agent: device.user_agent ?? caller.userAgent,
    ...(resolved.subscription
      ? {
          subscription: {
            contract: resolved.subscription.contract_name,
            contract_name: resolved.subscription.contract_name,
            contract_amount: resolved.subscription.contract_amount,
            interval: resolved.subscription.interval,
            interval_count: String(resolved.subscription.interval_count),
            ...(resolved.subscription.billing_cycle
              ? { billing_cycle: resolved.subscription.billing_cycle }
              : {}),
          },
        }
      : {}),
  };
}

/**
 * The token fields of a direct payment or a checkout: `token_flag` for a typed card (YES when the
 * signed-in shopper asked to save it), `token_id` for a saved one (a checkout's: the saved card's
 * payment gone on for its challenge). Saving without a shopper is refused.
 */
export function tokenFields(
  request: PaymentRequest,
  caller: Caller,
): { token_flag?: 'YES' | 'NO'; token_id?: string } {
  if ((request.kind === 'saved_card' || request.kind === 'checkout') && request.savedCard)
    return { token_id: request.savedCard.token_id };
  if (request.kind !== 'card' && request.kind !== 'checkout') return {};
  if (request.body.save_card && !caller.shopper) {
    throw refusal(400, 'Invalid request', 'save_card', 'only a signed-in shopper can save a card');
  }
  return { token_flag: request.body.save_card ? 'YES' : 'NO' };
}

/** Only the fields that have a value: the signature leaves empty ones out, so they are not sent. */
function withoutEmpty<T extends object>(fields: T): T {
  const kept = { ...fields };
  for (const [name, value] of Object.entries(kept))
    if (value === undefined || value === '') Reflect.deleteProperty(kept, name);
  return kept;
}
