/**
 * The authorization matrix's cases: for each route of the operations API, how to make what an
 * allowed request acts on (a fresh order, payout reference… within a reference prefix), the
 * request naming it, and what shows it done. authorization-matrix.test.ts crosses them with every
 * principal; a route without a case here fails it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  OPS_TOKEN,
  PAYOUT,
  sessionBody,
  type Answer,
  type Stack,
} from '../../helpers/companion.ts';
import { cardPayment } from '../../helpers/sandbox.ts';

const REVIEW_CARD = '4000000000009235';

/** One request: its method, path under the companion, body and headers. */
export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * How a route's request reaches orders: it names them (`targets`, `single` when one field names
 * one), lists them (`narrowed` to a scoped token's), or reaches orders it does not name
 * (`unnamed`, for a token without a scope only).
 */
export type Kind = 'batch' | 'single' | 'narrowed' | 'unnamed';

export interface RouteCase {
  kind: Kind;
  /** A fresh target of this route within `prefix` (an order ref, a payout reference). */
  target(prefix: string): Promise<string>;
  /** The request acting on `refs` (none: a list without filter, or a route naming none). */
  request(refs: string[]): Call | Promise<Call>;
  /** For `single`: a body naming `read` where the route reads it, and `other` beside it. */
  smuggle?(read: string, other: string): Call | Promise<Call>;
  /** Asserts the answer shows the route done for `refs`, and its effect where it is kept. */
  done(answer: Answer, refs: string[], scope: string | undefined): Promise<void>;
  /** What a target's state is, to see that a refused request left it as it was. */
  state(ref: string): Promise<unknown>;
}

/** The route cases, for one stack. */
export function routeCases(stack: Stack): Record<string, RouteCase> {
  const admin = { authorization: `Bearer ${OPS_TOKEN}` };
  const orders = stack.companion.companion.context.store.orders;
  const nonce = () => randomUUID().slice(0, 8);
  const fresh = (prefix: string, sku = 'mug') => `${prefix}${sku}.${nonce()}`;

  async function session(ref: string): Promise<string> {
    const answer = await stack.widget('/checkout-sessions', sessionBody(ref));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return String(answer.body.frame_url);
  }
  async function paid(prefix: string, sku = 'mug', card?: string): Promise<string> {
    const ref = fresh(prefix, sku);
    await stack.payHosted(await session(ref), card);
    await stack.waitForStatus(ref, card === REVIEW_CARD ? 'review' : 'authorised');
    return ref;
  }
  const orderState = async (ref: string) => {
    const order = await orders.get(ref);
    return order && [order.status, order.captured, order.refunded, order.subscription_status];
  };
  const statusOf = async (ref: string) => (await orders.get(ref))?.status;
  const batch =
    (path: string, item: (ref: string) => object = (order_ref) => ({ order_ref })) =>
    (refs: string[]): Call => ({ method: 'POST', path, body: { orders: refs.map(item) } });
  const ok = (answer: Answer, status = 200) =>
    assert.equal(answer.status, status, JSON.stringify(answer.body));
  const listed = (items: unknown, refOf: (item: never) => string) => (items as never[]).map(refOf);
  /** A list's answer: 200, the targets named in it, and for a scoped token none outside. */
  const list = (refs: string[], scope: string | undefined, found: string[]) => {
    for (const ref of refs) assert.ok(found.includes(ref), `${ref} listed`);
    if (scope)
      assert.ok(
        found.every((ref) => ref.startsWith(scope)),
        found.join(),
      );
  };
  let token: Promise<string> | undefined;
  const storedCard = () =>
    (token ??= stack.sandbox
      .client()
      .directPayment({ ...cardPayment(`matrix-${nonce()}`), token_flag: 'YES' })
      .then((saved) => String(saved.token_id)));
  const searchDone = async (answer: Answer) => ok(answer);
  /** A batch done: answered 200, each order now `status`. */
  const becomes = (status: string) => async (answer: Answer, refs: string[]) => {
    ok(answer);
    for (const ref of refs) assert.equal(await statusOf(ref), status, ref);
  };

  return {
    'GET /orders': {
      kind: 'narrowed',
      async target(prefix) {
        const ref = fresh(prefix);
        await session(ref);
        return ref;
      },
      // A reference is a prefix of itself: the filter names one order.
      request: (refs) => ({ method: 'GET', path: `/api/ops/orders${refs[0] ? `?ref_prefix=${refs[0]}` : ''}` }), // prettier-ignore
      async done(answer, refs, scope) {
        ok(answer);
        const found = listed(answer.body.orders, (o: { order_ref: string }) => o.order_ref);
        list(refs, scope, found);
      },
      state: async () => null,
    },
    'GET /orders/:order_ref': {
      kind: 'single',
      target: async (prefix) => {
        const ref = fresh(prefix);
        await session(ref);
        return ref;
      },
      request: ([ref]) => ({ method: 'GET', path: `/api/ops/orders/${ref}` }),
      async done(answer, [ref]) {
        ok(answer);
        assert.equal(answer.body.order_ref, ref);
      },
      state: async () => null,
    },
    'GET /audit': {
      kind: 'narrowed',
      async target(prefix) {
        const ref = await paid(prefix);
        await stack.ops('/cancel', { orders: [{ order_ref: ref }] }, admin);
        return ref;
      },
      request: (refs) => ({ method: 'GET', path: `/api/ops/audit${refs[0] ? `?order_ref=${refs[0]}` : ''}` }), // prettier-ignore
      async done(answer, refs, scope) {
        ok(answer);
        const entries = answer.body.entries as { targets: string[] }[];
        const found = entries.flatMap((e) => e.targets);
        list(refs, scope, found);
      },
      state: async () => null,
    },
    'GET /payouts': {
      kind: 'narrowed',
      async target(prefix) {
        const reference = `${prefix}payout.${nonce()}`;
        const headers = { ...admin, 'idempotency-key': `matrix-${nonce()}` };
        ok(await stack.ops('/payouts', { ...PAYOUT, reference }, headers), 201);
        return reference;
      },
      request: (refs) => ({ method: 'GET', path: `/api/ops/payouts${refs[0] ? `?reference=${refs[0]}` : ''}` }), // prettier-ignore
      async done(answer, refs, scope) {
        ok(answer);
        const found = listed(answer.body.payouts, (p: { reference: string | null }) => p.reference ?? ''); // prettier-ignore
        list(refs, scope, found);
      },
      state: async () => null,
    },
    'POST /query': {
      kind: 'batch',
      target: async (prefix) => {
        const ref = fresh(prefix);
        await session(ref);
        return ref;
      },
      request: (refs) => ({ method: 'POST', path: '/api/ops/query', body: { order_no: refs.map((r) => `${r}-1`) } }), // prettier-ignore
      done: searchDone,
      state: async () => null,
    },
    'POST /refund-search': {
      kind: 'batch',
      target: (prefix) => paid(prefix),
      request: (refs) => ({ method: 'POST', path: '/api/ops/refund-search', body: { order_no: refs.map((r) => `${r}-1`).join(',') } }), // prettier-ignore
      done: searchDone,
      state: async () => null,
    },
    'POST /capture': {
      kind: 'batch',
      target: (prefix) => paid(prefix),
      request: batch('/api/ops/capture'),
      done: becomes('captured'),
      state: orderState,
    },
    'POST /cancel': {
      kind: 'batch',
      target: (prefix) => paid(prefix),
      request: batch('/api/ops/cancel'),
      done: becomes('cancelled'),
      state: orderState,
    },
    'POST /review': {
      kind: 'batch',
      target: (prefix) => paid(prefix, 'mug', REVIEW_CARD),
      request: batch('/api/ops/review', (order_ref) => ({ order_ref, decision: 'reject' })),
      async done(answer, refs) {
        ok(answer);
        for (const ref of refs) assert.notEqual(await statusOf(ref), 'review', ref);
      },
      state: orderState,
    },
    'POST /refund': {
      kind: 'batch',
      async target(prefix) {
        const ref = await paid(prefix);
        ok(await stack.ops('/capture', { orders: [{ order_ref: ref }] }, admin));
        return ref;
      },
      request: batch('/api/ops/refund', (order_ref) => ({ order_ref, amount: '1.00' })),
      async done(answer, refs) {
        ok(answer);
        for (const ref of refs) assert.equal((await orders.get(ref))?.refunded, 100, ref);
      },
      state: orderState,
    },
    'POST /cancel-subscription': {
      kind: 'single',
      async target(prefix) {
        const ref = await paid(prefix, 'coffee');
        await stack.companion.companion.reconcile();
        assert.ok((await orders.get(ref))?.recurring_id, `${ref} has its subscription`);
        return ref;
      },
      request: ([ref]) => ({ method: 'POST', path: '/api/ops/cancel-subscription', body: { order_ref: ref } }), // prettier-ignore
      // The probe's body: the reference acted on, and another in a batch's field beside it.
      smuggle: (read, other) => ({ method: 'POST', path: '/api/ops/cancel-subscription', body: { orders: [{ order_ref: other }], order_ref: read } }), // prettier-ignore
      async done(answer, [ref = '']) {
        ok(answer);
        assert.equal((await orders.get(ref))?.subscription_status, 'cancelled');
      },
      state: orderState,
    },
    'POST /payouts': {
      kind: 'single',
      target: async (prefix) => `${prefix}payout.${nonce()}`,
      request: ([reference]) => ({ method: 'POST', path: '/api/ops/payouts', body: { ...PAYOUT, reference }, headers: { 'idempotency-key': `matrix-${nonce()}` } }), // prettier-ignore
      smuggle: (read, other) => ({ method: 'POST', path: '/api/ops/payouts', body: { ...PAYOUT, reference: read, orders: [{ order_ref: other }], order_ref: other }, headers: { 'idempotency-key': `matrix-${nonce()}` } }), // prettier-ignore
      async done(answer, [reference]) {
        ok(answer, 201);
        const stored = await stack.companion.companion.context.store.payouts.recent(5, {
          reference,
        });
        assert.equal(stored.length, 1);
      },
      state: async (reference) => (await stack.companion.companion.context.store.payouts.recent(5, { reference })).length, // prettier-ignore
    },
    'POST /direct-payments': {
      kind: 'single',
      target: async (prefix) => fresh(prefix, 'tee'),
      request: async ([ref]) => ({ method: 'POST', path: '/api/ops/direct-payments', body: { order_ref: ref, token_id: await storedCard() } }), // prettier-ignore
      smuggle: async (read, other) => ({ method: 'POST', path: '/api/ops/direct-payments', body: { order_ref: read, orders: [{ order_ref: other }], token_id: await storedCard() } }), // prettier-ignore
      async done(answer) {
        ok(answer, 201);
      },
      // A direct payment leaves no order at the companion: the sandbox's payments tell.
      state: async (ref) =>
        stack.sandbox.sandbox.engine.store.orders.where("json_extract(doc, '$.order_no') LIKE ?", `${ref}-T%`).length, // prettier-ignore
    },
    'POST /reconcile': {
      kind: 'unnamed',
      target: async () => '',
      request: () => ({ method: 'POST', path: '/api/ops/reconcile', body: {} }),
      done: async (answer) => ok(answer),
      state: async () => null,
    },
    'GET /metrics': {
      kind: 'unnamed',
      target: async () => '',
      request: () => ({ method: 'GET', path: '/metrics' }),
      async done(answer) {
        ok(answer);
        assert.match(String(answer.body.text), /acquiring_companion_http_requests_total/);
      },
      state: async () => null,
    },
  };
}
