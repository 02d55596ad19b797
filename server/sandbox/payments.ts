/**
 * Payments at the sandbox: orders, direct card payments, and how a card decides the outcome
 * (test-inputs.ts). The sessions of APM payments and hosted checkouts are in sessions.ts.
 */
import {
  formatAmount,
  parseAmount,
  type ApmPaymentRequest,
  type CheckoutRequest,
  type DirectPaymentRequest,
} from '../gateway/index.ts';
import type { SandboxMerchant } from './config.ts';
import { newId, type Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { orderDetails } from './order-data.ts';
import type { Order } from './records.ts';
import { transition } from './state-machine.ts';
import { checkSubscription, startSubscription, subscriptionFields } from './subscriptions.ts';
import {
  cardBehaviour,
  EXPIRED_CARD,
  isExpired,
  PROCESSING_ERROR_INFO,
  riskOf,
  SUCCESS_INFO,
  TEST_AMOUNTS,
} from './test-inputs.ts';

const ECHOED = [
  'shopper_email', 'shopper_phone', 'the service', 'note', 'delivery_firstname', 'delivery_lastname',
  'delivery_country', 'delivery_state', 'delivery_city', 'delivery_address', 'delivery_postal_code',
] as const; // prettier-ignore

/** 411111******1111 */
export function maskCard(card: string): string {
  return card.slice(0, 6) + '*'.repeat(Math.max(0, card.length - 10)) + card.slice(-4);
}

type PaymentFields = DirectPaymentRequest | ApmPaymentRequest | CheckoutRequest;

/** Records a new pending order; an order_no the merchant already used is refused. */
export function createOrder(
  engine: Engine,
  merchant: SandboxMerchant,
  fields: PaymentFields,
  kind: Order['kind'],
): Order {
  const echo: Record<string, string> = {};
  for (const name of ECHOED) {
    const value: unknown = Reflect.get(fields, name);
    if (typeof value === 'string' && value !== '') echo[name] = value;
  }
  const details = orderDetails(fields);
  const subscription = 'subscription' in fields ? fields.subscription : undefined;
  if (subscription) checkSubscription(subscription, fields.currency);
  const now = engine.now();
  const order: Order = {
    transaction_id: newId('TX'),
    merchant_id: merchant.merchant_id,
    account_id: merchant.account_id,
    order_no: fields.order_no,
    kind,
    currency: fields.currency,
    amount: parseAmount(fields.amount, fields.currency),
    captured: 0,
    refunded: 0,
    payment_status: 'pending',
    order_status: '2',
    result_info: '',
    is3ds: '0',
    risk_action: 'accept',
    risk_score: '0',
    ...(fields.notify_url ? { notify_url: fields.notify_url } : {}),
    ...('return_url' in fields && fields.return_url ? { return_url: fields.return_url } : {}),
    ...(subscription ? { subscription } : {}),
    ...('payment_method' in fields ? { payment_method: fields.payment_method } : {}),
    echo,
    details,
    created_at: now,
    sequence: 0,
    history: [{ at: now, event: 'create', from: null, to: 'pending' }],
  };
  const existing = engine.store.orders.where(
    'merchant_id = ? AND order_no = ?',
    merchant.merchant_id,
    fields.order_no,
  );
  if (existing.length > 0)
    throw new HttpError(400, `order_no ${fields.order_no} is already used`, 'order_no');
  saveOrder(engine, order);
  return order;
}

export function saveOrder(engine: Engine, order: Order): void {
  engine.store.orders.put(
    {
      transaction_id: order.transaction_id,
      merchant_id: order.merchant_id,
      order_no: order.order_no,
      created_at: order.created_at,
    },
    order,
  );
}

/** Must succeed: the transitions asked for here are always allowed from `pending`. */
export function moved(order: Order, to: Order['payment_status'], event: string, at: number): Order {
  const outcome = transition(order, to, event, at);
  if (!outcome.ok) throw new Error(`sandbox bug: ${outcome.error}`);
  return outcome.order;
}

/**
 * Decides a pending order's outcome from its card and amount, notifies, and starts its
 * subscription when it succeeded. `challenged` is true once 3-D Secure was passed on the hosted page.
 */
export function settleWithCard(
  engine: Engine,
  pending: Order,
  card: string,
  challenged: boolean,
  expiry?: { month: string; year: string },
): Order {
  const at = engine.now();
  const test = expiry && isExpired(expiry, at) ? EXPIRED_CARD : cardBehaviour(card);
  let order: Order = {
    ...pending,
    card: maskCard(card),
    is3ds: challenged ? '1' : '0',
    ...riskOf(test.behaviour),
  };
  if (pending.amount % 100000 === TEST_AMOUNTS.processingError) {
    order = {
      ...moved(order, 'failed', 'processing-error', at),
      order_status: '0',
      result_info: PROCESSING_ERROR_INFO,
    };
  } else if (test.behaviour === 'success' || (test.behaviour === 'challenge' && challenged)) {
    order = {
      ...moved(order, 'authorised', 'authorise', at),
      order_status: '1',
      result_info: SUCCESS_INFO,
    };
    order = startSubscription(engine, order);
  } else if (test.behaviour === 'review') {
    order = {
      ...moved(order, 'review', 'risk-review', at),
      order_status: '3',
      result_info: SUCCESS_INFO,
    };
    order = startSubscription(engine, order);
  } else if (test.behaviour === 'challenge') {
    order = {
      ...moved(order, 'failed', 'challenge-required', at),
      order_status: '0',
      result_info: test.result_info,
    };
  } else {
    order = {
      ...moved(order, 'declined', 'decline', at),
      order_status: '0',
      result_info: test.result_info,
    };
  }
  order = engine.notifyOrder(order, `payment.${order.payment_status}`);
  saveOrder(engine, order);
  return order;
}

/** The card a merchant's `token_id` stands for, or a 404 naming the field. */
export function storedCard(engine: Engine, merchant: SandboxMerchant, tokenId: string): string {
  const token = engine.store.cardTokens.get(tokenId);
  if (!token || token.merchant_id !== merchant.merchant_id)
    throw new HttpError(404, 'record not found: token_id', 'token_id');
  return token.card;
}

/** A direct payment: card fields, or a stored token_id. Returns the `respon` fields. */
export function directPayment(
  engine: Engine,
  merchant: SandboxMerchant,
  fields: DirectPaymentRequest,
): Record<string, unknown> {
  return engine.store.transaction(() => {
    const card = fields.token_id ? storedCard(engine, merchant, fields.token_id) : fields.card;
    if (!card) throw new HttpError(400, 'card is required unless token_id is given', 'card');
    let order = createOrder(engine, merchant, fields, 'direct');
    // A stored card's expiry is the service's to know; card fields carry theirs.
    const expiry = fields.token_id
      ? undefined
      : { month: fields.expiration_month ?? '', year: fields.expiration_year ?? '' };
    order = settleWithCard(engine, order, card, false, expiry);
    let tokenId = fields.token_id;
    if (fields.token_flag?.toUpperCase() === 'YES' && order.order_status !== '0' && !tokenId) {
      tokenId = newId('TK');
      engine.store.cardTokens.put(
        { token_id: tokenId, merchant_id: merchant.merchant_id },
        { token_id: tokenId, merchant_id: merchant.merchant_id, card },
      );
    }
    if (tokenId) saveOrder(engine, (order = { ...order, token_id: tokenId }));
    const threeDs = fields.open3d === 'do3DS' || cardBehaviour(card).behaviour === 'challenge';
    return {
      ...orderEcho(order),
      transaction_id: order.transaction_id,
      card: order.card,
      order_status: order.order_status,
      result_info: order.result_info,
      ...subscriptionFields(engine, order),
      note: fields.note ?? '',
      token_id: tokenId ?? '',
      connector: 'sandbox',
      threeds_result: !threeDs
        ? 'not_requested'
        : order.result_info.startsWith('3001')
          ? 'challenge_required'
          : 'frictionless',
      risk_action: order.risk_action,
      risk_score: order.risk_score,
      risk_reasons: { name: 'sandbox_rules', status: order.risk_action },
    };
  });
}

/** The order fields every payment result echoes. */
export function orderEcho(order: Order): Record<string, string> {
  return {
    merchant_id: order.merchant_id,
    account_id: order.account_id,
    order_no: order.order_no,
    amount: formatAmount(order.amount, order.currency),
    currency: order.currency,
  };
}
