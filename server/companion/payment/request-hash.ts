/**
 * What a payment request asks the service for, as one hash kept on its attempt. A widget may start
 * a checkout session before Pay (once the form is valid: a session charges nobody) and send the
 * same request again at Pay; the same hash then reuses the attempt. A changed form gives another
 * hash, and an attempt nobody has opened yet is replaced by a fresh one (attempts.ts), so the
 * service never gets a shopper's old details.
 */
import { canonicalString } from '../../gateway/index.ts';
import type { CheckoutSessionRequest } from 'acquiring-checkout/contract';
import { sha256 } from '../core/index.ts';

/**
 * Device fields that change by themselves between two requests of one page (a clock in seconds,
 * the visitor cookie's last-seen time): not something the shopper or the merchant changed.
 */
const VOLATILE_DEVICE_FIELDS = new Set(['checkout_time', 'cookie_old', 'cookie_new']);

/**
 * The hash of a checkout session request. Checkouts only: they alone are prepared before Pay (an
 * APM or card payment starts a payment), and a card number is never hashed into a stored value.
 */
export function requestHash(body: CheckoutSessionRequest): string {
  // Who asks (attempt_key, client_secret) is not what is asked for.
  const { attempt_key: _key, client_secret: _secret, device, ...asked } = body;
  const steady = Object.fromEntries(
    Object.entries(device ?? {}).filter(([name]) => !VOLATILE_DEVICE_FIELDS.has(name)),
  );
  return sha256(canonicalString({ ...asked, device: steady }));
}
