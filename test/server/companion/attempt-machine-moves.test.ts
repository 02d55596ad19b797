/**
 * The lifecycle table's moves as the store carries them out (attempt-machine/transitions.ts): the
 * order's status an event gives, the mistakes of a caller that asks the table for one it cannot
 * give, and the guard on the order's status a settled attempt writes under (`orderGuardOf`:
 * expiry leaves a paid order alone; a reported status is written only over those that take it).
 * Pure: no store.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { QUERIED, statusesTaking } from '../../../server/companion/attempt-machine/order-status.ts';
import {
  moveOf,
  orderGuardOf,
  orderStatusOf,
} from '../../../server/companion/attempt-machine/transitions.ts';

describe("an event's move", () => {
  it('leaves the order as it is when the table says unchanged (a page opened)', () => {
    assert.deepEqual(moveOf('opened'), { event: 'opened', status: undefined });
    assert.deepEqual(moveOf('opened', 'authorised'), { event: 'opened', status: undefined });
  });

  it("takes the table's own status over a reported one (a claim: created)", () => {
    assert.deepEqual(moveOf('claimed', 'authorised'), { event: 'claimed', status: 'created' });
  });

  it("takes the service's status when the table says as reported", () => {
    assert.deepEqual(moveOf('adopted', 'captured'), { event: 'adopted', status: 'captured' });
  });

  it("refuses an as-reported event without the service's status", () => {
    assert.throws(() => moveOf('answered'), {
      message: "the answered event needs the service's status",
    });
  });
});

describe("the order's status an event fixes", () => {
  it('is the one the table gives', () => {
    assert.equal(orderStatusOf('claimed'), 'created');
    assert.equal(orderStatusOf('never-arrived'), 'failed');
  });

  it('is refused for an event that leaves the status as it is', () => {
    assert.throws(() => orderStatusOf('opened'), {
      message: "the opened event leaves the order's status as it is",
    });
  });
});

describe("the guard on the order's status a settled attempt writes under", () => {
  it('expiry: only an order the service may still decide, or the attempt stays too', () => {
    assert.deepEqual(orderGuardOf(moveOf('expired')), { from: QUERIED, strict: true });
  });

  it('a reported status: over those that take it; a newer one stands, the attempt moves', () => {
    assert.deepEqual(orderGuardOf(moveOf('adopted', 'authorised')), {
      from: statusesTaking('authorised'),
      strict: false,
    });
    assert.deepEqual(orderGuardOf(moveOf('ended', 'declined')), {
      from: statusesTaking('declined'),
      strict: false,
    });
  });

  it('a status the order table does not know is written over none', () => {
    const bogus = { event: 'adopted', status: 'no-such-status' } as unknown as Parameters<
      typeof orderGuardOf
    >[0];
    assert.deepEqual(orderGuardOf(bogus), { from: [], strict: false });
  });

  it("no guard for the table's own status or none: the attempt's from-states guard it", () => {
    assert.equal(orderGuardOf(moveOf('claimed')), undefined);
    assert.equal(orderGuardOf(moveOf('never-arrived')), undefined);
    assert.equal(orderGuardOf(moveOf('opened')), undefined);
  });
});
