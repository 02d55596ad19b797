/**
 * Starting a payment for an order reference, top to bottom: the merchant's price (the amount
 * comes from `resolveOrder`, never from the browser), the one request the service will be sent,
 * the attempt claimed or the live one reused (claim.ts), and the claimed attempt sent.
 */
import type { SessionResponse } from 'acquiring-checkout/contract';
import { attemptAfter, orderStatusOf, type PaymentMode } from '../attempt-machine/index.ts';
import type { ResolvedOrder } from '../config/index.ts';
import { type Context, WAIT_BUDGET_MS, sha256, statusToken } from '../core/index.ts';
import type { NewOrder } from '../store/index.ts';
import { claimAttempt } from './claim.ts';
import { createAtService } from './create-at-service.ts';
import { priceOrder } from './priced-order.ts';
import { modeOf, type Caller, type PaymentRequest } from './request.ts';
import { requestHash } from './request-hash.ts';
import { serviceRequest } from './service-request.ts';

/**
 * The order row of a reference paid for the first time (its mode worked out by startPayment),
 * written with its first attempt: its status is the attempt table's.
 */
function newOrder(
  ctx: Context,
  request: PaymentRequest & { mode: PaymentMode },
  caller: Caller,
  resolved: ResolvedOrder,
  amount: number,
): NewOrder {
  const { body } = request;
  const now = Date.now();
  return {
    order_ref: body.order_ref, order_no: null, mode: request.mode, amount, currency: resolved.currency,
    captured: 0, refunded: 0, transaction_id: null, result_info: null, recurring_id: null, contract_name: resolved.subscription?.contract_name ?? null, subscription_status: null, token_id: null,
    status_token_hash: sha256(statusToken(ctx.tokenKey, body.order_ref)), client_secret_hash: sha256(body.client_secret), storefront_origin: caller.origin,
    storefront_return_url: body.return_url ?? null, last_sequence: 0, attempts: 0, created_at: now, updated_at: now,
  }; // prettier-ignore
}

/**
 * Starts, or returns, the live payment attempt of `request.body.order_ref`. A card that needs a
 * 3-D Secure challenge, which a direct payment cannot run, goes on at once as a checkout (the
 * attempt machine's `needs-authentication`): the answer is the service's page, which runs the
 * challenge, with everything the shopper gave but the card: a typed card the page asks for again,
 * a saved one goes as its `token_id`.
 */
export async function startPayment(
  ctx: Context,
  asked: PaymentRequest,
  caller: Caller,
): Promise<SessionResponse> {
  // A request about an order another is working on answers within a second: its clock starts now.
  const deadline = Date.now() + WAIT_BUDGET_MS;
  const session = await startAttempt(ctx, { ...asked, mode: modeOf(asked.kind) }, caller, deadline);
  const challenged = asked.kind === 'card' || asked.kind === 'saved_card';
  if (!challenged || !(await needsAuthentication(ctx, session))) return session;
  return startAttempt(ctx, { ...asCheckout(asked), mode: 'checkout' }, caller, deadline);
}

/** A card payment's request as the checkout it goes on as: no card, a saved one's token kept. */
function asCheckout(asked: PaymentRequest & { kind: 'card' | 'saved_card' }): PaymentRequest {
  if (asked.kind === 'card') {
    const { card: _typed, ...body } = asked.body;
    return { kind: 'checkout', body };
  }
  const { card_id: _handle, ...body } = asked.body;
  return { kind: 'checkout', body, savedCard: asked.savedCard };
}

/** Whether the attempt `session` answers ended because its card needs a 3-D Secure challenge. */
async function needsAuthentication(ctx: Context, session: SessionResponse): Promise<boolean> {
  const { state, error } = attemptAfter('needs-authentication');
  if (session.status !== orderStatusOf('needs-authentication')) return false;
  const attempt = await ctx.store.attempts.get(session.order_no);
  return attempt?.state === state && attempt.error === error;
}

/** Claims an attempt for `request` (or finds the live one), and sends a claimed one. */
async function startAttempt(
  ctx: Context,
  request: PaymentRequest & { mode: PaymentMode },
  caller: Caller,
  deadline: number,
): Promise<SessionResponse> {
  const { body } = request;
  const priced = await priceOrder(ctx, body.order_ref);
  const { service, details } = serviceRequest(ctx.config, priced, request, caller);
  const hash = request.kind === 'checkout' ? requestHash(request.body) : null;
  const fresh = newOrder(ctx, request, caller, priced.order, priced.amount);
  const claimed = await claimAttempt(ctx, { request, fresh, hash, details, deadline });
  if ('session' in claimed) return claimed.session;
  // Awaited here, so that an error's stack (and a trace of the path) names startPayment.
  return await createAtService(ctx, request, caller, claimed.order, service);
}
