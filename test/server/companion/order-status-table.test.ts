/**
 * What the companion reads off the order table (attempt-machine/order-status.ts), each list
 * spelled out by hand: which words are statuses, which statuses a store write may overwrite, which
 * ones the status poll and the metrics wait on, what a direct payment's result and a refund leave
 * an order in. attempt-machine.test.ts checks the table's moves; this checks what is read from it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ORDER_STATUSES, type OrderStatus } from 'acquiring-checkout/contract';
import { UNSETTLED } from '../../../widget/src/attempt-state.ts';
import {
  afterRefund,
  awaitsService,
  isOrderStatus,
  isReported,
  isUnpaidEnd,
  mayMove,
  needsAuthentication,
  statusesTaking,
  statusOfOrderStatus,
  WAITING,
} from '../../../server/companion/attempt-machine/order-status.ts';

const sorted = (statuses: readonly string[]) => [...statuses].sort();
const where = (test: (status: OrderStatus) => boolean) => sorted(ORDER_STATUSES.filter(test));

describe('which words are statuses', () => {
  it('knows every order status, and nothing else', () => {
    for (const status of ORDER_STATUSES) assert.equal(isOrderStatus(status), true, status);
    for (const word of ['shipped', 'Pending', '', 42, null, undefined, ['pending']])
      assert.equal(isOrderStatus(word), false, String(word));
  });

  it("takes only the service's payment statuses for its word", () => {
    for (const word of ['shipped', 'expired', 0, null, undefined])
      assert.equal(isReported(word), false, String(word));
  });

  it('lets the service move an order out of a status the table does not have', () => {
    assert.equal(mayMove('shipped', 'authorised'), true);
    assert.equal(mayMove('shipped', 'refunded'), true);
  });
});

describe("the store's guard: which statuses a reported status may overwrite", () => {
  // Not started, not known and expired by us take anything; the rest only what comes after them.
  const cases: [OrderStatus, OrderStatus[]][] = [
    ['pending', ['created', 'unknown', 'expired', 'pending']],
    ['authorised', ['created', 'unknown', 'expired', 'pending', 'review', 'authorised']],
    ['declined', ['created', 'unknown', 'expired', 'pending', 'review', 'authorised', 'declined']],
    ['refunded', ['created', 'unknown', 'expired', 'pending', 'review', 'authorised', 'captured', 'partially_refunded', 'refunded']], // prettier-ignore
  ];
  for (const [reported, over] of cases)
    it(`writes ${reported} over ${over.join(', ')}`, () =>
      assert.deepEqual(sorted(statusesTaking(reported)), sorted(over)));
});

describe('what is still waiting', () => {
  it('polls the service only for an order it may still decide', () => {
    assert.deepEqual(where(awaitsService), ['pending', 'unknown']);
  });

  it('counts as waiting exactly what the widget keeps polling for (its UNSETTLED)', () => {
    assert.deepEqual(sorted(WAITING), ['created', 'pending', 'unknown']);
    assert.deepEqual(sorted(WAITING), sorted(UNSETTLED));
  });

  it('ends an attempt for good only on a status nothing moves on from, unpaid', () => {
    // `expired` is unpaid but a late payment still moves it; `refunded` is final but paid.
    assert.deepEqual(where(isUnpaidEnd), ['cancelled', 'declined', 'failed']);
  });
});

describe("a direct payment's result", () => {
  const cases: [string, string, OrderStatus][] = [
    ['1', '0000:Success', 'authorised'],
    ['3', '0000:Success', 'review'],
    ['2', '0000:Success', 'pending'],
    ['0', '2005:Do not honour', 'declined'],
    ['0', '2051:Insufficient funds', 'declined'],
    ['0', '3010:Refused by risk rules', 'declined'],
    ['0', '9101:Processing error, try again', 'failed'],
    ['0', '3002:3-D Secure authentication failed', 'failed'],
    // The code is what leads the text: a code named later in the message is not the result's.
    ['0', '9101:Processing error, issuer said 2005: Do not honour', 'failed'],
    ['0', '9101:Processing error, risk said 3010: Refused', 'failed'],
  ];
  for (const [orderStatus, resultInfo, status] of cases)
    it(`order_status ${orderStatus}, ${resultInfo}: ${status}`, () =>
      assert.equal(statusOfOrderStatus(orderStatus, resultInfo), status));

  it('needs 3-D Secure only when the code or threeds_result says so', () => {
    assert.equal(needsAuthentication('3001:3-D Secure challenge required'), true);
    assert.equal(needsAuthentication('9999:Other', 'challenge_required'), true);
    assert.equal(needsAuthentication('2005:Do not honour'), false);
    assert.equal(needsAuthentication('9101:Processing error after 3001: challenge'), false);
    assert.equal(needsAuthentication('3002:3-D Secure authentication failed', 'failed'), false);
  });
});

describe('a refund', () => {
  it('leaves an order refunded once all that was captured is refunded, in part before', () => {
    assert.equal(afterRefund(1_000, 1_000), 'refunded');
    assert.equal(afterRefund(400, 1_000), 'partially_refunded');
    assert.equal(afterRefund(999, 1_000), 'partially_refunded');
  });
});
