/**
 * The merchant's operations, as one table: each names its body schema, whether it honours (or
 * requires) an Idempotency-Key, and what it does. operations.ts turns the table into routes.
 */
import { z } from 'zod';
import {
  formatAmount,
  parseAmount,
  RecordNotFoundError,
  timestamp14,
} from '../../../gateway/index.ts';
import { OrderRef } from 'acquiring-checkout/contract';
import {
  AFTER_OPERATION,
  afterRefund,
  isUnpaidEnd,
  statusOfOrderStatus,
} from '../../attempt-machine/index.ts';
import { orderFields, riskFields, priceOrder } from '../../payment/index.ts';
import { amountOr400, refusal } from '../../core/index.ts';
import { reconcileAll } from '../../settlement/index.ts';
import { lineOf, orderIn, ordersOf, reference, refAt, settle } from './batch.ts';
import { operation, withoutLines, type Operation } from './operation.ts';
import { payouts } from './payout-operation.ts';

export type { Answer } from './operation.ts';

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string like 10.50');
const Orders = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    orders: z
      .array(z.object({ order_ref: OrderRef, ...shape }))
      .min(1)
      .max(1000),
  });
/** The service's own filters, each checked as the service checks it (a date that is a date). */
const SearchBody = z.object({
  order_no: z.union([z.string(), z.array(z.string())]).optional(),
  transaction_id: z.string().optional(),
  date_from: timestamp14.optional(),
  date_to: timestamp14.optional(),
});

export const OPERATIONS = {
  query: operation({
    body: SearchBody,
    idempotency: 'none',
    prepare: (ctx, filters) =>
      withoutLines(async () => ({ status: 200, body: await ctx.gateway.query(filters) })),
  }),
  'refund-search': operation({
    body: SearchBody,
    idempotency: 'none',
    prepare: (ctx, filters) =>
      withoutLines(async () => {
        const result = await ctx.gateway.refundSearch(filters);
        const failures = result.failures.map((f) => ({
          code: f.error.code,
          message: f.error.message,
        }));
        return { status: 200, body: { ...result, failures } };
      }),
  }),
  capture: operation({
    body: Orders({ amount: decimal.optional() }),
    idempotency: 'honoured',
    async prepare(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = body.orders.map(({ order_ref, amount }, i) => {
        const order = orderIn(orders, order_ref);
        const asked = amount && amountOr400(amount, order.currency, `orders.${i}.amount`);
        return { ...reference(order), amount: asked || formatAmount(order.amount, order.currency) };
      });
      return {
        lines: items.map((item, i) => lineOf(refAt(body, i), item.amount, item.currency)),
        send: async () =>
          settle(
            ctx,
            orders,
            await ctx.gateway.capture(items),
            (r) => r.capture_status,
            (status) => status === 'success',
            (order, r) => ({
              status: AFTER_OPERATION.capture,
              captured: parseAmount(r.amount, order.currency),
            }),
          ),
      };
    },
  }),
  cancel: operation({
    body: Orders({}),
    idempotency: 'honoured',
    async prepare(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = [...orders.values()].map(reference);
      return {
        lines: [...orders.values()].map((o) =>
          lineOf(o.order_ref, formatAmount(o.amount, o.currency), o.currency),
        ),
        send: async () =>
          settle(
            ctx,
            orders,
            await ctx.gateway.cancel(items),
            (r) => r.cancel_status,
            (status) => status === 'success',
            () => ({ status: AFTER_OPERATION.cancel }),
          ),
      };
    },
  }),
  review: operation({
    body: Orders({ decision: z.enum(['approve', 'reject']) }),
    idempotency: 'honoured',
    async prepare(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = body.orders.map(({ order_ref, decision }) => ({
        ...reference(orderIn(orders, order_ref)),
        review_flag: decision,
      }));
      return {
        lines: items.map((item, i) =>
          lineOf(refAt(body, i), item.amount, item.currency, item.review_flag),
        ),
        send: async () =>
          settle(
            ctx,
            orders,
            await ctx.gateway.review(items),
            (r) => r.review_status,
            (status) => status === 'approved' || status === 'rejected',
            (_order, r) => ({
              status:
                r.review_status === 'approved' ? AFTER_OPERATION.approve : AFTER_OPERATION.reject,
            }),
          ),
      };
    },
  }),
  refund: operation({
    body: Orders({ amount: decimal, reason: z.string().max(128).optional() }),
    idempotency: 'honoured',
    async prepare(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = body.orders.map(({ order_ref, amount, reason }, i) => {
        const order = orderIn(orders, order_ref);
        const refund_amount = amountOr400(amount, order.currency, `orders.${i}.amount`);
        return { ...reference(order), refund_amount, ...(reason ? { refund_reason: reason } : {}) };
      });
      return {
        lines: items.map((item, i) => lineOf(refAt(body, i), item.refund_amount, item.currency)),
        send: async () =>
          settle(
            ctx,
            orders,
            await ctx.gateway.refund(items),
            (r) => r.refund_status,
            (status) => status === 'success',
            (order, r) => {
              const refunded = order.refunded + parseAmount(r.refund_amount ?? '0', order.currency);
              return { status: afterRefund(refunded, order.captured), refunded };
            },
          ),
      };
    },
  }),
  'cancel-subscription': operation({
    body: z.object({ order_ref: OrderRef }),
    idempotency: 'honoured',
    async prepare(ctx, { order_ref }) {
      const order = await ctx.store.orders.get(order_ref);
      if (!order?.recurring_id)
        throw refusal(
          404,
          'No subscription',
          'order_ref',
          `order ${order_ref} has no subscription`,
        );
      const { recurring_id, contract_name, amount, currency } = order;
      return {
        // What the subscription would go on charging.
        lines: [lineOf(order_ref, formatAmount(amount, currency), currency)],
        async send() {
          const result = await ctx.gateway.cancelSubscription({
            recurring_id,
            contract_name: contract_name ?? '',
          });
          const ok = result.cancel_status === 'success';
          if (ok) await ctx.store.orders.setSubscriptionStatus(recurring_id, 'cancelled');
          const message = result.error_message ? { error_message: result.error_message } : {};
          return {
            status: 200,
            body: result,
            results: [{ ref: order_ref, ok, status: result.cancel_status, ...message }],
          };
        },
      };
    },
  }),
  payouts,
  'direct-payments': operation({
    body: z.object({ order_ref: OrderRef, token_id: z.string().min(1) }),
    idempotency: 'honoured',
    async prepare(ctx, { order_ref, token_id }) {
      const priced = await priceOrder(ctx, order_ref);
      const { currency } = priced.order;
      const amount = formatAmount(priced.amount, currency);
      return {
        lines: [lineOf(order_ref, amount, currency)],
        async send() {
          const result = await ctx.gateway
            .directPayment({
              order_no: `${order_ref}-T${Date.now()}`,
              currency,
              amount,
              ...orderFields(priced),
              ...riskFields(priced, undefined, {}),
              token_id,
              notify_url: `${ctx.config.publicUrl}/api/notifications`,
            })
            .catch((error: unknown) => {
              // The one record of the request's that the service looks up: the merchant's ids
              // were tried at start-up, the order number is new. Not the service failing: the
              // caller's.
              if (error instanceof RecordNotFoundError)
                throw refusal(404, 'Unknown token', 'token_id', 'the payment service has no card stored under this token'); // prettier-ignore
              throw error;
            });
          const status = statusOfOrderStatus(result.order_status, result.result_info);
          const ok = !isUnpaidEnd(status);
          return {
            status: 201,
            body: { ...result, status },
            results: [{ ref: order_ref, ok, status }],
          };
        },
      };
    },
  }),
  reconcile: operation({
    body: z.unknown(),
    idempotency: 'none',
    prepare: (ctx) => withoutLines(async () => ({ status: 200, body: await reconcileAll(ctx, 0) })),
  }),
} satisfies Record<string, Operation<z.ZodType>>;
