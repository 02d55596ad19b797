/**
 * The signature of a notification's raw body, sent in a header (the interface leaves notification
 * signing "not shown"; this is our decision, after the common webhook practice).
 *
 * `Acquiring-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`
 *
 * It lets a receiver check the bytes before parsing them, and refuse a stale one: the sender signs
 * at every delivery attempt, so a genuine retry is always fresh, while a captured copy replayed
 * later is not. The body also carries `encryption_data` like every other message.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const NOTIFICATION_SIGNATURE_HEADER = 'acquiring-signature';

/** How old a notification's signature may be, in seconds. */
export const NOTIFICATION_TOLERANCE_S = 300;

function mac(key: string, timestamp: number, rawBody: string): Buffer {
  return createHmac('sha256', key).update(`${timestamp}.${rawBody}`, 'utf8').digest();
}

/** The header value for `rawBody`, signed now (or at `timestamp`, in seconds). */
export function signNotification(
  rawBody: string,
  key: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${mac(key, timestamp, rawBody).toString('hex')}`;
}

export type NotificationCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks the header against the raw body with any of `keys`, in constant time, before anything
 * parses the body. Never throws.
 */
export function verifyNotification(
  rawBody: string,
  header: string | undefined,
  keys: readonly string[],
  now = Math.floor(Date.now() / 1000),
  toleranceS = NOTIFICATION_TOLERANCE_S,
): NotificationCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return { ok: false, reason: 'missing or malformed signature header' };
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > toleranceS) return { ok: false, reason: 'stale signature' };
  const given = Buffer.from(match[2] as string, 'hex');
  let valid = false;
  for (const key of keys) if (timingSafeEqual(mac(key, timestamp, rawBody), given)) valid = true;
  return valid ? { ok: true } : { ok: false, reason: 'signature does not verify' };
}
