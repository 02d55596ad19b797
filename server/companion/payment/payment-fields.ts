/**
 * The fields of a payment request to the service, from the widget's request, the merchant's
 * resolved order and the caller: the same for every flow, with the richer ones for C and D.
 */
import type {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
} from 'acquiring-checkout/contract';
import { formatAmount } from '../../gateway/index.ts';
import { present } from '../../unknown.ts';
import type { ResolvedOrder, ResolvedShopper } from '../config/index.ts';
import type { Context } from '../core/index.ts';
import type { PaymentMode, Order, SavedCard } from '../store/index.ts';

export type PaymentRequest =
  | { kind: 'checkout'; body: CheckoutSessionRequest }
  | { kind: 'apm'; body: ApmPaymentRequest }
  | { kind: 'card'; body: CardPaymentRequest }
  /** A direct payment with a saved card's token, found for the signed-in shopper. */
  | { kind: 'saved_card'; body: SavedCardPaymentRequest; savedCard: SavedCard };

/** How the attempt pays: a saved card is a direct card payment. */
export function modeOf(kind: PaymentRequest['kind']): PaymentMode {
  return kind === 'saved_card' ? 'card' : kind;
}

/**
 * Where the request came from: its allowed storefront origin, the shopper's address, and the
 * signed-in shopper the merchant's resolveShopper named (undefined: anonymous).
 */
export interface Caller {
  origin: string;
  ip: string;
  userAgent: string;
  shopper?: ResolvedShopper | undefined;
}

export function payerFields(
  ctx: Context,
  body: CheckoutSessionRequest,
  order: Order,
  resolved: ResolvedOrder,
  caller: Caller,
) {
  const shopper = body.shopper ?? {};
  const device = body.device ?? {};
  const billing = shopper.billing;
  const delivery = shopper.delivery;
  return {
    order_no: present(order.order_no, `order ${order.order_ref}'s attempt`),
    currency: resolved.currency,
    amount: formatAmount(order.amount, resolved.currency),
    notify_url: `${ctx.config.publicUrl}/api/notifications`,
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
    browser_lang: device.browser_lang,
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
export function cardAndCheckoutFields(
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

/** Only the fields that have a value: the signature leaves empty ones out, so they are not sent. */
export function withoutEmpty<T extends object>(fields: T): T {
  const kept = { ...fields };
  for (const [name, value] of Object.entries(kept))
    if (value === undefined || value === '') Reflect.deleteProperty(kept, name);
  return kept;
}
