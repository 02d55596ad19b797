/**
 * What the shopper reads for each outcome (widget/src/shopper-text.ts), for every status, mode and
 * what the service said: a decline names only ways to pay the element offers, a 3-D Secure
 * challenge not passed says so and what to do, and an expired payment names the button it shows.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ORDER_STATUSES } from '../../../widget/src/protocol.ts';
import { outcomeText } from '../../../widget/src/shopper-text.ts';
import type { Messages } from '../../../widget/src/messages-type.ts';

const MODES = ['checkout', 'card', 'apm', 'auto'] as const;
const SAID = ['', '2005:Do not honour', '3002:3-D Secure authentication failed'];

describe('the sentence for an outcome', () => {
  let english: Messages;
  before(async () => {
    // messages.ts reads the build's flag (lazy.ts): off, as in the npm build.
    Reflect.set(globalThis, '__ACQUIRING_IIFE__', false);
    ({ english } = await import('../../../widget/src/messages.ts'));
  });
  const read = (status: (typeof ORDER_STATUSES)[number], mode: string, info: string) =>
    english[outcomeText(status, info, mode === 'card' || mode === 'checkout')];

  for (const mode of MODES)
    it(`${mode}: names no way to pay the mode does not offer, and says what to do`, () => {
      for (const status of ORDER_STATUSES)
        for (const info of SAID) {
          const sentence = read(status, mode, info);
          if (mode !== 'auto' && mode !== 'apm')
            assert.doesNotMatch(sentence, /payment method/, `${status} ${info}`);
          if (status === 'failed' && info.startsWith('3002:'))
            assert.equal(sentence, english.not_verified, 'a challenge not passed');
        }
    });

  it('a challenge not passed says the bank could not confirm it, and what to do next', () => {
    assert.match(english.not_verified, /bank could not confirm/);
    assert.match(english.not_verified, /Pay again|another card/);
  });

  it('an expired payment names the one button it shows, Pay', () => {
    assert.match(english.expired, /\bPay again\b/);
    assert.doesNotMatch(english.expired, /start again/i);
  });

  it('Continue says what it continues, and how to start over', () => {
    assert.match(english.resume_note, /payment is not finished/);
    assert.match(english.resume_note, /start over/);
  });
});
