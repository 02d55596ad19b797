/**
 * Sending a claimed attempt to the service and recording what came back; a failure whose outcome
 * is unknown leaves the order for reconciliation, never marked paid or failed on a guess.
 */
import type { SessionResponse } from 'acquiring-checkout/contract';
import { ConnectionError, GatewayError, readCheckoutForm } from '../../gateway/index.ts';
import { present } from '../../unknown.ts';
import { onServiceAnswer } from '../attempt-machine/index.ts';
import {
  type Context,
  reached,
  Problem,
  problemOfGatewayError,
  signatureRefused,
  randomToken,
  statusToken,
} from '../core/index.ts';
import { applyReport } from '../settlement/index.ts';
import type { OrderPatch, Attempt, Order, PageToken } from '../store/index.ts';
import type { Caller, PaymentRequest } from './request.ts';
import { keepSavedCard } from './saved-cards.ts';
import type { ServiceRequest } from './service-request.ts';

const DEFAULT_PAGE_TTL_MS = 10 * 60_000;

/** A fresh one-time address of a checkout attempt's page. */
function newPage(ctx: Context): PageToken {
  return {
    token: randomToken(),
    expires_at: Date.now() + (ctx.config.pageTtlMs ?? DEFAULT_PAGE_TTL_MS),
  };
}

function answer(
  ctx: Context,
  order: Order,
  orderNo: string,
  extra: Partial<SessionResponse> = {},
): SessionResponse {
  return {
    order_ref: order.order_ref,
    order_no: orderNo,
    status_token: statusToken(ctx.tokenKey, order.order_ref),
    status: order.status,
    ...extra,
  };
}

/**
 * A checkout's page: its one-time address, and the service's form that opens it (what that
 * address serves, read as a form) for the widget to post into its frame. Both go to the one client that
 * owns the order; the form carries what the address's page carries, never in an address.
 */
function framed(ctx: Context, page: PageToken, html: string): Partial<SessionResponse> {
  const form = readCheckoutForm(html);
  const action = form && URL.canParse(form.action) ? new URL(form.action) : undefined;
  const http = action?.protocol === 'https:' || action?.protocol === 'http:';
  return {
    frame_url: `${ctx.config.publicUrl}/pay/${page.token}`,
    expires_at: page.expires_at,
    ...(form && http
      ? { page_form: { action: form.action, method: form.method, fields: form.inputs } }
      : {}),
  };
}

/** The session answer for a ready attempt; a checkout gets a fresh one-time page address. */
export async function sessionOf(
  ctx: Context,
  order: Order,
  attempt: Attempt,
): Promise<SessionResponse> {
  if (attempt.mode === 'checkout' && attempt.page_html) {
    const page = newPage(ctx);
    await ctx.store.pageTokens.add(page.token, attempt.order_no, page.expires_at);
    return answer(ctx, order, attempt.order_no, framed(ctx, page, attempt.page_html));
  }
  if (attempt.mode === 'apm' && attempt.issuer_url)
    return answer(ctx, order, attempt.order_no, { issuer_url: attempt.issuer_url });
  return answer(ctx, order, attempt.order_no);
}

/**
 * Sends the claimed attempt's request (service-request.ts) with the attempt's own fields, and
 * records what came back.
 */
export async function createAtService(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
  order: Order,
  service: ServiceRequest,
): Promise<SessionResponse> {
  const orderNo = present(order.order_no, `order ${order.order_ref}'s attempt`);
  const returnUrl = `${ctx.config.publicUrl}/return/${request.kind === 'apm' ? 'apm' : 'checkout'}/${encodeURIComponent(order.order_ref)}`;
  const own = { order_no: orderNo, return_url: returnUrl };
  try {
    if (service.operation === 'checkout') {
      const page = await ctx.gateway.checkout({ ...service.fields, ...own });
      reached('session.answered');
      // The attempt, its order and the page's first address in one commit; the answer is made
      // from what was written, not read back. A recovery that settled it first: read below.
      const address = newPage(ctx);
      const move = onServiceAnswer({ kind: 'page' });
      const patch = { mode: 'checkout' } satisfies OrderPatch;
      const attempt = { page_html: page.html };
      const { order_ref } = order;
      if (
        await ctx.store.attempts.settleWithPage(orderNo, order_ref, move, attempt, patch, address)
      ) {
        const written = { ...order, ...patch, status: move.status ?? order.status };
        return answer(ctx, written, orderNo, framed(ctx, address, page.html));
      }
    } else if (service.operation === 'apm') {
      const result = await ctx.gateway.apmPayment({ ...service.fields, ...own });
      reached('session.answered');
      const issuer = checkIssuerUrl(ctx, result.issuer_url);
      await ctx.store.attempts.settle(
        orderNo,
        order.order_ref,
        onServiceAnswer({ kind: 'issuer' }),
        { issuer_url: issuer },
        { mode: 'apm' },
      );
    } else {
      const result = await ctx.gateway.directPayment({ ...service.fields, order_no: orderNo });
      reached('session.answered');
      const move = onServiceAnswer({ kind: 'card', ...result });
      // Its answer settles the order now (and counts it): the notification after it changes nothing.
      await applyReport(ctx, order, { step: 'settle', move }, {
        mode: 'card', transaction_id: result.transaction_id ?? null, result_info: result.result_info,
        recurring_id: result.recurring_id ?? null, contract_name: result.contract_name ?? order.contract_name,
      }, { source: 'answer' }); // prettier-ignore
      if (move.event === 'answered')
        // The payment stands whatever happens to the saving: a failure is logged, not answered.
        await keepSavedCard(ctx, request, caller, result.token_id || undefined).catch(
          (error: unknown) => ctx.log.error({ order_no: orderNo, err: error }, 'card not saved'),
        );
    }
  } catch (error) {
    await recordFailure(ctx, order, error);
  }
  const stored = present(await ctx.store.orders.get(order.order_ref), `order ${order.order_ref}`);
  return sessionOf(
    ctx,
    stored,
    present(await ctx.store.attempts.get(orderNo), `attempt ${orderNo}`),
  );
}

function checkIssuerUrl(ctx: Context, issuerUrl: string): string {
  const allowed = ctx.config.issuerHosts ?? [new URL(ctx.config.gateway.baseUrl).host];
  const url = new URL(issuerUrl);
  if (!/^https?:$/.test(url.protocol) || !allowed.includes(url.host)) {
    throw new Problem(
      502,
      'Unexpected issuer address',
      `the payment method's address ${url.origin} is not an allowed issuer host`,
    );
  }
  return url.toString();
}

/**
 * A failure whose outcome is unknown (time-out, lost connection, 5xx, bad signature) leaves the
 * order "unknown" for reconciliation; a refusal fails the attempt. Either way the widget is told.
 */
async function recordFailure(ctx: Context, order: Order, error: unknown): Promise<never> {
  const orderNo = present(order.order_no, `order ${order.order_ref}'s attempt`);
  if (error instanceof ConnectionError && !error.sent) {
    // Refused before anything was sent: nothing exists at the service, so a retry is a new attempt.
    await ctx.store.attempts.settle(
      orderNo,
      order.order_ref,
      onServiceAnswer({ kind: 'not sent' }),
      { error: error.code },
      { result_info: 'the payment service could not be reached' },
    );
    throw new Problem(
      503,
      'Payment service unreachable',
      'the payment service could not be reached; try again shortly',
      { retryable: true },
    );
  }
  if (error instanceof GatewayError && error.outcomeUnknown) {
    ctx.log.warn(
      { order_no: orderNo, code: error.code },
      'payment outcome unknown; left for reconciliation',
    );
    await ctx.store.attempts.settle(
      orderNo,
      order.order_ref,
      onServiceAnswer({ kind: 'outcome unknown' }),
      { error: error.code },
      {},
    );
    throw new Problem(
      503,
      'Payment outcome not known yet',
      'the payment service did not answer in time; try again shortly',
      { retryable: true },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  await ctx.store.attempts.settle(
    orderNo,
    order.order_ref,
    onServiceAnswer({ kind: 'refused' }),
    { error: error instanceof GatewayError ? error.code : 'error' },
    { result_info: detail.slice(0, 200) },
  );
  if (error instanceof Problem) throw error;
  ctx.log.error({ order_no: orderNo, err: error }, 'payment refused by the service');
  // A signature the service refuses is the merchant's setup: that answer names the setting.
  if (error instanceof GatewayError && signatureRefused(error)) throw problemOfGatewayError(error);
  throw new Problem(502, 'Payment service refused the payment', detail, { retryable: false });
}
