/**
 * The merchant's operations API, behind its bearer token (a widget's status token never opens
 * it): orders, query, capture, review, cancel, refund, refund search, subscription cancel,
 * payouts, token payments and reconciliation. Every mutating route honours `Idempotency-Key`.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import {
  formatAmount,
  GatewayError,
  parseAmount,
  PayoutFailedError,
  Beneficiary,
  Payer,
  type BatchResult,
} from '../../gateway/index.ts';
import type { OrderStatus } from '../../../widget/contract.ts';
import type { Context } from '../context.ts';
import { mayMove, statusOfOrderStatus } from '../order-status.ts';
import { parseOr400, Problem, sendProblem } from '../problem.ts';
import { reconcileAll } from '../reconcile.ts';
import { requireBearer } from '../security.ts';
import type { Order } from '../store/store.ts';
import { sha256 } from '../tokens.ts';

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string like 10.50');
const orderRef = z.string().min(1).max(48);
const Orders = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    orders: z
      .array(z.object({ order_ref: orderRef, ...shape }))
      .min(1)
      .max(1000),
  });
const CaptureBody = Orders({ amount: decimal.optional() });
const CancelBody = Orders({});
const ReviewBody = Orders({ decision: z.enum(['approve', 'reject']) });
const RefundBody = Orders({ amount: decimal, reason: z.string().max(128).optional() });
const SearchBody = z.object({
  order_no: z.union([z.string(), z.array(z.string())]).optional(),
  transaction_id: z.string().optional(),
  date_from: z
    .string()
    .regex(/^\d{14}$/)
    .optional(),
  date_to: z
    .string()
    .regex(/^\d{14}$/)
    .optional(),
});
const SubscriptionBody = z.object({ order_ref: orderRef });
const PayoutBody = z.object({
  beneficiary: Beneficiary,
  payer: Payer.optional(),
  payment_amount: decimal,
  payment_currency: z.string().regex(/^[A-Z]{3}$/),
  payment_method: z.string().default('SWIFT'),
  fee_paid_by: z.string().optional(),
  reason: z.string().optional(),
  reference: z.string().optional(),
});
const TokenPaymentBody = z.object({ order_ref: orderRef, token_id: z.string().min(1) });

/**
 * Runs a mutating handler under the request's Idempotency-Key: the same key and body replay the
 * stored answer, the same key with another body is refused (422), a concurrent duplicate gets 409.
 * An answer whose outcome at the service is unknown is not stored, so the key can be retried.
 */
function idempotent(
  ctx: Context,
  route: string,
  handler: (request: Request) => Promise<{ status: number; body: unknown }>,
) {
  return async (request: Request, response: Response) => {
    const key = request.get('idempotency-key');
    if (!key) {
      const { status, body } = await handler(request);
      return void response.status(status).json(body);
    }
    if (!/^[A-Za-z0-9_-]{8,128}$/.test(key))
      throw new Problem(
        400,
        'Invalid Idempotency-Key',
        'use 8 to 128 letters, digits, dashes or underscores',
      );
    const start = await ctx.store.beginOperation(
      key,
      route,
      sha256(JSON.stringify(request.body ?? null)),
    );
    if (start.state === 'mismatch')
      throw new Problem(422, 'Idempotency-Key reused', 'this key was used with another request');
    if (start.state === 'in_progress')
      throw new Problem(409, 'Request in progress', 'a request with this key is still running', {
        retryable: true,
      });
    if (start.state === 'replay') {
      return void response
        .status(start.statusCode)
        .set('Idempotent-Replayed', 'true')
        .type('application/json')
        .send(start.response);
    }
    try {
      const { status, body } = await handler(request);
      await ctx.store.finishOperation(key, status, JSON.stringify(body));
      response.status(status).json(body);
    } catch (error) {
      if (error instanceof Problem && error.status < 500) {
        await ctx.store.finishOperation(
          key,
          error.status,
          JSON.stringify({ title: error.title, detail: error.detail }),
        );
      } else {
        await ctx.store.abandonOperation(key);
      }
      throw error;
    }
  };
}

async function ordersOf(ctx: Context, refs: string[]): Promise<Map<string, Order>> {
  const found = new Map<string, Order>();
  for (const ref of new Set(refs)) {
    const order = await ctx.store.order(ref);
    if (!order?.transaction_id || !order.order_no)
      throw new Problem(404, 'Unknown order', `order ${ref} has no payment at the service`);
    found.set(ref, order);
  }
  return found;
}

/** The merged batch answer, with the store updated for every order the service accepted. */
async function settle<R extends { order_no: string; error_message?: string | undefined }>(
  ctx: Context,
  orders: Map<string, Order>,
  result: BatchResult<unknown, R>,
  succeeded: (row: R) => boolean,
  next: (order: Order, row: R) => { status: OrderStatus; captured?: number; refunded?: number },
) {
  const byOrderNo = new Map([...orders.values()].map((order) => [order.order_no as string, order]));
  for (const row of result.orders) {
    const order = byOrderNo.get(row.order_no);
    if (!order || !succeeded(row)) continue;
    const change = next(order, row);
    if (mayMove(order.status, change.status) || change.status === order.status) {
      await ctx.store.updateOrder(order.order_ref, change);
      byOrderNo.set(row.order_no, { ...order, ...change });
    }
  }
  return {
    status: 200,
    body: {
      ok: result.ok,
      orders: result.orders,
      failures: result.failures.map((f) => ({
        orders: f.orders,
        code: f.error.code,
        message: f.error.message,
        outcome_unknown: f.error.outcomeUnknown,
      })),
    },
  };
}

export function operationsRouter(ctx: Context): Router {
  const router = express.Router();
  router.use(requireBearer(ctx.config.operationsToken));
  router.use(express.json({ limit: '256kb' }));

  router.get('/orders', async (request, response) => {
    const limit = Math.min(Number(request.query.limit ?? 100) || 100, 500);
    const orders = await ctx.store.recentOrders(limit);
    const history = await ctx.store.notificationsFor(
      orders.map((o) => o.order_no).filter((n): n is string => !!n),
    );
    response.json({
      orders: orders.map((order) => ({
        ...order,
        status_token_hash: undefined,
        amount: formatAmount(order.amount, order.currency),
        captured: formatAmount(order.captured, order.currency),
        refunded: formatAmount(order.refunded, order.currency),
        history: history.filter(
          (h) => h.order_no === order.order_no || h.order_no?.startsWith(`${order.order_no}-R`),
        ),
      })),
    });
  });

  router.post('/query', async (request, response) => {
    const filters = parseOr400(SearchBody, request.body);
    response.json(await ctx.gateway.query(filters));
  });

  router.post('/refund-search', async (request, response) => {
    const filters = parseOr400(SearchBody, request.body);
    const result = await ctx.gateway.refundSearch(filters);
    response.json({
      ...result,
      failures: result.failures.map((f) => ({ code: f.error.code, message: f.error.message })),
    });
  });

  router.post('/capture', idempotent(ctx, 'capture', async (request) => {
    const body = parseOr400(CaptureBody, request.body);
    const orders = await ordersOf(ctx, body.orders.map((o) => o.order_ref));
    const items = body.orders.map(({ order_ref, amount }) => {
      const order = orders.get(order_ref) as Order;
      return { transaction_id: order.transaction_id as string, order_no: order.order_no as string, currency: order.currency, amount: amount ?? formatAmount(order.amount, order.currency) };
    });
    const result = await ctx.gateway.capture(items);
    return settle(ctx, orders, result, (r) => r.capture_status === 'success', (order, r) => ({ status: 'captured', captured: parseAmount(r.amount, order.currency) }));
  })); // prettier-ignore

  router.post('/cancel', idempotent(ctx, 'cancel', async (request) => {
    const body = parseOr400(CancelBody, request.body);
    const orders = await ordersOf(ctx, body.orders.map((o) => o.order_ref));
    const items = [...orders.values()].map((order) => ({ transaction_id: order.transaction_id as string, order_no: order.order_no as string, currency: order.currency, amount: formatAmount(order.amount, order.currency) }));
    const result = await ctx.gateway.cancel(items);
    return settle(ctx, orders, result, (r) => r.cancel_status === 'success', () => ({ status: 'cancelled' }));
  })); // prettier-ignore

  router.post('/review', idempotent(ctx, 'review', async (request) => {
    const body = parseOr400(ReviewBody, request.body);
    const orders = await ordersOf(ctx, body.orders.map((o) => o.order_ref));
    const items = body.orders.map(({ order_ref, decision }) => {
      const order = orders.get(order_ref) as Order;
      return { transaction_id: order.transaction_id as string, order_no: order.order_no as string, currency: order.currency, amount: formatAmount(order.amount, order.currency), review_flag: decision };
    });
    const result = await ctx.gateway.review(items);
    return settle(ctx, orders, result, (r) => r.review_status === 'approved' || r.review_status === 'rejected', (_order, r) => ({ status: r.review_status === 'approved' ? 'authorised' : 'cancelled' }));
  })); // prettier-ignore

  router.post('/refund', idempotent(ctx, 'refund', async (request) => {
    const body = parseOr400(RefundBody, request.body);
    const orders = await ordersOf(ctx, body.orders.map((o) => o.order_ref));
    const items = body.orders.map(({ order_ref, amount, reason }) => {
      const order = orders.get(order_ref) as Order;
      return { transaction_id: order.transaction_id as string, order_no: order.order_no as string, currency: order.currency, amount: formatAmount(order.amount, order.currency), refund_amount: amount, ...(reason ? { refund_reason: reason } : {}) };
    });
    const result = await ctx.gateway.refund(items);
    return settle(ctx, orders, result, (r) => r.refund_status === 'success', (order, r) => {
      const refunded = order.refunded + parseAmount(r.refund_amount ?? '0', order.currency);
      return { status: refunded >= order.captured ? 'refunded' : 'partially_refunded', refunded };
    });
  })); // prettier-ignore

  router.post('/cancel-subscription', idempotent(ctx, 'cancel-subscription', async (request) => {
    const { order_ref } = parseOr400(SubscriptionBody, request.body);
    const order = await ctx.store.order(order_ref);
    if (!order?.recurring_id) throw new Problem(404, 'No subscription', `order ${order_ref} has no subscription`);
    const result = await ctx.gateway.cancelSubscription({ recurring_id: order.recurring_id, contract_name: order.contract_name ?? '' });
    if (result.cancel_status === 'success') await ctx.store.setSubscriptionStatus(order.recurring_id, 'cancelled');
    return { status: 200, body: result };
  })); // prettier-ignore

  router.post('/payouts', async (request, response) => {
    if (!request.get('idempotency-key'))
      throw new Problem(
        400,
        'Idempotency-Key required',
        'a payout needs an Idempotency-Key, so a retry never pays twice',
      );
    await idempotent(ctx, 'payout', async () => {
      const body = parseOr400(PayoutBody, request.body);
      // The request_id is made once and stored before the first send; every retry reuses it.
      const { request_id } = await ctx.store.ensurePayout(
        request.get('idempotency-key') as string,
        randomUUID(),
        JSON.stringify(body),
      );
      try {
        const record = await ctx.gateway.payout({
          ...body,
          request_id,
          notify_url: `${ctx.config.publicUrl}/api/notifications`,
        });
        await ctx.store.updatePayout(request_id, record.status, record);
        return { status: 201, body: record };
      } catch (error) {
        if (!(error instanceof PayoutFailedError)) throw error;
        await ctx.store.updatePayout(request_id, 'failed', error.raw);
        return { status: 200, body: error.raw };
      }
    })(request, response);
  });

  router.get('/payouts', async (_request, response) => {
    response.json({ payouts: await ctx.store.payouts(100) });
  });

  router.post('/direct-payments', idempotent(ctx, 'direct-payment', async (request) => {
    const { order_ref, token_id } = parseOr400(TokenPaymentBody, request.body);
    const resolved = await ctx.config.resolveOrder(order_ref);
    if (!resolved) throw new Problem(404, 'Unknown order', `no order ${order_ref}`);
    const order_no = `${order_ref}-T${Date.now()}`;
    const result = await ctx.gateway.directPayment({ order_no, currency: resolved.currency, amount: resolved.amount, token_id, notify_url: `${ctx.config.publicUrl}/api/notifications` });
    return { status: 201, body: { ...result, status: statusOfOrderStatus(result.order_status, result.result_info) } };
  })); // prettier-ignore

  router.post('/reconcile', async (_request, response) => {
    response.json(await reconcileAll(ctx, 0));
  });

  router.use(
    (error: unknown, _request: Request, response: Response, next: express.NextFunction) => {
      if (!(error instanceof GatewayError)) return next(error);
      sendProblem(
        response,
        new Problem(error.outcomeUnknown ? 503 : 502, 'Payment service error', error.message, {
          retryable: error.outcomeUnknown,
        }),
      );
    },
  );
  return router;
}
