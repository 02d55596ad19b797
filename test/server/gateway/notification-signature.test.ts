import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signNotification, verifyNotification } from '../../../server/gateway/index.ts';

const body = '{"event":"payment.captured","order_no":"A-1"}';
const now = 1_800_000_000;

describe('notification signatures', () => {
  it('verify over the raw body', () => {
    assert.deepEqual(verifyNotification(body, signNotification(body, 'k', now), ['k'], now), {
      ok: true,
    });
  });

  it('refuse a changed body, a wrong key, or a key from before rotation', () => {
    const header = signNotification(body, 'k', now);
    assert.equal(verifyNotification(body.replace('A-1', 'A-2'), header, ['k'], now).ok, false);
    assert.equal(verifyNotification(body, header, ['other'], now).ok, false);
    assert.equal(verifyNotification(body, header, ['other', 'k'], now).ok, true);
  });

  it('refuse a stale one, and one from the future', () => {
    assert.deepEqual(verifyNotification(body, signNotification(body, 'k', now - 301), ['k'], now), {
      ok: false,
      problem: 'stale',
      reason: 'stale signature',
    });
    assert.equal(
      verifyNotification(body, signNotification(body, 'k', now + 301), ['k'], now).ok,
      false,
    );
  });

  it('call an old header that no key made a bad signature, not a stale one', () => {
    const forged = signNotification(body, 'not-the-key', now - 3_600);
    assert.deepEqual(verifyNotification(body, forged, ['k'], now), {
      ok: false,
      problem: 'signature',
      reason: 'signature does not verify',
    });
  });

  it('refuse malformed headers without throwing', () => {
    for (const header of [
      undefined,
      '',
      'v1=abc',
      `t=${now},v1=xyz`,
      `t=${now},v1=${'0'.repeat(63)}`,
      't=abc,v1=' + '0'.repeat(64),
    ]) {
      assert.equal(verifyNotification(body, header, ['k'], now).ok, false);
    }
  });
});
