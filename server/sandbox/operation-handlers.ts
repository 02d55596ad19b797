/**
 * What the sandbox does with each operation of the interface, once its request is read, its
 * signature checked and its schema passed (api.ts): one entry per operation of the table.
 */
import {
  parseAmount,
  RETURN_STATUS_OK,
  type OperationName,
  type RequestOf,
} from '../gateway/index.ts';
import { answer, envelope, sendJson, sendXml, type Call, type Refusal } from './answers.ts';
import type { Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { directPayment } from './payments.ts';
import { apmPayment, checkout } from './sessions.ts';
import {
  cancelOrders,
  captureOrders,
  queryOrders,
  refundOrders,
  reviewOrders,
  searchRefunds,
} from './batches.ts';
import { cancelSubscription } from './subscriptions.ts';
import { createPayout } from './payouts.ts';
import { checkoutResponsePage } from './pages.ts';
import { TEST_AMOUNTS } from './test-inputs.ts';

/** What the sandbox does with one operation's valid request, and how it refuses one. */
export interface Handler<K extends OperationName> {
  refusal: Refusal;
  act: (call: Call, fields: RequestOf<K>) => Promise<void> | void;
  /** Where operations share a path (/v1/authorise): whether a body is this operation's. */
  claims?: (fields: Record<string, unknown>) => boolean;
}
export type Handlers = { [K in OperationName]: Handler<K> };

/** The slow-answer test amount waits before acting. */
async function slowAnswer(
  engine: Engine,
  fields: { amount: string; currency: string },
): Promise<void> {
  if (parseAmount(fields.amount, fields.currency) % 100000 === TEST_AMOUNTS.slowAnswer) {
    await new Promise((resolve) => setTimeout(resolve, engine.config.slowAnswerMs));
  }
  if (engine.closed) throw new HttpError(404, 'the sandbox is shutting down');
}

/** What the sandbox does for each operation of the table (a missing one fails to compile). */
export function operationHandlers(engine: Engine): Handlers {
  const ok = (call: Call, extra: Record<string, unknown>) =>
    envelope(call, RETURN_STATUS_OK, 'OK', extra);
  const merchantOf = (call: Call) => call.merchant.merchant_id;
  return {
    directPayment: {
      refusal: 'http',
      act: async (call, fields) => {
        await slowAnswer(engine, fields);
        sendXml(call, directPayment(engine, call.merchant, fields));
      },
    },
    apmPayment: {
      refusal: 'http',
      // One path, two operations: an APM payment names its payment_method.
      claims: (fields) => typeof fields.payment_method === 'string',
      act: async (call, fields) => {
        await slowAnswer(engine, fields);
        sendXml(call, apmPayment(engine, call.merchant, fields));
      },
    },
    checkout: {
      refusal: 'http',
      act: async (call, fields) => {
        await slowAnswer(engine, fields);
        const { session } = checkout(engine, call.merchant, fields);
        const cancelUrl = fields.return_url ?? `${engine.config.publicUrl}/hosted/done`;
        const action = `${engine.config.publicUrl}/hosted/checkout`;
        answer(
          call,
          'text/html',
          checkoutResponsePage(action, call.fields, session.token, cancelUrl),
        );
      },
    },
    query: {
      refusal: 'envelope',
      act: (call, fields) => {
        const ip = call.request.socket.remoteAddress ?? '';
        if (!engine.config.queryIps.includes(ip)) {
          return envelope(call, '0', `the IP address ${ip} is not registered for queries`);
        }
        ok(call, { orders_list: queryOrders(engine, merchantOf(call), fields) });
      },
    },
    refundSearch: {
      refusal: 'envelope',
      act: (call, fields) =>
        ok(call, { refund_orders: searchRefunds(engine, merchantOf(call), fields) }),
    },
    // Each schema has checked its items, and refused more orders than the limit, as a whole.
    capture: {
      refusal: 'envelope',
      act: (call, { capture_orders }) =>
        ok(call, { capture_orders: captureOrders(engine, merchantOf(call), capture_orders) }),
    },
    cancel: {
      refusal: 'envelope',
      act: (call, { cancel_orders }) =>
        ok(call, { cancel_orders: cancelOrders(engine, merchantOf(call), cancel_orders) }),
    },
    review: {
      refusal: 'envelope',
      act: (call, { review_orders }) =>
        ok(call, { review_orders: reviewOrders(engine, merchantOf(call), review_orders) }),
    },
    refund: {
      refusal: 'envelope',
      act: (call, { refund_orders }) =>
        ok(call, { refund_orders: refundOrders(engine, merchantOf(call), refund_orders) }),
    },
    cancelSubscription: {
      refusal: 'envelope',
      act: (call, { recurring_id, contract_name }) => {
        const { merchant_id, account_id } = call.merchant;
        const result = cancelSubscription(engine, merchant_id, recurring_id, contract_name);
        sendJson(call, { merchant_id, account_id, recurring_id, contract_name, ...result });
      },
    },
    payout: {
      refusal: 'http',
      act: (call, fields) => sendJson(call, createPayout(engine, fields)),
    },
  };
}
