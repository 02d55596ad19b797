import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  NOTIFICATION_TOLERANCE_S,
  signNotification,
  verifyNotification,
} from '../../../server/gateway/index.ts';

/**
 * The notification header at its edges: its exact shape (`t=<seconds>,v1=<64 hex>` and nothing
 * around it), the reason a refusal gives (the companion answers it to the sender), and the
 * tolerance exactly at its bound. Headers are built here with node:crypto from the documented
 * rule, HMAC-SHA256(key, "<t>.<raw body>"), not by the module under test.
 */
const key = 'notify-key';
const body = '{"event":"payment.captured","order_no":"Ö-1","note":"café"}';
const now = 1_800_000_000;

const header = (t: number): string =>
  `t=${t},v1=${createHmac('sha256', key)
    .update(Buffer.from(`${t}.${body}`, 'utf8'))
    .digest('hex')}`;

const malformed = {
  ok: false,
  problem: 'signature',
  reason: 'missing or malformed signature header',
};

describe('notification signature header', () => {
  it('is HMAC-SHA256 of "<t>.<raw body>" read as UTF-8, as the docs say', () => {
    assert.equal(signNotification(body, key, now), header(now));
    assert.deepEqual(verifyNotification(body, header(now), [key], now), { ok: true });
  });

  it('is refused as malformed when missing, with the reason the sender is told', () => {
    assert.deepEqual(verifyNotification(body, undefined, [key], now), malformed);
  });

  it('is refused as malformed with anything before or after it', () => {
    for (const bad of [
      `x,${header(now)}`,
      ` ${header(now)}`,
      `${header(now)},v0=1`,
      `${header(now)} `,
    ]) {
      assert.deepEqual(verifyNotification(body, bad, [key], now), malformed, bad);
    }
  });
});

describe('notification signature tolerance', () => {
  it('accepts a signature exactly the tolerance old or ahead', () => {
    for (const t of [now - NOTIFICATION_TOLERANCE_S, now + NOTIFICATION_TOLERANCE_S]) {
      assert.deepEqual(verifyNotification(body, header(t), [key], now), { ok: true }, String(t));
    }
  });

  it('calls one a second past the tolerance, either way, stale', () => {
    for (const t of [now - NOTIFICATION_TOLERANCE_S - 1, now + NOTIFICATION_TOLERANCE_S + 1]) {
      assert.deepEqual(
        verifyNotification(body, header(t), [key], now),
        { ok: false, problem: 'stale', reason: 'stale signature' },
        String(t),
      );
    }
  });

  it('holds the bound of a tolerance given by the caller', () => {
    assert.deepEqual(verifyNotification(body, header(now - 5), [key], now, 5), { ok: true });
    assert.equal(verifyNotification(body, header(now - 6), [key], now, 5).ok, false);
  });
});
