/**
 * The merchant's operations, as one table: each names its body schema, whether it honours (or
 * requires) an Idempotency-Key, and what it does. operations.ts turns the table into routes.
 */
import { z } from 'zod';
import { formatAmount, parseAmount, type BatchResult } from '../../gateway/index.ts';
import type { OrderStatus } from 'acquiring-checkout/contract';
import type { Context } from '../context.ts';
import { mayMove, statusOfOrderStatus } from '../attempt-machine/order-status.ts';
import { reached } from '../steps.ts';
import { orderFields, riskFields } from '../order-fields.ts';
import { priceOrder } from '../priced-order.ts';
import { amountOr400, Problem } from '../problem.ts';
import { reconcileAll } from '../reconcile.ts';
import type { Order } from '../store/store.ts';
import { operation, type Answer, type Operation } from './operation.ts';
import { payouts } from './payout-operation.ts';

export type { Answer } from './operation.ts';

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string like 10.50');
const orderRef = z.string().min(1).max(48);
const Orders = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    orders: z
      .array(z.object({ order_ref: orderRef, ...shape }))
      .min(1)
      .max(1000),
  });
const timestamp14 = z.string().regex(/^\d{14}$/, 'YYYYMMDDhhmmss');
const SearchBody = z.object({
  order_no: z.union([z.string(), z.array(z.string())]).optional(),
  transaction_id: z.string().optional(),
  date_from: timestamp14.optional(),
  date_to: timestamp14.optional(),
});

/** The stored orders of a batch, each with a payment at the service; 404 names the first without. */
async function ordersOf(ctx: Context, refs: string[]): Promise<Map<string, Order>> {
  const found = new Map<string, Order>();
  for (const ref of new Set(refs)) {
    const order = await ctx.store.orders.get(ref);
    if (!order?.transaction_id || !order.order_no)
      throw new Problem(404, 'Unknown order', `order ${ref} has no payment at the service`);
    found.set(ref, order);
  }
  return found;
}

/** What the service needs to name one stored order in a batch. */
function reference(order: Order) {
  return {
    transaction_id: order.transaction_id as string,
    order_no: order.order_no as string,
    currency: order.currency,
    amount: formatAmount(order.amount, order.currency),
  };
}

/** The merged batch answer, with the store updated for every order the service accepted. */
async function settle<R extends { order_no: string; error_message?: string | undefined }>(
  ctx: Context,
  orders: Map<string, Order>,
  result: BatchResult<unknown, R>,
  succeeded: (row: R) => boolean,
  next: (order: Order, row: R) => { status: OrderStatus; captured?: number; refunded?: number },
): Promise<Answer> {
  reached('operation.answered');
  const byOrderNo = new Map([...orders.values()].map((order) => [order.order_no as string, order]));
  for (const row of result.orders) {
    const order = byOrderNo.get(row.order_no);
    if (!order || !succeeded(row)) continue;
    const change = next(order, row);
    if (mayMove(order.status, change.status) || change.status === order.status) {
      await ctx.store.orders.update(order.order_ref, change);
      byOrderNo.set(row.order_no, { ...order, ...change });
    }
  }
  const failures = result.failures.map((f) => ({
    orders: f.orders,
    code: f.error.code,
    message: f.error.message,
    outcome_unknown: f.error.outcomeUnknown,
  }));
  return { status: 200, body: { ok: result.ok, orders: result.orders, failures } };
}

export const OPERATIONS = {
  query: operation({
    body: SearchBody,
    idempotency: 'none',
    run: async (ctx, filters) => ({ status: 200, body: await ctx.gateway.query(filters) }),
  }),
  'refund-search': operation({
    body: SearchBody,
    idempotency: 'none',
    async run(ctx, filters) {
      const result = await ctx.gateway.refundSearch(filters);
      const failures = result.failures.map((f) => ({
        code: f.error.code,
        message: f.error.message,
      }));
      return { status: 200, body: { ...result, failures } };
    },
  }),
  capture: operation({
    body: Orders({ amount: decimal.optional() }),
    idempotency: 'honoured',
    async run(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = body.orders.map(({ order_ref, amount }, i) => {
        const order = orders.get(order_ref) as Order;
        const asked = amount && amountOr400(amount, order.currency, `orders.${i}.amount`);
        return { ...reference(order), amount: asked || formatAmount(order.amount, order.currency) };
      });
      const result = await ctx.gateway.capture(items);
      return settle(
        ctx,
        orders,
        result,
        (r) => r.capture_status === 'success',
        (order, r) => ({
          status: 'captured',
          captured: parseAmount(r.amount, order.currency),
        }),
      );
    },
  }),
  cancel: operation({
    body: Orders({}),
    idempotency: 'honoured',
    async run(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const result = await ctx.gateway.cancel([...orders.values()].map(reference));
      return settle(
        ctx,
        orders,
        result,
        (r) => r.cancel_status === 'success',
        () => ({
          status: 'cancelled',
        }),
      );
    },
  }),
  review: operation({
    body: Orders({ decision: z.enum(['approve', 'reject']) }),
    idempotency: 'honoured',
    async run(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = body.orders.map(({ order_ref, decision }) => ({
        ...reference(orders.get(order_ref) as Order),
        review_flag: decision,
      }));
      const result = await ctx.gateway.review(items);
      const decided = (r: { review_status?: string }) =>
        r.review_status === 'approved' || r.review_status === 'rejected';
      return settle(ctx, orders, result, decided, (_order, r) => ({
        status: r.review_status === 'approved' ? 'authorised' : 'cancelled',
      }));
    },
  }),
  refund: operation({
    body: Orders({ amount: decimal, reason: z.string().max(128).optional() }),
    idempotency: 'honoured',
    async run(ctx, body) {
      const orders = await ordersOf(
        ctx,
        body.orders.map((o) => o.order_ref),
      );
      const items = body.orders.map(({ order_ref, amount, reason }, i) => {
        const order = orders.get(order_ref) as Order;
        const refund_amount = amountOr400(amount, order.currency, `orders.${i}.amount`);
        return { ...reference(order), refund_amount, ...(reason ? { refund_reason: reason } : {}) };
      });
      const result = await ctx.gateway.refund(items);
      return settle(
        ctx,
        orders,
        result,
        (r) => r.refund_status === 'success',
        (order, r) => {
          const refunded = order.refunded + parseAmount(r.refund_amount ?? '0', order.currency);
          return {
            status: refunded >= order.captured ? 'refunded' : 'partially_refunded',
            refunded,
          };
        },
      );
    },
  }),
  'cancel-subscription': operation({
    body: z.object({ order_ref: orderRef }),
    idempotency: 'honoured',
    async run(ctx, { order_ref }) {
      const order = await ctx.store.orders.get(order_ref);
      if (!order?.recurring_id)
        throw new Problem(404, 'No subscription', `order ${order_ref} has no subscription`);
      const result = await ctx.gateway.cancelSubscription({
        recurring_id: order.recurring_id,
        contract_name: order.contract_name ?? '',
      });
      if (result.cancel_status === 'success')
        await ctx.store.orders.setSubscriptionStatus(order.recurring_id, 'cancelled');
      return { status: 200, body: result };
    },
  }),
  payouts,
  'direct-payments': operation({
    body: z.object({ order_ref: orderRef, token_id: z.string().min(1) }),
    idempotency: 'honoured',
    async run(ctx, { order_ref, token_id }) {
      const priced = await priceOrder(ctx, order_ref);
      const { currency } = priced.order;
      const result = await ctx.gateway.directPayment({
        order_no: `${order_ref}-T${Date.now()}`,
        currency,
        amount: formatAmount(priced.amount, currency),
        ...orderFields(priced),
        ...riskFields(priced, undefined, {}),
        token_id,
        notify_url: `${ctx.config.publicUrl}/api/notifications`,
      });
      const status = statusOfOrderStatus(result.order_status, result.result_info);
      return { status: 201, body: { ...result, status } };
    },
  }),
  reconcile: operation({
    body: z.unknown(),
    idempotency: 'none',
    run: async (ctx) => ({ status: 200, body: await reconcileAll(ctx, 0) }),
  }),
} satisfies Record<string, Operation<z.ZodType>>;
