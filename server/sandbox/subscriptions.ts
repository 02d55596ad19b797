/**
 * Recurring contracts: started by a successful payment that carries a `subscription`, charged at
 * every period as the sandbox clock passes it, stopped at once by a cancel (rule 1 of the interface).
 */
import {
  formatAmount,
  parseAmount,
  type Subscription as SubscriptionFields,
} from '../gateway/index.ts';
import { dateTimeSpace, newId, type Engine } from './engine.ts';
import type { Order, Subscription } from './records.ts';
import { RECURRING_TRANSITIONS } from './state-machine.ts';
import { HttpError } from './http-error.ts';
import { messageOf } from '../unknown.ts';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

const isInterval = (value: string): value is Subscription['interval'] =>
  INTERVALS.some((interval) => interval === value);

/** The time one period after `from`, in UTC calendar terms (a month after 31 January is 3 March). */
export function addInterval(
  from: number,
  interval: Subscription['interval'],
  count: number,
): number {
  const date = new Date(from);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  return date.getTime();
}

/** Checks a payment's `subscription` before anything is recorded; throws a 400 naming the field. */
export function checkSubscription(fields: SubscriptionFields, currency: string): void {
  if (!isInterval(fields.interval)) {
    throw new HttpError(
      400,
      `subscription.interval must be one of ${INTERVALS.join(', ')}`,
      'subscription.interval',
    );
  }
  if (!/^[1-9]\d{0,2}$/.test(fields.interval_count)) {
    throw new HttpError(
      400,
      'subscription.interval_count must be a whole number from 1 to 999',
      'subscription.interval_count',
    );
  }
  try {
    parseAmount(fields.contract_amount, currency);
  } catch (error) {
    throw new HttpError(
      400,
      `subscription.contract_amount: ${messageOf(error)}`,
      'subscription.contract_amount',
    );
  }
}

/** Starts the contract of a payment that just succeeded; returns the order with its recurring_id. */
export function startSubscription(engine: Engine, order: Order): Order {
  const fields = order.subscription;
  // Its interval was checked when the order was made (checkSubscription).
  if (!fields || order.recurring_id || !isInterval(fields.interval)) return order;
  const now = engine.now();
  const { interval } = fields;
  const cycles = fields.billing_cycle === undefined ? undefined : Number(fields.billing_cycle);
  const subscription: Subscription = {
    recurring_id: newId('RC'),
    merchant_id: order.merchant_id,
    account_id: order.account_id,
    transaction_id: order.transaction_id,
    contract_name: fields.contract_name,
    currency: order.currency,
    amount: parseAmount(fields.contract_amount, order.currency),
    interval,
    interval_count: Number(fields.interval_count),
    ...(cycles === undefined ? {} : { billing_cycle: cycles }),
    charges: 1,
    last_charge_at: now,
    next_charge_at: cycles === 1 ? null : addInterval(now, interval, Number(fields.interval_count)),
    status: cycles === 1 ? 'completed' : 'active',
    ...(order.notify_url ? { notify_url: order.notify_url } : {}),
  };
  save(engine, subscription);
  return { ...order, recurring_id: subscription.recurring_id };
}

function save(engine: Engine, subscription: Subscription): void {
  engine.store.subscriptions.put(
    {
      recurring_id: subscription.recurring_id,
      merchant_id: subscription.merchant_id,
      next_charge_at: subscription.next_charge_at,
    },
    subscription,
  );
}

/** The subscription fields of a direct payment result. */
export function subscriptionFields(engine: Engine, order: Order): Record<string, string> {
  const subscription = order.recurring_id
    ? engine.store.subscriptions.get(order.recurring_id)
    : undefined;
  if (!subscription) return {};
  return {
    contract_name: subscription.contract_name,
    recurring_id: subscription.recurring_id,
    recurring_deduction_period: `${subscription.interval_count} ${subscription.interval}`,
    recurring_deduction_time: dateTimeSpace(
      subscription.next_charge_at ?? subscription.last_charge_at,
    ),
  };
}

/** The query's subscription_result of an order. */
export function subscriptionResult(
  engine: Engine,
  order: Order,
): Record<string, string> | undefined {
  const subscription = order.recurring_id
    ? engine.store.subscriptions.get(order.recurring_id)
    : undefined;
  if (!subscription) return undefined;
  return {
    contract_name: subscription.contract_name,
    recurring_id: subscription.recurring_id,
    recurring_deduction_period: String(subscription.charges),
    recurring_deduction_time: dateTimeSpace(subscription.last_charge_at),
    recurring_status: subscription.status,
  };
}

/** Charges every active subscription whose period has come, as often as it has come. */
export function chargeDueSubscriptions(engine: Engine): void {
  const now = engine.now();
  const due = engine.store.subscriptions.where(
    "json_extract(doc, '$.status') = 'active' AND next_charge_at <= ?",
    now,
  );
  for (const { recurring_id } of due) {
    engine.store.transaction(() => {
      let subscription = engine.store.subscriptions.get(recurring_id);
      // A bound on catching up, so a clock moved years ahead cannot loop for long.
      for (
        let i = 0;
        i < 1000 &&
        subscription?.status === 'active' &&
        (subscription.next_charge_at ?? Infinity) <= now;
        i++
      ) {
        subscription = charge(engine, subscription);
      }
    });
  }
}

function charge(engine: Engine, subscription: Subscription): Subscription {
  const parent = engine.store.orders.get(subscription.transaction_id);
  const at = subscription.next_charge_at ?? engine.now();
  const charges = subscription.charges + 1;
  const order: Order = {
    transaction_id: newId('TX'),
    merchant_id: subscription.merchant_id,
    account_id: subscription.account_id,
    order_no: `${parent?.order_no ?? subscription.recurring_id}-R${charges}`,
    kind: 'recurring',
    currency: subscription.currency,
    amount: subscription.amount,
    captured: subscription.amount,
    refunded: 0,
    payment_status: 'captured',
    order_status: '1',
    result_info: '0000:Success',
    is3ds: '0',
    risk_action: 'accept',
    risk_score: '0',
    ...(parent?.card ? { card: parent.card } : {}),
    recurring_id: subscription.recurring_id,
    ...(subscription.notify_url ? { notify_url: subscription.notify_url } : {}),
    echo: parent?.echo ?? {},
    created_at: at,
    sequence: 0,
    history: [{ at, event: 'subscription:charge', from: null, to: 'captured' }],
  };
  const notified = engine.notifyOrder(order, 'subscription.charged', {
    contract_name: subscription.contract_name,
    recurring_deduction_period: String(charges),
  });
  engine.store.orders.put(
    {
      transaction_id: order.transaction_id,
      merchant_id: order.merchant_id,
      order_no: order.order_no,
      created_at: at,
    },
    notified,
  );
  const finished =
    subscription.billing_cycle !== undefined && charges >= subscription.billing_cycle;
  const next: Subscription = {
    ...subscription,
    charges,
    last_charge_at: at,
    next_charge_at: finished
      ? null
      : addInterval(at, subscription.interval, subscription.interval_count),
    status: finished ? 'completed' : 'active',
  };
  save(engine, next);
  return next;
}

/** Cancels a subscription at once: no later charge. Returns the result's fields. */
export function cancelSubscription(
  engine: Engine,
  merchantId: string,
  recurringId: string,
  contractName: string,
): { cancel_status: 'success' | 'failed'; error_message: string } {
  return engine.store.transaction(() => {
    const subscription = engine.store.subscriptions.get(recurringId);
    if (!subscription || subscription.merchant_id !== merchantId) {
      return { cancel_status: 'failed', error_message: 'record not found: no such recurring_id' };
    }
    if (subscription.contract_name !== contractName) {
      return {
        cancel_status: 'failed',
        error_message: 'contract_name does not match the subscription',
      };
    }
    if (!RECURRING_TRANSITIONS[subscription.status].includes('cancelled')) {
      return {
        cancel_status: 'failed',
        error_message: `subscription is ${subscription.status}; it cannot be cancelled`,
      };
    }
    save(engine, { ...subscription, status: 'cancelled', next_charge_at: null });
    engine.notify(merchantId, subscription.notify_url, {
      event: 'subscription.cancelled',
      merchant_id: merchantId,
      account_id: subscription.account_id,
      recurring_id: recurringId,
      contract_name: contractName,
      recurring_status: 'cancelled',
      amount: formatAmount(subscription.amount, subscription.currency),
      currency: subscription.currency,
    });
    return { cancel_status: 'success', error_message: '' };
  });
}
