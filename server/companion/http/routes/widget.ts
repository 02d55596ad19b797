/**
 * The routes the widget calls (their paths: the contract's `WIDGET_ROUTES`): start a payment,
 * and read one order's status with its token; the order summary and saved cards have their own.
 */
import express, { type Request, type Router } from 'express';
import { formatAmount } from '../../../gateway/index.ts';
import {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
  WIDGET_ROUTES,
  type OrderStatusResponse,
} from 'acquiring-checkout/contract';
import { awaitsService } from '../../attempt-machine/index.ts';
import { startPayment, type Caller, type PaymentRequest, shopperOf } from '../../payment/index.ts';
import { scoped, type EdgeContext } from '../edge-context.ts';
import { paymentLabels } from '../../observability/index.ts';
import { pathParam } from '../params.ts';
import {
  parseOr400,
  refusal,
  unknownOrder,
  WAIT_BUDGET_MS,
  sameSecret,
  statusToken,
} from '../../core/index.ts';
import { reconcileOrder } from '../../settlement/index.ts';
import { orderSummaryRouter } from './order-summary.ts';
import { savedCardOf, savedCardsRouter } from './saved-cards.ts';
import { jsonBody, storefrontOrigin } from '../security.ts';

/** A widget asking about a pending order reconciles it at most this often. */
const STATUS_QUERY_INTERVAL_MS = 2_000;

async function caller(ctx: EdgeContext, request: Request): Promise<Caller> {
  return {
    origin: storefrontOrigin(request, ctx.config),
    ip: request.ip ?? '',
    userAgent: String(request.headers['user-agent'] ?? ''),
    shopper: await shopperOf(ctx, request),
  };
}

/**
 * The merchant's word on whether this caller may open `orderRef` (`mayOpenOrder`): asked before
 * the order is priced, so an order of another's is refused before it exists (403 naming
 * order_ref). A hook that throws fails the request: it is not taken for a yes.
 */
async function mayOpen(ctx: EdgeContext, orderRef: string, request: Request): Promise<void> {
  const hook = ctx.config.mayOpenOrder;
  if (!hook || (await hook(orderRef, request))) return;
  throw refusal(403, 'Forbidden', 'order_ref', `this shop does not let you open ${orderRef}`, {
    retryable: false,
  });
}

export function widgetRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  const limit = ctx.limits.starts;
  const json = jsonBody('16kb');
  const lastQueried = new Map<string, number>();

  /**
   * A route that starts a payment: the body checked, the way back checked, the caller's origin
   * checked, the merchant asked whether this caller may open this order (`mayOpenOrder`), the
   * attempt made.
   */
  const start = <B extends { order_ref: string; return_url?: string | undefined }>(
    schema: Parameters<typeof parseOr400<B>>[0],
    paymentOf: (body: B, who: Caller) => PaymentRequest | Promise<PaymentRequest>,
  ) =>
    scoped(ctx, async (ctx, request, response) => {
      const body = parseOr400(schema, request.body);
      // The way back must lead to a storefront, or the companion would be an open redirect.
      if (body.return_url && !ctx.config.allowedOrigins.includes(new URL(body.return_url).origin)) {
        throw refusal(400, 'Invalid request', 'return_url', 'must be on a storefront origin');
      }
      const who = await caller(ctx, request);
      await mayOpen(ctx, body.order_ref, request);
      const payment = await paymentOf(body, who);
      const session = await startPayment(ctx, payment, who);
      // The widget posts the form into its frame only where the service's page may be framed:
      // otherwise it takes `frame_url`, whose page tells it the frame is refused (pages.ts).
      const form = session.page_form;
      if (form && !(await ctx.framing.verdict(form.action, who.origin))) delete session.page_form;
      const method = payment.kind === 'apm' ? payment.body.payment_method : undefined;
      ctx.metrics.paymentsStarted.inc(paymentLabels(ctx.config, payment.kind, method));
      response.status(201).json(session);
    });

  router.post(
    WIDGET_ROUTES.checkoutSessions,
    limit,
    ...json,
    start(CheckoutSessionRequest, (body) => ({ kind: 'checkout', body })),
  );
  router.post(
    WIDGET_ROUTES.apmPayments,
    limit,
    ...json,
    start(ApmPaymentRequest, (body) => ({ kind: 'apm', body })),
  );
  const cardPayment = start(CardPaymentRequest, (body) => ({ kind: 'card', body }));
  router.post(WIDGET_ROUTES.cardPayments, limit, ...json, async (request, response) => {
    if (!ctx.config.directCardPayments) {
      throw refusal(
        404,
        'Direct card payments are off',
        '(path)',
        'this companion takes cards on the hosted page only',
      );
    }
    await cardPayment(request, response);
  });
  // A token, no card data: open whether or not direct card payments are.
  router.post(
    WIDGET_ROUTES.savedCardPayments,
    limit,
    ...json,
    start(SavedCardPaymentRequest, async (body, who) => ({
      kind: 'saved_card',
      body,
      savedCard: await savedCardOf(ctx, who.shopper, body.card_id),
    })),
  );
  router.use(savedCardsRouter(ctx));

  router.post(
    WIDGET_ROUTES.pageOpened,
    limit,
    scoped(ctx, async (ctx, request, response) => {
      // The token is the proof: it was handed to the widget that started the attempt, with its
      // page (posted out of sight by the widget from the session's form); opening it only keeps
      // the attempt from being replaced.
      const orderNo = await ctx.store.pageTokens.live(pathParam(request, 'token'));
      const attempt = orderNo === undefined ? undefined : await ctx.store.attempts.opened(orderNo);
      if (!attempt)
        throw refusal(410, 'Gone', 'token', 'this page was replaced or has expired', {
          retryable: true,
        });
      response.status(204).end();
    }),
  );
  router.use(orderSummaryRouter(ctx));
  router.get(
    WIDGET_ROUTES.orderStatus,
    ctx.limits.polls,
    scoped(ctx, async (ctx, request, response) => {
      const orderRef = pathParam(request, 'order_ref');
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, statusToken(ctx.tokenKey, orderRef)))
        throw refusal(401, 'Unauthorised', 'authorization', "this order's status token is needed");
      let order = await ctx.store.orders.get(orderRef);
      if (!order) throw unknownOrder(orderRef);
      if (
        awaitsService(order.status) &&
        Date.now() - (lastQueried.get(orderRef) ?? 0) > STATUS_QUERY_INTERVAL_MS
      ) {
        if (lastQueried.size > 10_000) lastQueried.clear(); // a bound, not a cache: losing it costs a query
        lastQueried.set(orderRef, Date.now());
        // Asked beside the poll: past the budget the poll answers what is stored meanwhile.
        const asked = order;
        const deadline = Date.now() + WAIT_BUDGET_MS;
        await ctx.recoveries.within(orderRef, () => reconcileOrder(ctx, asked), deadline);
        order = (await ctx.store.orders.get(orderRef)) ?? order;
      }
      const answer: OrderStatusResponse = {
        order_ref: order.order_ref,
        order_no: order.order_no,
        status: order.status,
        transaction_id: order.transaction_id,
        amount: formatAmount(order.amount, order.currency),
        currency: order.currency,
        result_info: order.result_info,
      };
      response.set('Cache-Control', 'no-store').json(answer);
    }),
  );
  return router;
}
