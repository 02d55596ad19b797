/**
 * What a shopper reads about a payment: a sentence from messages.ts for each outcome and failure,
 * never a status name, an order reference or a field path.
 */
import type { CheckoutError } from './companion-client.ts';
import type { Messages } from './messages-type.ts';
import { PAID_STATUSES, type OrderStatus } from './protocol.ts';

/**
 * What the shopper reads for a settled order: a sentence, never a status name. `info` is what the
 * service said (`3002`: its 3-D Secure challenge was not passed, docs/site/sandbox/test-inputs.md);
 * `oneWay`: the element offers no other way to pay, so a decline names none.
 */
export function outcomeText(status: OrderStatus, info = '', oneWay = false): keyof Messages {
  if (status === 'declined' && oneWay) return 'declined_card';
  if (status === 'review' || status === 'declined' || status === 'cancelled') return status;
  if (status === 'expired') return 'expired';
  if (info.startsWith('3002:')) return 'not_verified';
  return PAID_STATUSES.includes(status) ? 'paid' : 'failed';
}

/**
 * What the shopper reads for a failure: a sentence they can act on. The companion's own words
 * (an order reference, a field path) stay in the acquiring-failure event for developers.
 */
export function failureText(failure: CheckoutError): keyof Messages {
  // The companion said trying again will not help (its setup, or the shop's): no "in a moment".
  if (failure.code === 'unavailable' && !failure.retryable) return 'shop_unavailable';
  const byCode: Record<string, keyof Messages> = {
    network: 'unavailable',
    unavailable: 'unavailable',
    card: 'unavailable',
    http_429: 'too_many',
    http_404: 'order_unknown',
    http_403: 'already_paid',
    conflict: 'already_paid',
    invalid: 'check_details',
  };
  return byCode[failure.code] ?? 'failed';
}
