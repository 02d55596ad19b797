/**
 * The batch operations at the sandbox: capture, cancel, review and refund (each order on its own,
 * atomically, with its own status and error_message), and the two searches.
 */
import {
  formatAmount,
  parseAmount,
  type CancelOrder,
  type CaptureOrder,
  type RefundOrder,
  type ReviewOrder,
  type SearchRequest,
} from '../gateway/index.ts';
import { newId, timestamp14, type Engine } from './engine.ts';
import { saveOrder } from './payments.ts';
import type { Order, Refund } from './records.ts';
import * as machine from './state-machine.ts';
import { subscriptionResult } from './subscriptions.ts';

type Item = CaptureOrder | CancelOrder | ReviewOrder | RefundOrder;

/** Finds the item's order, or says why it cannot be used. */
function findOrder(
  engine: Engine,
  merchantId: string,
  item: Item,
): { order: Order } | { error: string } {
  const order = engine.store.orders.get(item.transaction_id);
  if (!order || order.merchant_id !== merchantId)
    return { error: 'record not found: no such transaction_id' };
  if (order.order_no !== item.order_no) return { error: 'order_no does not match the transaction' };
  if (order.currency !== item.currency)
    return { error: `currency does not match the order's ${order.currency}` };
  return { order };
}

/**
 * Runs one order of a batch in its own transaction: finds it, applies `operation`, saves and
 * notifies on success. Returns the error message, or '' on success.
 */
function runItem(
  engine: Engine,
  merchantId: string,
  item: Item,
  event: string,
  operation: (order: Order) => machine.Outcome,
  after?: (order: Order) => void,
): string {
  return engine.store.transaction(() => {
    const found = findOrder(engine, merchantId, item);
    if ('error' in found) return found.error;
    const outcome = operation(found.order);
    if (!outcome.ok) return outcome.error;
    const notified = engine.notifyOrder(outcome.order, event);
    saveOrder(engine, notified);
    after?.(notified);
    return '';
  });
}

function base(item: Item) {
  return {
    amount: item.amount,
    currency: item.currency,
    order_no: item.order_no,
    transaction_id: item.transaction_id,
  };
}

/** The amount as the order's currency reads it; a wrong amount is an error of the item, not of the batch. */
function amountMatches(order: Order, amount: string): machine.Outcome | undefined {
  return parseAmount(amount, order.currency) === order.amount
    ? undefined
    : {
        ok: false,
        error: `amount ${amount} does not match the order's ${formatAmount(order.amount, order.currency)}`,
      };
}

export function captureOrders(engine: Engine, merchantId: string, items: CaptureOrder[]) {
  return items.map((item) => {
    const error = runItem(engine, merchantId, item, 'payment.captured', (order) =>
      machine.capture(order, parseAmount(item.amount, order.currency), engine.now()),
    );
    return { ...base(item), capture_status: error ? 'failed' : 'success', error_message: error };
  });
}

export function cancelOrders(engine: Engine, merchantId: string, items: CancelOrder[]) {
  return items.map((item) => {
    const error = runItem(
      engine,
      merchantId,
      item,
      'payment.cancelled',
      (order) => amountMatches(order, item.amount) ?? machine.cancel(order, engine.now()),
    );
    return { ...base(item), cancel_status: error ? 'failed' : 'success', error_message: error };
  });
}

export function reviewOrders(engine: Engine, merchantId: string, items: ReviewOrder[]) {
  return items.map((item) => {
    const error = runItem(
      engine,
      merchantId,
      item,
      `review.${item.review_flag === 'approve' ? 'approved' : 'rejected'}`,
      (order) =>
        amountMatches(order, item.amount) ?? machine.review(order, item.review_flag, engine.now()),
    );
    const status = item.review_flag === 'approve' ? 'approved' : 'rejected';
    return {
      ...base(item),
      review_flag: item.review_flag,
      review_status: error ? 'failed' : status,
      error_message: error,
    };
  });
}

export function refundOrders(engine: Engine, merchantId: string, items: RefundOrder[]) {
  return items.map((item) => {
    const reference = newId('RF');
    const referenceId = newId('RI');
    const error = runItem(
      engine,
      merchantId,
      item,
      'refund.succeeded',
      (order) =>
        amountMatches(order, item.amount) ??
        machine.refund(order, parseAmount(item.refund_amount, order.currency), engine.now()),
      (order) => {
        const refund: Refund = {
          refund_reference: reference,
          refund_reference_id: referenceId,
          merchant_id: merchantId,
          transaction_id: order.transaction_id,
          order_no: order.order_no,
          currency: order.currency,
          amount: order.amount,
          refund_amount: parseAmount(item.refund_amount, order.currency),
          refund_reason: item.refund_reason ?? '',
          created_at: engine.now(),
        };
        engine.store.refunds.put(
          { refund_reference: reference, merchant_id: merchantId, created_at: refund.created_at },
          refund,
        );
      },
    );
    return {
      ...base(item),
      refund_amount: item.refund_amount,
      refund_reason: item.refund_reason ?? '',
      refund_status: error ? 'failed' : 'success',
      refund_message: error ? `V0001:${error}` : 'V0000:OK',
      refund_reference: error ? '' : reference,
      refund_reference_id: error ? '' : referenceId,
      error_message: error,
    };
  });
}

/** Where a table keeps the two identifiers the filters name: a column, or a field of `doc`. */
interface Identifiers {
  order_no: string;
  transaction_id: string;
}
/** Orders have both as indexed columns: a query by order_no reads one row, not the table. */
const ORDER_COLUMNS: Identifiers = { order_no: 'order_no', transaction_id: 'transaction_id' };
const REFUND_FIELDS: Identifiers = {
  order_no: "json_extract(doc, '$.order_no')",
  transaction_id: "json_extract(doc, '$.transaction_id')",
};

/** The filters of our documented extension, as SQL over a table with merchant_id and created_at. */
function where(
  merchantId: string,
  filters: SearchRequest,
  ids: Identifiers,
): { sql: string; params: (string | number)[] } {
  const clauses = ['merchant_id = ?'];
  const params: (string | number)[] = [merchantId];
  if (filters.order_no) {
    const list = filters.order_no.split(',');
    clauses.push(`${ids.order_no} IN (${list.map(() => '?').join(', ')})`);
    params.push(...list);
  }
  if (filters.transaction_id) {
    clauses.push(`${ids.transaction_id} = ?`);
    params.push(filters.transaction_id);
  }
  const time = (t: string) =>
    Date.UTC(
      +t.slice(0, 4),
      +t.slice(4, 6) - 1,
      +t.slice(6, 8),
      +t.slice(8, 10),
      +t.slice(10, 12),
      +t.slice(12, 14),
    );
  if (filters.date_from) {
    clauses.push('created_at >= ?');
    params.push(time(filters.date_from));
  }
  if (filters.date_to) {
    clauses.push('created_at <= ?');
    params.push(time(filters.date_to) + 999);
  }
  return { sql: `${clauses.join(' AND ')} ORDER BY created_at DESC, rowid DESC LIMIT 100`, params };
}

const QUERY_RESULT: Record<Order['payment_status'], string> = {
  pending: 'pending', review: 'pending', authorised: 'success', captured: 'success',
  partially_refunded: 'success', refunded: 'success', cancelled: 'failure', declined: 'failure', failed: 'failure',
}; // prettier-ignore

/** The query: the most recent 100 orders matching the filters. */
function instalmentsOf(order: Order): { installments?: string; installments_id?: string } {
  const { installments, installments_id }: Record<string, unknown> = order.details ?? {};
  return {
    ...(typeof installments === 'string' ? { installments } : {}),
    ...(typeof installments_id === 'string' ? { installments_id } : {}),
  };
}

export function queryOrders(engine: Engine, merchantId: string, filters: SearchRequest) {
  const { sql, params } = where(merchantId, filters, ORDER_COLUMNS);
  return engine.store.orders.where(sql, ...params).map((order) => {
    const delivery = Object.fromEntries(
      Object.entries(order.echo).filter(([name]) => name.startsWith('delivery_')),
    );
    const subscription = subscriptionResult(engine, order);
    return {
      amount: formatAmount(order.amount, order.currency),
      currency: order.currency,
      ...(Object.keys(delivery).length ? { delivery_information: delivery } : {}),
      antifraud_provider: 'sandbox',
      fraud_check_result: [{ check_items: 'sandbox_rules', status: order.risk_action }],
      is3ds: order.is3ds,
      order_no: order.order_no,
      payment_status: order.payment_status,
      query_result: QUERY_RESULT[order.payment_status],
      reference_no: order.transaction_id,
      shopper_email: order.echo.shopper_email ?? '',
      shopper_phone: order.echo.shopper_phone ?? '',
      ...(subscription ? { subscription_result: subscription } : {}),
      // Our extension: the instalments the payment was made in, when it chose some.
      ...instalmentsOf(order),
      transaction_date: timestamp14(order.created_at),
      transaction_id: order.transaction_id,
      'the service': order.echo['the service'] ?? '',
    };
  });
}

/** The refund search: the most recent 100 refund records matching the filters. */
export function searchRefunds(engine: Engine, merchantId: string, filters: SearchRequest) {
  const { sql, params } = where(merchantId, filters, REFUND_FIELDS);
  return engine.store.refunds.where(sql, ...params).map((refund) => {
    const order = engine.store.orders.get(refund.transaction_id);
    return {
      transaction_id: refund.transaction_id,
      order_no: refund.order_no,
      amount: formatAmount(refund.amount, refund.currency),
      refund_status: 'success',
      payment_status: order?.payment_status ?? '',
      refund_amount: formatAmount(refund.refund_amount, refund.currency),
      refund_reference: refund.refund_reference,
      currency: refund.currency,
      refund_reason: refund.refund_reason,
      refund_reference_id: refund.refund_reference_id,
      refund_date: timestamp14(refund.created_at),
      refund_processing_date: timestamp14(refund.created_at),
    };
  });
}
