/**
 * What a shopper reads for each failure: a sentence to act on. A failure the companion says
 * trying again will not mend (the shop's setup) never says "try again in a moment".
 */
import { expect } from '@open-wc/testing';
import { CheckoutError } from '../../widget/src/checkout-error.ts';
import { english } from '../../widget/src/messages.ts';
import { failureText } from '../../widget/src/shopper-text.ts';

const read = (code: string, retryable: boolean) =>
  english[failureText(new CheckoutError(code, 'the companion’s own words', retryable))];

describe('the sentence for a failure', () => {
  it('asks to try again in a moment when the companion says it may work', () => {
    expect(read('unavailable', true)).to.equal(
      'Payments are unavailable right now. Please try again in a moment.',
    );
  });

  it('says the shop cannot take payments when the companion says retrying will not help', () => {
    expect(read('unavailable', false)).to.equal('This shop cannot take payments right now.');
  });

  it('never shows the companion’s own words', () => {
    for (const [code, retryable] of [
      ['invalid', false],
      ['conflict', false],
      ['http_429', true],
      ['network', true],
    ] as const)
      expect(read(code, retryable)).not.to.contain('companion');
  });
});
