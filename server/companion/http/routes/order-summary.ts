/**
 * GET `WIDGET_ROUTES.orderSummary`: what the widget shows before Pay, from the merchant's
 * resolveOrder: the amount and currency, the subscription's terms, the instalments offered, and
 * the ways to pay ranked for the shopper's country and device (hints in the query). Read-only,
 * nothing secret and nothing of the shopper's: it needs no token, and is rate-limited like the
 * status polls.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import { WIDGET_ROUTES, type OrderSummaryResponse } from 'acquiring-checkout/contract';
import { formatAmount, parseAmount } from '../../../gateway/index.ts';
import { scoped, type EdgeContext } from '../edge-context.ts';
import { installmentView, orderInstallments, methodsFor, priceOrder } from '../../payment/index.ts';
import { pathParam } from '../params.ts';
import { parseOr400 } from '../../core/index.ts';

export const SummaryQuery = z.object({
  /** The shopper's country, as far as the page knows it (billing country, browser region). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'a two-letter country code like BR')
    .optional(),
  device: z.enum(['mobile', 'desktop'], 'mobile or desktop').optional(),
});

export function orderSummaryRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  router.get(
    WIDGET_ROUTES.orderSummary,
    ctx.limits.polls,
    scoped(ctx, async (ctx, request, response) => {
      const orderRef = pathParam(request, 'order_ref');
      const { country, device } = parseOr400(SummaryQuery, request.query);
      const priced = await priceOrder(ctx, orderRef);
      const { currency, subscription } = priced.order;
      const installments = orderInstallments(ctx.config.installments, priced);
      const decimal = (text: string) => formatAmount(parseAmount(text, currency), currency);
      // Typed by the contract the widget reads it with: a drift fails to compile on both sides.
      const summary = {
        order_ref: orderRef,
        amount: formatAmount(priced.amount, currency),
        currency,
        ...(subscription
          ? {
              subscription: {
                contract_name: subscription.contract_name,
                contract_amount: decimal(subscription.contract_amount),
                interval: subscription.interval,
                interval_count: subscription.interval_count,
                ...(subscription.billing_cycle
                  ? { billing_cycle: subscription.billing_cycle }
                  : {}),
              },
            }
          : {}),
        ...(installments.length
          ? { installments: installments.map((option) => installmentView(option, currency)) }
          : {}),
        methods: methodsFor(ctx.config, { currency, country, device }),
      } satisfies OrderSummaryResponse;
      response.set('Cache-Control', 'no-store').json(summary);
    }),
  );
  return router;
}
