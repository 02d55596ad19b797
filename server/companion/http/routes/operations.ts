/**
 * The merchant's operations API, behind its bearer token (a widget's status token never opens
 * it): the reads (orders, payouts) and every operation of operations-table.ts as a POST route.
 * Every mutating route honours `Idempotency-Key`; a payout requires one.
 */
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { formatAmount, payoutAmounts } from '../../../gateway/index.ts';
import { scoped, type EdgeContext } from '../edge-context.ts';
import { reached, parseOr400, refusal, unknownOrder, sha256 } from '../../core/index.ts';
import { pathParam } from '../params.ts';
import { DEFAULT_RECOVER_AFTER_MS, reconcileOrder } from '../../settlement/index.ts';
import { jsonBody, operationsTokens, requireBearer } from '../security.ts';
import type { NotificationEntry, Order } from '../../store/index.ts';
import { auditRouter, auditTrail, ordersNamed } from './audit.ts';
import { OPERATIONS, type Answer } from './operations-table.ts';
import { parsedJson } from '../../../unknown.ts';

export const ListQuery = z.object({
  limit: z.coerce
    .number({ error: 'a whole number from 1 to 500' })
    .int('a whole number from 1 to 500')
    .min(1, 'a whole number from 1 to 500')
    .max(500, 'a whole number from 1 to 500')
    .default(100),
  /** Only orders whose reference starts so (a shop's, a demo visitor's). */
  ref_prefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,48}$/, 'up to 48 letters, digits, dots, dashes or underscores')
    .optional(),
});

export const PayoutListQuery = z.object({
  limit: ListQuery.shape.limit,
  /** Only payouts made with this `reference` (a demo visitor's). */
  reference: z.string().min(1).max(64, 'at most 64 characters').optional(),
});

/** An order as the operations API shows it: amounts as decimal strings, no secrets' hashes. */
function orderView(order: Order, history: NotificationEntry[]) {
  return {
    ...order,
    status_token_hash: undefined,
    client_secret_hash: undefined,
    next_check_at: undefined,
    amount: formatAmount(order.amount, order.currency),
    captured: formatAmount(order.captured, order.currency),
    refunded: formatAmount(order.refunded, order.currency),
    history: history.filter(
      (h) => h.order_no === order.order_no || h.order_no?.startsWith(`${order.order_no}-R`),
    ),
  };
}

/**
 * The definite answer to a key whose request was interrupted (a crash while it ran): what the
 * service now says of every order it named. The merchant sees where each order stands and may act
 * again under a new key; the key itself never stays "in progress".
 */
async function settleInterrupted(ctx: EdgeContext, body: unknown): Promise<Answer> {
  const orders = [];
  for (const ref of ordersNamed(body)) {
    const order = await ctx.store.orders.get(ref);
    if (order) await reconcileOrder(ctx, order);
    orders.push({ order_ref: ref, status: (await ctx.store.orders.get(ref))?.status ?? null });
  }
  return {
    outcome: 'interrupted',
    results: orders.map(({ order_ref, status }) => ({ ref: order_ref, status: status ?? 'none' })),
    status: 200,
    body: {
      outcome: 'unknown',
      detail:
        'the request under this key was interrupted before it answered; the orders it named stand as the payment service now reports them',
      orders,
    },
  };
}

/**
 * Runs a mutating handler under the request's Idempotency-Key: the same key and body replay the
 * stored answer, the same key with another body is refused (422), a concurrent duplicate gets 409.
 * An answer whose outcome at the service is unknown is not stored, so the key can be retried. A
 * key left in progress by a crash is settled after `recoverAfterMs`: an operation that is safe to
 * repeat (`rerun`: a payout keeps its request_id) runs again, any other gets settleInterrupted's
 * answer.
 */
async function idempotent(
  ctx: EdgeContext,
  route: string,
  request: Request,
  handler: () => Promise<Answer>,
  rerun: boolean,
): Promise<Answer> {
  const key = request.get('idempotency-key');
  if (!key) return handler();
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key))
    throw refusal(
      400,
      'Invalid Idempotency-Key',
      'idempotency-key',
      'use 8 to 128 letters, digits, dashes or underscores',
    );
  const text = JSON.stringify(request.body ?? null);
  const staleAfter = ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;
  const start = await ctx.store.idempotency.begin(key, route, sha256(text), text, staleAfter);
  if (start.state === 'mismatch')
    throw refusal(422, 'Idempotency-Key reused', 'idempotency-key', 'this key was used with another request'); // prettier-ignore
  if (start.state === 'in_progress')
    throw refusal(409, 'Request in progress', 'idempotency-key', 'a request with this key is still running', { retryable: true }); // prettier-ignore
  if (start.state === 'replay')
    return { status: start.statusCode, body: parsedJson(start.response), outcome: 'replayed' };
  reached('operation.begun');
  try {
    const interrupted = start.state === 'interrupted' && !rerun;
    if (interrupted)
      ctx.log.warn({ route }, 'an interrupted operation is settled from the service');
    const answer = interrupted ? await settleInterrupted(ctx, request.body) : await handler();
    await ctx.store.idempotency.finish(key, answer.status, JSON.stringify(answer.body));
    return answer;
  } catch (error) {
    // Refused (4xx) before anything was sent, or an outcome not known: the key is forgotten, so
    // a refused request leaves no trace and the same key can carry the corrected one.
    await ctx.store.idempotency.abandon(key);
    throw error;
  }
}

/**
 * One operation of the table, audited: the audit trail's entry is written when the operation is
 * prepared, before its call is sent, and completed with the answer (or the error) before the
 * client gets it.
 */
async function audited(
  ctx: EdgeContext,
  name: string,
  op: (typeof OPERATIONS)[keyof typeof OPERATIONS],
  request: Request,
  response: Response,
): Promise<void> {
  const trail = auditTrail(ctx, name, request, response);
  try {
    if (op.idempotency === 'required' && !request.get('idempotency-key'))
      throw refusal(
        400,
        'Idempotency-Key required',
        'idempotency-key',
        `${name} needs an Idempotency-Key, so a retry never acts twice`,
      );
    const run = async () => {
      // Each entry's body and prepare agree by construction (operation()); the union erases
      // the pairing.
      const prepared = await op.prepare(ctx, parseOr400(op.body, request.body) as never, request);
      await trail.sending(prepared.lines);
      return prepared.send();
    };
    const answer =
      op.idempotency === 'none'
        ? await run()
        : await idempotent(ctx, name, request, run, op.idempotency === 'required');
    await trail.answered(answer);
    if (answer.outcome === 'replayed') response.set('Idempotent-Replayed', 'true');
    response.status(answer.status).json(answer.body);
  } catch (error) {
    await trail.failed(error);
    throw error;
  }
}

export function operationsRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  router.use(ctx.limits.authFailures, requireBearer(operationsTokens(ctx.config)));
  router.use(jsonBody('256kb'));

  router.get('/orders', async (request, response) => {
    const { limit, ref_prefix } = parseOr400(ListQuery, request.query);
    const orders = await ctx.store.orders.recent(limit, ref_prefix);
    const history = await ctx.store.notifications.forOrders(
      orders.map((o) => o.order_no).filter((n): n is string => !!n),
    );
    response.json({ orders: orders.map((order) => orderView(order, history)) });
  });

  /** One order, with the order and risk data its latest attempt was sent with (`details`). */
  router.get('/orders/:order_ref', async (request, response) => {
    const orderRef = pathParam(request, 'order_ref');
    const order = await ctx.store.orders.get(orderRef);
    if (!order) throw unknownOrder(orderRef);
    const history = order.order_no ? await ctx.store.notifications.forOrders([order.order_no]) : [];
    const attempt = await ctx.store.attempts.latest(orderRef);
    const details = attempt?.details ? parsedJson(attempt.details) : null;
    response.json({ ...orderView(order, history), details });
  });

  router.use(auditRouter(ctx, Object.keys(OPERATIONS)));

  router.get('/payouts', async (request, response) => {
    const { limit, reference } = parseOr400(PayoutListQuery, request.query);
    const payouts = await ctx.store.payouts.recent(limit, reference);
    response.json({
      payouts: payouts.map((payout) => {
        const amounts = payoutAmounts(payout.record);
        return amounts ? { ...payout, amounts } : payout;
      }),
    });
  });

  for (const [name, op] of Object.entries(OPERATIONS))
    router.post(
      `/${name}`,
      scoped(ctx, (ctx, request, response) => audited(ctx, name, op, request, response)),
    );
  return router;
}
