/**
 * The documented test inputs: which card numbers, amounts and beneficiaries give which outcome.
 * The docs' table (docs/site/sandbox/test-inputs.md) is written from these.
 */
import type { RiskAction } from '../gateway/index.ts';

export type CardBehaviour = 'success' | 'decline' | 'challenge' | 'review' | 'risk_reject';

export interface TestCard {
  behaviour: CardBehaviour;
  /** result_info on a failure: a code, a colon and a message. */
  result_info: string;
  description: string;
}

export const SUCCESS_INFO = '0000:Success';

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4111111111111111': {
    behaviour: 'success',
    result_info: SUCCESS_INFO,
    description: 'Visa, succeeds',
  },
  '5555555555554444': {
    behaviour: 'success',
    result_info: SUCCESS_INFO,
    description: 'Mastercard, succeeds',
  },
  '378282246310005': {
    behaviour: 'success',
    result_info: SUCCESS_INFO,
    description: 'American Express, succeeds',
  },
  '4000000000000002': {
    behaviour: 'decline',
    result_info: '2005:Do not honour',
    description: 'declined',
  },
  '4000000000009995': {
    behaviour: 'decline',
    result_info: '2051:Insufficient funds',
    description: 'declined, insufficient funds',
  },
  '4000000000000069': {
    behaviour: 'decline',
    result_info: '2054:Expired card',
    description: 'declined, expired card',
  },
  '4000000000000127': {
    behaviour: 'decline',
    result_info: '2082:Incorrect security code',
    description: 'declined, wrong security code',
  },
  '4000000000003220': {
    behaviour: 'challenge',
    result_info: '3001:3-D Secure challenge required; pay through the hosted checkout',
    description: 'asks for a 3-D Secure challenge (hosted checkout); refused by a direct payment',
  },
  '4000000000009235': {
    behaviour: 'review',
    result_info: '0000:Success',
    description: 'held for review (risk_action review)',
  },
  '4100000000000019': {
    behaviour: 'risk_reject',
    result_info: '3010:Refused by risk rules',
    description: 'refused by the risk rules',
  },
};

/** A card whose expiry month has passed is declined as the service's issuers do. */
export const EXPIRED_CARD: TestCard = {
  behaviour: 'decline',
  result_info: '2054:Expired card',
  description: 'an expiry month that has passed (any number)',
};

/** True when the card's expiry month (`MM`, `YYYY` or `YY`) ended before `now`. */
export function isExpired(expiry: { month: string; year: string }, now: number): boolean {
  const year = Number(expiry.year.length === 2 ? `20${expiry.year}` : expiry.year);
  const today = new Date(now);
  return year * 12 + Number(expiry.month) < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

/** Luhn-valid numbers not in the table succeed, as in most sandboxes; others are declined. */
export function cardBehaviour(card: string): TestCard {
  const known = TEST_CARDS[card];
  if (known) return known;
  return luhn(card)
    ? { behaviour: 'success', result_info: SUCCESS_INFO, description: 'any other valid number' }
    : {
        behaviour: 'decline',
        result_info: '2014:Invalid card number',
        description: 'fails the Luhn check',
      };
}

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function riskOf(behaviour: CardBehaviour): { risk_action: RiskAction; risk_score: string } {
  if (behaviour === 'review') return { risk_action: 'review', risk_score: '65' };
  if (behaviour === 'risk_reject') return { risk_action: 'reject', risk_score: '95' };
  return { risk_action: 'accept', risk_score: '10' };
}

/** Amounts, in minor units of any currency (91.01 USD, 9101 JPY, 9.101 KWD), that act. */
export const TEST_AMOUNTS = {
  /** The payment fails with a processing error. */
  processingError: 9101,
  /** The answer comes after `slowAnswerMs`; the payment then succeeds. */
  slowAnswer: 9102,
} as const;

export const PROCESSING_ERROR_INFO = '9101:Processing error, try again';

/** Beneficiary account numbers (bank_details.account_number) whose payouts fail. */
export const FAILING_BENEFICIARIES: Readonly<
  Record<string, { failure_reason: string; failure_type: string }>
> = {
  '11111111': { failure_reason: 'beneficiary account closed', failure_type: 'ACCOUNT_CLOSED' },
  '22222222': {
    failure_reason: 'beneficiary name does not match the account',
    failure_type: 'NAME_MISMATCH',
  },
  '33333333': { failure_reason: 'refused by compliance review', failure_type: 'COMPLIANCE' },
};

/** The code that passes the simulated 3-D Secure challenge; any other fails it. */
export const CHALLENGE_CODE = '1234';

/**
 * The sandbox's fixed test exchange rates for payouts whose source_currency is not their
 * payment_currency: how many units of each currency one US dollar buys, as exact decimals. A cross
 * rate is the ratio of two (GBP → EUR is 0.92 / 0.79), applied exactly and rounded once.
 */
export const TEST_RATES_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  BRL: '5.00',
  MXN: '17.00',
  CAD: '1.36',
  JPY: '150',
  KWD: '0.307',
};

/** The payer document each APM needs in `person`, by payment_method (upper case). */
export const APM_PAYER_DOCUMENTS: Readonly<Record<string, 'CPF'>> = { PIX: 'CPF' };

/** A CPF whose check digits match: PIX payments with it go on to the issuer page. */
export const TEST_CPF = '529.982.247-25';
