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
  // `update` reads a string as UTF-8.
  return createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest();
}

/** The header value for `rawBody`, signed now (or at `timestamp`, in seconds). */
export function signNotification(
  rawBody: string,
  key: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${mac(key, timestamp, rawBody).toString('hex')}`;
}

/**
 * A refusal says why: `signature` (no header, a malformed one, or one none of the keys made) or
 * `stale` (made with a key, but signed more than the tolerance away from now: a replayed copy,
 * or a clock off on either side).
 */
export type NotificationCheck =
  { ok: true } | { ok: false; problem: 'signature' | 'stale'; reason: string };

/**
 * Checks the header against the raw body with any of `keys`, in constant time, before anything
 * parses the body. The signature is checked before the time, so an old timestamp on a forged
 * header is a bad signature, never a stale one. Never throws.
 */
export function verifyNotification(
  rawBody: string,
  header: string | undefined,
  keys: readonly string[],
  now = Math.floor(Date.now() / 1000),
  toleranceS = NOTIFICATION_TOLERANCE_S,
): NotificationCheck {
  // Stryker disable next-line StringLiteral: equivalent, a missing header's stand-in need only not match
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match)
    return { ok: false, problem: 'signature', reason: 'missing or malformed signature header' };
  const timestamp = Number(match[1]);
  // The second group is not optional: it is a string whenever the pattern matched, and the
  // fallback is there for the type only.
  // Stryker disable next-line StringLiteral: equivalent, never reached
  const hex = match[2] ?? '';
  const given = Buffer.from(hex, 'hex');
  let valid = false;
  for (const key of keys) if (timingSafeEqual(mac(key, timestamp, rawBody), given)) valid = true;
  if (!valid) return { ok: false, problem: 'signature', reason: 'signature does not verify' };
  if (Math.abs(now - timestamp) > toleranceS)
    return { ok: false, problem: 'stale', reason: 'stale signature' };
  return { ok: true };
}
