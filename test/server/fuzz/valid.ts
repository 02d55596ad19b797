/**
 * A valid request for each of the fuzzer's companion routes, made against the running stack with
 * whatever it needs first (an order paid, captured or with its page served, a saved card, a
 * notification the service really sent): the fuzzer sends it before it mutates it, so each route
 * is seen answering 2xx, and the mutations start from a request that reaches the handler.
 */
import { MERCHANT } from '../helpers/sandbox.ts';
import { OPS_TOKEN, PAYOUT, SHOP, sessionBody, type Stack } from '../helpers/companion.ts';
import {
  signNotification,
  NOTIFICATION_SIGNATURE_HEADER,
} from '../../../server/gateway/notification-signature.ts';
import type { Target } from './targets.ts';

export interface Valid {
  /** The path with its parameter filled in, and its query. */
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}

/** The signed-in shopper of the fuzzer's companion (FUZZED's resolveShopper reads the cookie). */
export const SHOPPER_COOKIE = 'session=fuzz';
const card = { number: '4111111111111111', expiry_month: '12', expiry_year: '2030', security_code: '123' }; // prettier-ignore
const ops = { authorization: `Bearer ${OPS_TOKEN}` };
let made = 0;
const key = (name: string) => ({ ...ops, 'idempotency-key': `valid-${name}-${++made}` });
const nextRef = (sku = 'mug') => `${sku}.valid${process.pid}x${++made}`;

async function call(stack: Stack, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(stack.companion.url + path, {
    method,
    headers: { origin: SHOP, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`preparing: ${method} ${path} answered ${response.status}: ${text}`); // prettier-ignore
  return (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>;
} // prettier-ignore

/** An order paid by card (authorised; another card, another outcome), and its answer. */
async function paid(stack: Stack, extra: Record<string, unknown> = {}, headers = {}, sku = 'mug') {
  const ref = nextRef(sku);
  const answer = await call(stack, 'POST', '/api/card-payments', sessionBody(ref, { card, ...extra }), headers); // prettier-ignore
  return { ref, orderNo: String(answer.order_no), statusToken: String(answer.status_token) };
}

/** A card the shopper saved with a payment; its id. */
async function savedCard(stack: Stack): Promise<string> {
  const cookie = { cookie: SHOPPER_COOKIE };
  await paid(stack, { save_card: true }, cookie);
  const { cards } = (await call(stack, 'GET', '/api/saved-cards', undefined, cookie)) as { cards: { card_id: string }[] }; // prettier-ignore
  return cards.at(-1)?.card_id ?? '';
}

/** An order paid and captured, and its transaction. */
async function captured(stack: Stack) {
  const order = await paid(stack);
  await call(stack, 'POST', '/api/ops/capture', { orders: [{ order_ref: order.ref }] }, key('capture')); // prettier-ignore
  const detail = await call(stack, 'GET', `/api/ops/orders/${order.ref}`, undefined, ops);
  return { ...order, transactionId: String((detail.order as Record<string, unknown>)?.transaction_id ?? detail.transaction_id) }; // prettier-ignore
}

/** The service's own notification about a paid order, sent again as it came, signed. */
async function notification(stack: Stack): Promise<Valid> {
  const { orderNo } = await paid(stack);
  await stack.sandbox.sandbox.engine.tickNow();
  const sent = stack.sandbox.sandbox.engine.store.notifications().filter((n) => JSON.parse(n.body).order_no === orderNo); // prettier-ignore
  const body = JSON.parse(sent.at(-1)?.body ?? '{}') as Record<string, unknown>;
  const signature = signNotification(JSON.stringify(body), MERCHANT.secret_key);
  return {
    path: '/api/notifications',
    headers: { [NOTIFICATION_SIGNATURE_HEADER]: signature },
    body,
  };
}

type Maker = (stack: Stack) => Promise<Valid>;
const post = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Valid => ({ path, headers, body }); // prettier-ignore
const get = (path: string, headers: Record<string, string> = {}): Valid => ({ path, headers });

/** The service's token of the shopper's saved card (a merchant-initiated payment charges it). */
async function savedToken(stack: Stack): Promise<string> {
  await savedCard(stack);
  const [saved] = await stack.companion.companion.context.store.savedCards.list('cust-fuzz');
  return saved?.token_id ?? '';
}

/** Each route's valid request, by the target's method and path (targets.ts names them so). */
const MAKERS: Record<string, Maker> = {
  'POST /api/checkout-sessions': async () => post('/api/checkout-sessions', sessionBody(nextRef())),
  'POST /api/apm-payments': async () => post('/api/apm-payments', { ...sessionBody(nextRef()), payment_method: 'PAYPAL' }),
  'POST /api/card-payments': async () => post('/api/card-payments', { ...sessionBody(nextRef()), card }),
  'POST /api/saved-card-payments': async (s) => post('/api/saved-card-payments', { ...sessionBody(nextRef()), card_id: await savedCard(s) }, { cookie: SHOPPER_COOKIE }),
  'GET /api/orders/:order_ref': async (s) => { const o = await paid(s); return get(`/api/orders/${o.ref}`, { authorization: `Bearer ${o.statusToken}` }); },
  'GET /api/order-summaries/:order_ref': async () => get(`/api/order-summaries/${nextRef()}?country=GB`),
  'GET /api/saved-cards': async () => get('/api/saved-cards', { cookie: SHOPPER_COOKIE }),
  'DELETE /api/saved-cards/:card_id': async (s) => ({ path: `/api/saved-cards/${await savedCard(s)}`, headers: { cookie: SHOPPER_COOKIE } }),
  'POST /api/notifications': notification,
  'POST /api/pages/:token/opened': async (s) => {
    // A page prepared before Pay (posted out of sight into the widget's frame), then shown: the
    // widget says it is open. Its one-time address was never asked for.
    const page = new URL(String((await call(s, 'POST', '/api/checkout-sessions', sessionBody(nextRef()))).frame_url));
    return post(`/api/pages/${page.pathname.split('/').at(-1)}/opened`, {});
  },
  'POST /api/ops/query': async (s) => post('/api/ops/query', { order_no: (await paid(s)).orderNo }, key('query')),
  'POST /api/ops/refund-search': async (s) => post('/api/ops/refund-search', { transaction_id: (await captured(s)).transactionId }, key('refund-search')),
  'POST /api/ops/capture': async (s) => post('/api/ops/capture', { orders: [{ order_ref: (await paid(s)).ref }] }, key('capture')),
  'POST /api/ops/cancel': async (s) => post('/api/ops/cancel', { orders: [{ order_ref: (await paid(s)).ref }] }, key('cancel')),
  'POST /api/ops/refund': async (s) => post('/api/ops/refund', { orders: [{ order_ref: (await captured(s)).ref, amount: '1.00', reason: 'fuzz' }] }, key('refund')),
  'POST /api/ops/review': async (s) => post('/api/ops/review', { orders: [{ order_ref: (await paid(s, { card: { ...card, number: '4000000000009235' } })).ref, decision: 'approve' }] }, key('review')),
  'POST /api/ops/cancel-subscription': async (s) => post('/api/ops/cancel-subscription', { order_ref: (await paid(s, {}, {}, 'coffee')).ref }, key('cancel-subscription')),
  'POST /api/ops/direct-payments': async (s) => post('/api/ops/direct-payments', { order_ref: nextRef(), token_id: await savedToken(s) }, key('direct-payments')),
  'POST /api/ops/payouts': async () => post('/api/ops/payouts', PAYOUT, key('payouts')),
  'POST /api/ops/reconcile': async () => post('/api/ops/reconcile', {}, key('reconcile')),
  'GET /api/ops/orders': async () => get('/api/ops/orders', ops),
  'GET /api/ops/orders/:order_ref': async (s) => get(`/api/ops/orders/${(await paid(s)).ref}`, ops),
  'GET /api/ops/payouts': async () => get('/api/ops/payouts', ops),
  'GET /api/ops/audit': async () => get('/api/ops/audit', ops),
  'GET /api/csp': async () => get('/api/csp', { origin: SHOP }),
  'GET /assets/return.js': async () => get('/assets/return.js'),
  'GET /pay/:token': async (s) => get(new URL(String((await call(s, 'POST', '/api/checkout-sessions', sessionBody(nextRef()))).frame_url)).pathname),
  'GET /return/checkout/:order_ref': async (s) => get(`/return/checkout/${(await paid(s)).ref}`),
  'GET /return/apm/:order_ref': async (s) => { const ref = nextRef(); await call(s, 'POST', '/api/apm-payments', sessionBody(ref, { payment_method: 'PAYPAL', return_url: `${SHOP}/back` })); return get(`/return/apm/${ref}`); },
  'GET /healthz': async () => get('/healthz'),
  'GET /readyz': async () => get('/readyz'),
}; // prettier-ignore

/** Routes whose target is a refusal by design: no request to them is valid. */
const REFUSALS = new Set(['companion GET /metrics without a token']);

/**
 * The valid request for `target`, or undefined for a route that has none here (named in the
 * depth report as such); the metrics targets carry their token already.
 */
export async function validRequest(stack: Stack, target: Target): Promise<Valid | undefined> {
  if (target.server !== 'companion' || REFUSALS.has(target.name)) return undefined;
  if (target.path === '/metrics') return get('/metrics', target.headers);
  const make = MAKERS[`${target.method} ${target.path}`];
  return make ? make(stack) : undefined;
}
