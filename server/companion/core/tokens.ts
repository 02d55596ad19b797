/** Secrets the companion hands out: status tokens bound to one order, one-time page tokens. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What randomToken gives: 43 base64url characters (a page's address, a saved card's handle). */
export const RANDOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A random token for a URL: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The token that reads one order's status. Derived from the order reference under a key of the
 * companion's, so a retried request gets the same token without the companion storing it, and no
 * token reads another order.
 */
export function statusToken(key: string, orderRef: string): string {
  return createHmac('sha256', key).update(`order-status:${orderRef}`).digest('base64url');
}

/** Constant-time equality of two secrets of any length. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));
}
