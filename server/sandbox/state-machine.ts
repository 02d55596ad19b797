/**
 * Every allowed transition of the sandbox's statuses, and the operations that move an order along
 * them. The values and their meanings are in server/gateway/statuses.ts; this module decides what
 * may follow what, and says why when something may not.
 */
import {
  formatAmount,
  type PaymentStatus,
  type PayoutStatus,
  type RecurringStatus,
} from '../gateway/index.ts';
import type { Order } from './records.ts';

/** payment_status: what each status may become. */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['authorised', 'captured', 'review', 'declined', 'failed', 'cancelled'],
  review: ['authorised', 'cancelled'],
  authorised: ['captured', 'cancelled'],
  captured: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  cancelled: [],
  declined: [],
  failed: [],
};

/** recurring_status: a cancelled or completed subscription is never charged again. */
export const RECURRING_TRANSITIONS: Readonly<Record<RecurringStatus, readonly RecurringStatus[]>> =
  {
    active: ['cancelled', 'completed'],
    cancelled: [],
    completed: [],
  };

/** payout status. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  pending: ['completed', 'failed'],
  completed: [],
  failed: [],
};

export type Outcome = { ok: true; order: Order } | { ok: false; error: string };

/** Moves `order` to `to`, recording the event; refuses a transition the table does not allow. */
export function transition(order: Order, to: PaymentStatus, event: string, at: number): Outcome {
  if (!PAYMENT_TRANSITIONS[order.payment_status].includes(to)) {
    return { ok: false, error: `order is ${order.payment_status}; it cannot become ${to}` };
  }
  const history = [...order.history, { at, event, from: order.payment_status, to }];
  return { ok: true, order: { ...order, payment_status: to, history } };
}

const money = (order: Order, minor: number) =>
  `${formatAmount(minor, order.currency)} ${order.currency}`;

/** Captures `amount` of an authorised order: once, and never more than was authorised. */
export function capture(order: Order, amount: number, at: number): Outcome {
  if (order.payment_status === 'cancelled')
    return { ok: false, error: 'order is cancelled; it cannot be captured' };
  if (order.captured > 0) return { ok: false, error: 'order is already captured' };
  if (order.payment_status !== 'authorised') {
    return {
      ok: false,
      error: `order is ${order.payment_status}; only an authorised order can be captured`,
    };
  }
  if (amount <= 0) return { ok: false, error: 'capture amount must be more than zero' };
  if (amount > order.amount) {
    return {
      ok: false,
      error: `capture of ${money(order, amount)} is above the authorised ${money(order, order.amount)}`,
    };
  }
  const moved = transition(order, 'captured', 'capture', at);
  return moved.ok ? { ok: true, order: { ...moved.order, captured: amount } } : moved;
}

/** Cancels an authorised order (a void); a captured one must be refunded instead. */
export function cancel(order: Order, at: number): Outcome {
  if (order.captured > 0)
    return { ok: false, error: 'order is captured; refund it instead of cancelling' };
  if (order.payment_status !== 'authorised') {
    return {
      ok: false,
      error: `order is ${order.payment_status}; only an authorised order can be cancelled`,
    };
  }
  return transition(order, 'cancelled', 'cancel', at);
}

/** Approves (→ authorised) or rejects (→ cancelled) an order held for review. */
export function review(order: Order, flag: 'approve' | 'reject', at: number): Outcome {
  if (order.payment_status !== 'review') {
    return {
      ok: false,
      error: `order is ${order.payment_status}; only an order under review can be reviewed`,
    };
  }
  return transition(order, flag === 'approve' ? 'authorised' : 'cancelled', `review:${flag}`, at);
}

/**
 * Refunds part or all of what was captured. Partial refunds add up; the one that reaches the
 * captured amount makes the order refunded. Never more than captured minus refunded.
 */
export function refund(order: Order, amount: number, at: number): Outcome {
  if (order.payment_status !== 'captured' && order.payment_status !== 'partially_refunded') {
    return {
      ok: false,
      error: `order is ${order.payment_status}; only a captured order can be refunded`,
    };
  }
  if (amount <= 0) return { ok: false, error: 'refund_amount must be more than zero' };
  const left = order.captured - order.refunded;
  if (amount > left) {
    return {
      ok: false,
      error: `refund of ${money(order, amount)} is above what is left to refund, ${money(order, left)}`,
    };
  }
  const refunded = order.refunded + amount;
  const moved = transition(
    order,
    refunded === order.captured ? 'refunded' : 'partially_refunded',
    'refund',
    at,
  );
  return moved.ok ? { ok: true, order: { ...moved.order, refunded } } : moved;
}
