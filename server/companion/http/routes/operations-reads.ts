/**
 * The operations API's reads, as one table beside the operations': each `GET /api/ops/<path>`
 * with its input, the role it needs, the references it reaches, and its answer. A list read by a
 * scoped token is narrowed to the token's scope; one it names outside is refused.
 */
import { z } from 'zod';
import { formatAmount, payoutAmounts } from '../../../gateway/index.ts';
import { parseOr400, unknownOrder } from '../../core/index.ts';
import type { NotificationEntry, Order } from '../../store/index.ts';
import { parsedJson } from '../../../unknown.ts';
import { pathParam } from '../params.ts';
import { auditRead } from './audit.ts';
import { listLimit, onlyFilters } from './filters.ts';
import { oneReach, read, type Read } from './operation.ts';
import { OPERATIONS } from './operations-table.ts';

export const ListQuery = onlyFilters({
  limit: listLimit,
  /** Only orders whose reference starts so (a shop's, a seller's). */
  ref_prefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,48}$/, 'up to 48 letters, digits, dots, dashes or underscores')
    .optional(),
});

export const PayoutListQuery = onlyFilters({
  limit: listLimit,
  /** Only payouts made with this `reference`. */
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

/** The reads, by path under /api/ops. */
export const READS: Record<string, Read<unknown>> = {
  '/orders': read({
    role: 'read',
    input: (request) => parseOr400(ListQuery, request.query),
    // A prefix names the orders it lists; without one, the list is the token's scope.
    reach: ({ ref_prefix }) =>
      ref_prefix === undefined ? 'narrowed' : oneReach('ref_prefix', ref_prefix),
    async answer(ctx, { limit, ref_prefix }, principal) {
      const prefixes = ref_prefix === undefined ? principal.scope : [ref_prefix];
      const orders = await ctx.store.orders.recent(limit, prefixes);
      const history = await ctx.store.notifications.forOrders(
        orders.map((o) => o.order_no).filter((n): n is string => !!n),
      );
      return { orders: orders.map((order) => orderView(order, history)) };
    },
  }),

  /** One order, with the order and risk data its latest attempt was sent with (`details`). */
  '/orders/:order_ref': read({
    role: 'read',
    input: (request) => pathParam(request, 'order_ref'),
    reach: (orderRef) => oneReach('order_ref', orderRef),
    async answer(ctx, orderRef) {
      const order = await ctx.store.orders.get(orderRef);
      if (!order) throw unknownOrder(orderRef);
      const history = order.order_no
        ? await ctx.store.notifications.forOrders([order.order_no])
        : [];
      const attempt = await ctx.store.attempts.latest(orderRef);
      const details = attempt?.details ? parsedJson(attempt.details) : null;
      return { ...orderView(order, history), details };
    },
  }),

  '/audit': auditRead(Object.keys(OPERATIONS)),

  // Beneficiaries' bank details: read with the payouts role, not `read`.
  '/payouts': read({
    role: 'payouts',
    input: (request) => parseOr400(PayoutListQuery, request.query),
    reach: ({ reference }) =>
      reference === undefined ? 'narrowed' : oneReach('reference', reference),
    async answer(ctx, { limit, reference }, principal) {
      const payouts = await ctx.store.payouts.recent(limit, {
        reference,
        prefixes: reference === undefined ? principal.scope : undefined,
      });
      return {
        payouts: payouts.map((payout) => {
          const amounts = payoutAmounts(payout.record);
          return amounts ? { ...payout, amounts } : payout;
        }),
      };
    },
  }),
};
