/**
 * Starting a payment for an order reference: at most one live attempt per reference, so a double
 * click, a retried request or a second companion process returns the same session instead of a
 * second charge. The amount comes from the merchant's `resolveOrder`, never from the browser.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConnectionError,
  formatAmount,
  GatewayError,
  parseAmount,
  type CheckoutInput,
  type DirectPaymentInput,
  type ApmPaymentInput,
} from '../gateway/index.ts';
import {
  PAID_STATUSES,
  type ApmPaymentRequest,
  type CardPaymentRequest,
  type CheckoutSessionRequest,
  type OrderStatus,
  type SessionResponse,
} from '../../widget/contract.ts';
import type { ResolvedOrder } from './config.ts';
import type { Context } from './context.ts';
import { statusOfOrderStatus } from './order-status.ts';
import { Problem } from './problem.ts';
import { reconcileOrder } from './reconcile.ts';
import type { Attempt, Order } from './store/store.ts';
import { randomToken, sha256, statusToken } from './tokens.ts';

export type PaymentRequest =
  | { kind: 'checkout'; body: CheckoutSessionRequest }
  | { kind: 'apm'; body: ApmPaymentRequest }
  | { kind: 'card'; body: CardPaymentRequest };

/** Where the request came from: its allowed storefront origin and the shopper's address. */
export interface Caller {
  origin: string;
  ip: string;
  userAgent: string;
}

const DEFAULT_PAGE_TTL_MS = 10 * 60_000;

async function resolve(
  ctx: Context,
  orderRef: string,
): Promise<{ order: ResolvedOrder; amount: number }> {
  const order = await ctx.config.resolveOrder(orderRef);
  if (!order) throw new Problem(404, 'Unknown order', `no order ${orderRef}`);
  return { order, amount: parseAmount(order.amount, order.currency) };
}

/** Waits while another request (or process) is creating this attempt at the service. */
async function settled(ctx: Context, attempt: Attempt): Promise<Attempt> {
  const deadline = Date.now() + (ctx.config.gateway.timeoutMs ?? 30_000) + 2_000;
  let current = attempt;
  while (current.state === 'creating') {
    if (Date.now() > deadline)
      throw new Problem(503, 'Payment is being created', 'try again in a moment', {
        retryable: true,
      });
    await sleep(50);
    current = (await ctx.store.attempt(attempt.order_no)) ?? current;
  }
  return current;
}

/** The session answer for a ready attempt; a checkout gets a fresh one-time page address. */
async function sessionOf(ctx: Context, order: Order, attempt: Attempt): Promise<SessionResponse> {
  const base = {
    order_ref: order.order_ref,
    order_no: attempt.order_no,
    status_token: statusToken(ctx.tokenKey, order.order_ref),
    status: order.status as OrderStatus,
  };
  if (attempt.mode === 'checkout' && attempt.page_html) {
    const token = randomToken();
    const expires_at = Date.now() + (ctx.config.pageTtlMs ?? DEFAULT_PAGE_TTL_MS);
    await ctx.store.addPageToken(token, attempt.order_no, expires_at);
    return { ...base, frame_url: `${ctx.config.publicUrl}/pay/${token}`, expires_at };
  }
  if (attempt.mode === 'apm' && attempt.issuer_url)
    return { ...base, issuer_url: attempt.issuer_url };
  return base;
}

/**
 * Starts, or returns, the live payment attempt of `request.body.order_ref`.
 */
export async function startPayment(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
): Promise<SessionResponse> {
  const { body, kind } = request;
  const { order: resolved, amount } = await resolve(ctx, body.order_ref);
  const now = Date.now();
  let order = await ctx.store.ensureOrder({
    order_ref: body.order_ref, order_no: null, status: 'created', mode: kind, amount, currency: resolved.currency,
    captured: 0, refunded: 0, transaction_id: null, result_info: null, recurring_id: null, contract_name: resolved.subscription?.contract_name ?? null, subscription_status: null, token_id: null,
    status_token_hash: sha256(statusToken(ctx.tokenKey, body.order_ref)), storefront_origin: caller.origin,
    storefront_return_url: body.return_url ?? null, last_sequence: 0, attempts: 0, created_at: now, updated_at: now,
  }); // prettier-ignore

  for (let round = 0; round < 3; round++) {
    let latest = await ctx.store.latestAttempt(order.order_ref);
    if (latest) latest = await settled(ctx, latest);
    // Without an attempt, the order just read is current: nothing but a claim can move it.
    if (latest || round > 0) order = (await ctx.store.order(order.order_ref)) as Order;

    if ((PAID_STATUSES as readonly string[]).includes(order.status)) {
      throw new Problem(409, 'Order already paid', `order ${order.order_ref} is ${order.status}`);
    }
    if (latest && (latest.state === 'unknown' || order.status === 'unknown')) {
      await reconcileOrder(ctx, order);
      order = (await ctx.store.order(order.order_ref)) as Order;
      latest = await ctx.store.latestAttempt(order.order_ref);
      if (order.status === 'unknown') {
        throw new Problem(
          503,
          'Payment outcome not known yet',
          'the payment service did not answer; try again shortly',
          { retryable: true },
        );
      }
      if ((PAID_STATUSES as readonly string[]).includes(order.status)) continue;
    }
    if (
      latest &&
      latest.state === 'ready' &&
      (order.status === 'pending' || order.status === 'created')
    ) {
      if (latest.mode !== kind) {
        throw new Problem(
          409,
          'Another payment is in progress',
          `order ${order.order_ref} has a ${latest.mode} payment waiting for the shopper`,
        );
      }
      return sessionOf(ctx, order, latest);
    }
    const seq = (latest?.seq ?? 0) + 1;
    const order_no = `${order.order_ref}-${seq}`;
    const claimed = await ctx.store.claimAttempt({
      order_no, order_ref: order.order_ref, seq, attempt_key: body.attempt_key, mode: kind, state: 'creating',
      page_html: null, issuer_url: null, error: null, created_at: Date.now(),
    }); // prettier-ignore
    if (!claimed) continue; // someone else claimed it: use theirs
    return createAtService(ctx, request, caller, { ...order, order_no }, resolved);
  }
  throw new Problem(503, 'Busy', 'too many concurrent attempts for this order; try again', {
    retryable: true,
  });
}

function payerFields(
  ctx: Context,
  body: CheckoutSessionRequest,
  order: Order,
  resolved: ResolvedOrder,
  caller: Caller,
) {
  const shopper = body.shopper ?? {};
  const device = body.device ?? {};
  const billing = shopper.billing;
  const delivery = shopper.delivery;
  return {
    order_no: order.order_no as string,
    currency: resolved.currency,
    amount: formatAmount(order.amount, resolved.currency),
    items: resolved.items
      .map((i) => [i.name, i.sku ?? '', i.unit_price, String(i.quantity)].join('#,#'))
      .join('#;#'),
    notify_url: `${ctx.config.publicUrl}/api/notifications`,
    shopper_email: shopper.email,
    shopper_phone: shopper.phone,
    shopper_ip: caller.ip,
    first_name: shopper.first_name,
    last_name: shopper.last_name,
    billing_country: billing?.country,
    billing_state: billing?.state,
    billing_city: billing?.city,
    billing_address: billing?.address,
    billing_postal_code: billing?.postal_code,
    delivery_firstname: delivery?.first_name,
    delivery_lastname: delivery?.last_name,
    delivery_country: delivery?.country,
    delivery_state: delivery?.state,
    delivery_city: delivery?.city,
    delivery_address: delivery?.address,
    delivery_postal_code: delivery?.postal_code,
    os: device.os,
    browser: device.browser,
    browser_lang: device.browser_lang,
    time_zone: device.time_zone,
    resolution: device.resolution,
    color_depth: device.color_depth,
    cookie_new: device.cookie_new,
    cookie_old: device.cookie_old,
    device_fingerprint: device.device_fingerprint,
    platform_source: device.platform_source ?? 'web',
    device_type: device.device_type,
  };
}

/** The fields marked C or D only: the richer shopper and device data. */
function cardAndCheckoutFields(
  body: CheckoutSessionRequest,
  resolved: ResolvedOrder,
  caller: Caller,
) {
  const device = body.device ?? {};
  return {
    session_id: device.session_id,
    checkout_time: device.checkout_time ?? Math.floor(Date.now() / 1000),
    user_agent: device.user_agent ?? caller.userAgent,
    storefront_domains: new URL(caller.origin).host,
    cart_items: resolved.items.map((item) => ({
      basic_item_data: {
        name: item.name,
        quantity: String(item.quantity),
        type: 'physical',
        // The interface makes these numbers; they describe the item and are never computed with.
        price: { amount_local_currency: Number(item.unit_price), currency: resolved.currency },
        ...(item.category ? { category: item.category } : {}),
        ...(item.sku ? { productId: item.sku } : {}),
      },
    })),
    ...(resolved.subscription
      ? {
          subscription: {
            contract: resolved.subscription.contract_name,
            contract_name: resolved.subscription.contract_name,
            contract_amount: resolved.subscription.contract_amount,
            interval: resolved.subscription.interval,
            interval_count: String(resolved.subscription.interval_count),
            ...(resolved.subscription.billing_cycle
              ? { billing_cycle: resolved.subscription.billing_cycle }
              : {}),
          },
        }
      : {}),
  };
}

function withoutEmpty<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''),
  ) as T;
}

/** Sends the claimed attempt to the service and records what came back. */
async function createAtService(
  ctx: Context,
  request: PaymentRequest,
  caller: Caller,
  order: Order,
  resolved: ResolvedOrder,
): Promise<SessionResponse> {
  const orderNo = order.order_no as string;
  const common = payerFields(ctx, request.body, order, resolved, caller);
  const returnUrl = `${ctx.config.publicUrl}/return/${request.kind === 'apm' ? 'apm' : 'checkout'}/${encodeURIComponent(order.order_ref)}`;
  try {
    if (request.kind === 'checkout') {
      const fields = withoutEmpty({
        ...common,
        ...cardAndCheckoutFields(request.body, resolved, caller),
        return_url: returnUrl,
      }) as CheckoutInput;
      const page = await ctx.gateway.checkout(fields);
      await ctx.store.settleAttempt(
        orderNo,
        order.order_ref,
        { state: 'ready', page_html: page.html },
        { status: 'pending', mode: 'checkout' },
      );
    } else if (request.kind === 'apm') {
      const { payment_method, bank_code, document_number } = request.body;
      const fields = withoutEmpty({
        ...common,
        payment_method,
        bank_code,
        return_url: returnUrl,
        ...(document_number ? { person: { document_number } } : {}),
      }) as ApmPaymentInput;
      const result = await ctx.gateway.apmPayment(fields);
      const issuer = checkIssuerUrl(ctx, result.issuer_url);
      await ctx.store.settleAttempt(
        orderNo,
        order.order_ref,
        { state: 'ready', issuer_url: issuer },
        { status: 'pending', mode: 'apm' },
      );
    } else {
      const { card } = request.body;
      const fields = withoutEmpty({
        ...common, ...cardAndCheckoutFields(request.body, resolved, caller), card: card.number, expiration_month: card.expiry_month,
        expiration_year: card.expiry_year, security_code: card.security_code, token_flag: 'NO',
      }) as DirectPaymentInput; // prettier-ignore
      const result = await ctx.gateway.directPayment(fields);
      const status = statusOfOrderStatus(result.order_status, result.result_info);
      await ctx.store.settleAttempt(orderNo, order.order_ref, {
        state: status === 'declined' || status === 'failed' ? 'failed' : 'ready',
      }, {
        status, mode: 'card', transaction_id: result.transaction_id ?? null, result_info: result.result_info,
        recurring_id: result.recurring_id ?? null, contract_name: result.contract_name ?? order.contract_name,
      }); // prettier-ignore
    }
  } catch (error) {
    await recordFailure(ctx, order, error);
  }
  const stored = (await ctx.store.order(order.order_ref)) as Order;
  return sessionOf(ctx, stored, (await ctx.store.attempt(orderNo)) as Attempt);
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
  const orderNo = order.order_no as string;
  if (error instanceof ConnectionError && !error.sent) {
    // Refused before anything was sent: nothing exists at the service, so a retry is a new attempt.
    await ctx.store.settleAttempt(
      orderNo,
      order.order_ref,
      { state: 'failed', error: error.code },
      {
        status: 'failed',
        result_info: 'the payment service could not be reached',
      },
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
    await ctx.store.settleAttempt(
      orderNo,
      order.order_ref,
      { state: 'unknown', error: error.code },
      { status: 'unknown' },
    );
    throw new Problem(
      503,
      'Payment outcome not known yet',
      'the payment service did not answer in time; try again shortly',
      { retryable: true },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  await ctx.store.settleAttempt(
    orderNo,
    order.order_ref,
    {
      state: 'failed',
      error: error instanceof GatewayError ? error.code : 'error',
    },
    {
      status: 'failed',
      result_info: detail.slice(0, 200),
    },
  );
  if (error instanceof Problem) throw error;
  ctx.log.error({ order_no: orderNo, err: error }, 'payment refused by the service');
  throw new Problem(502, 'Payment service refused the payment', detail);
}
