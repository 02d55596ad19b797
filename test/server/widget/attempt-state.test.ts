/**
 * The widget's attempt (widget/src/attempt-state.ts): every event from every state, as a table
 * a reader can check against the module's own; what each move keeps and drops; and the points
 * where the widget's states meet the companion's (server/companion/attempt-machine/). Pure
 * functions: run in Node.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  isBusy,
  next,
  UNSETTLED,
  type Attempt,
  type AttemptEvent,
} from '../../../widget/src/attempt-state.ts';
import { CheckoutError } from '../../../widget/src/checkout-error.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../widget/src/protocol.ts';
import type { PendingAttempt, SavedAttempt } from '../../../widget/src/saved-attempt.ts';
import {
  isPaid,
  mayMove,
  QUERIED,
  WAITING,
} from '../../../server/companion/attempt-machine/order-status.ts';

const pending: PendingAttempt = {
  order_ref: 'mug.1',
  order_no: 'mug.1-1',
  status_token: 'token',
  companion: 'https://pay.example',
};
const saved: SavedAttempt = { ...pending, attempt_key: 'saved-key-0001', mode: 'checkout' };
const failure = new CheckoutError('network', 'The payment service could not be reached.', true);

/** One attempt in each state, as the element reaches it. */
const STATES: Record<Attempt['is'], Attempt> = {
  idle: { is: 'idle' },
  preparing: { is: 'preparing', key: 'key-1' },
  prepared: { is: 'prepared', key: 'key-1' },
  opening: { is: 'opening', key: 'key-1' },
  page: { is: 'page', key: 'key-1' },
  away: { is: 'away', key: 'key-1' },
  confirming: { is: 'confirming', key: 'key-1' },
  paid: { is: 'paid', outcome: 'authorised', attempt: pending },
  checking: { is: 'checking', saved },
  resumable: { is: 'resumable', saved },
};

/** One event of each kind. */
const EVENTS: Record<AttemptEvent['on'], AttemptEvent> = {
  key: { on: 'key', key: 'key-new' },
  prepare: { on: 'prepare', phase: 'prepared' },
  pay: { on: 'pay', key: 'key-new' },
  continue: { on: 'continue' },
  page: { on: 'page' },
  away: { on: 'away' },
  restored: { on: 'restored' },
  confirm: { on: 'confirm' },
  back: { on: 'back', left: pending },
  status: { on: 'status', status: 'authorised', attempt: pending },
  ended: { on: 'ended', status: 'authorised', attempt: pending },
  fail: { on: 'fail', failure },
  check: { on: 'check', saved },
  resumable: { on: 'resumable' },
  returned: { on: 'returned', saved },
  reset: { on: 'reset' },
};

/**
 * Where each event (a row) leads from each state (a column); `·` where it does not apply: the
 * state stays, the same object.
 */
const TABLE = `
event      idle       preparing  prepared   opening    page       away       confirming paid       checking   resumable
key        idle       ·          ·          ·          ·          ·          ·          ·          ·          ·
prepare    prepared   prepared   ·          ·          ·          ·          ·          ·          ·          ·
pay        opening    opening    opening    ·          ·          ·          ·          ·          ·          ·
continue   ·          ·          ·          ·          ·          ·          ·          ·          ·          opening
page       ·          ·          ·          page       ·          ·          ·          ·          ·          ·
away       away       away       away       away       away       ·          ·          ·          ·          ·
restored   ·          ·          ·          ·          ·          idle       ·          ·          ·          ·
confirm    ·          ·          ·          confirming confirming ·          ·          ·          ·          ·
back       ·          ·          ·          ·          idle       ·          ·          ·          ·          ·
status     ·          ·          ·          paid       paid       paid       paid       ·          paid       ·
ended      ·          ·          ·          ·          ·          ·          ·          ·          ·          paid
fail       idle       idle       idle       idle       idle       idle       idle       ·          ·          ·
check      checking   checking   checking   ·          ·          ·          ·          ·          ·          ·
resumable  ·          ·          ·          ·          ·          ·          ·          ·          resumable  ·
returned   confirming confirming confirming ·          ·          ·          ·          ·          ·          ·
reset      idle       idle       idle       idle       idle       idle       idle       idle       idle       idle
`;

describe('the widget’s attempt', () => {
  describe('moves as its table says, and nowhere else', () => {
    const [header = [], ...rows] = TABLE.trim()
      .split('\n')
      .map((line) => line.split(/\s+/));
    it('from every state, on every event', () => {
      assert.deepEqual(header.slice(1), Object.keys(STATES));
      assert.deepEqual(rows.map(([on]) => on).sort(), Object.keys(EVENTS).sort());
    });
    for (const [on = '', ...cells] of rows) {
      it(`on ${on}`, () => {
        Object.values(STATES).forEach((from, i) => {
          const to = next(from, EVENTS[on as AttemptEvent['on']]);
          if (cells[i] === '·') assert.equal(to, from, `${on} from ${from.is} applies`);
          else assert.equal(to.is, cells[i], `${on} from ${from.is}`);
        });
      });
    }
  });

  it('is busy exactly while a payment is under way or a saved one is read', () => {
    const busy = Object.values(STATES)
      .filter(isBusy)
      .map((a) => a.is);
    assert.deepEqual(busy, ['opening', 'page', 'away', 'confirming', 'checking']);
  });

  describe('Pay', () => {
    it('goes on with the attempt’s key after a failure, and clears what was said', () => {
      const failed = next(STATES.page, EVENTS.fail);
      assert.deepEqual(failed, {
        is: 'idle',
        key: 'key-1',
        failure,
        left: undefined,
        resumed: undefined,
      });
      assert.deepEqual(next(failed, EVENTS.pay), { is: 'opening', key: 'key-1', left: undefined });
    });

    it('takes a new key after an outcome that was not paid: it is a new attempt', () => {
      const declined = next(STATES.confirming, {
        on: 'status',
        status: 'declined',
        attempt: pending,
      });
      assert.deepEqual(declined, { is: 'idle', outcome: 'declined' });
      assert.equal(next(declined, EVENTS.pay).key, 'key-new');
    });

    it('keeps the key its session was prepared with', () => {
      const keyed = next(STATES.idle, EVENTS.key);
      assert.equal(next(keyed, { on: 'key', key: 'another' }), keyed, 'a key is made once');
      const prepared = next(keyed, EVENTS.prepare);
      assert.equal(next(prepared, { on: 'pay', key: 'another' }).key, 'key-new');
    });

    it('carries the attempt whose page the shopper left, which may be paid meanwhile', () => {
      const left = next(STATES.page, EVENTS.back);
      assert.deepEqual(left, { is: 'idle', key: 'key-1', left: pending, resumed: undefined });
      assert.equal(next(left, EVENTS.pay).left, pending);
    });
  });

  describe('an outcome', () => {
    it('of the page left applies only while nothing else is under way and nothing was said', () => {
      const left = next(STATES.page, EVENTS.back);
      assert.equal(next(left, EVENTS.ended).is, 'paid');
      assert.equal(next(next(left, EVENTS.pay), EVENTS.ended).is, 'opening');
      const declined: Attempt = { is: 'idle', key: 'key-1', left: pending, outcome: 'declined' };
      assert.equal(next(declined, EVENTS.ended), declined);
    });

    it('keeps what the service said of a payment that did not go through (a 3-D Secure failed)', () => {
      const info = '3002:3-D Secure authentication failed';
      const failed = next(STATES.confirming, {
        on: 'status',
        status: 'failed',
        attempt: pending,
        info,
      });
      assert.deepEqual(failed, { is: 'idle', outcome: 'failed', info });
    });

    it('read late, for an attempt that has moved on, changes nothing', () => {
      const reset = next(STATES.confirming, EVENTS.reset);
      assert.equal(next(reset, EVENTS.status), reset);
    });
  });

  describe('a saved attempt', () => {
    it('continued, then left for the form by Back: Continue again, not an empty form', () => {
      const opening = next(STATES.resumable, EVENTS.continue);
      const page = next(opening, EVENTS.page);
      assert.deepEqual(next(page, EVENTS.back), { is: 'resumable', saved });
      assert.equal(
        next(next(page, EVENTS.back), EVENTS.ended).is,
        'paid',
        'paid on its page meanwhile',
      );
    });

    it('is continued with its own key, resumed', () => {
      assert.deepEqual(next(STATES.resumable, EVENTS.continue), {
        is: 'opening',
        key: 'saved-key-0001',
        saved,
        resumed: true,
      });
    });

    it('is offered again when continuing it fails, not Pay', () => {
      const continuing = next(STATES.resumable, EVENTS.continue);
      assert.deepEqual(next(continuing, EVENTS.fail), { is: 'resumable', saved, failure });
    });

    it('is confirmed when this page is the return from its redirect, resumed', () => {
      assert.deepEqual(next(STATES.idle, EVENTS.returned), {
        is: 'confirming',
        key: 'saved-key-0001',
        resumed: true,
      });
    });

    it('keeps its key through the APM’s round trip when the browser brings the page back', () => {
      const away = next(STATES.opening, EVENTS.away);
      assert.deepEqual(next(away, EVENTS.restored), {
        is: 'idle',
        key: 'key-1',
        resumed: undefined,
      });
    });
  });

  describe('where it meets the companion’s order status', () => {
    const settled = (status: OrderStatus) =>
      next(STATES.confirming, { on: 'status', status, attempt: pending });

    it('is paid for good exactly when the companion counts the order paid', () => {
      for (const status of ORDER_STATUSES)
        assert.equal(settled(status).is === 'paid', isPaid(status), status);
    });

    it('waits on exactly the statuses the companion counts as not final yet', () => {
      assert.deepEqual([...UNSETTLED].sort(), [...WAITING].sort());
    });

    it('waits on every status the companion queries, each one it may still pay', () => {
      for (const status of QUERIED) assert.ok(UNSETTLED.includes(status), status);
      for (const status of UNSETTLED) assert.ok(mayMove(status, 'authorised'), status);
    });
  });
});
