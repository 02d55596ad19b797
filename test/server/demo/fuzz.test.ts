/**
 * The fuzzer on the public demo's own routes (demo/server.ts): its pages and assets, and the
 * console's API through the console proxy (every entry of CONSOLE_OPERATIONS, one order's detail
 * and its audit trail), as a visitor with a space of their own on the real companion and sandbox.
 * Each route gets a valid request first (an order of the visitor's own, paid), which must answer
 * 2xx, then hostile mutations of it (test/server/fuzz/mutations.ts): never a 5xx, and another
 * visitor's order is never touched. The depth reached is printed per route. FUZZ_SEED and
 * FUZZ_RUNS as for the companion's fuzzer (test/server/companion/fuzz.test.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { CONSOLE_OPERATIONS } from '../../../demo/console-proxy.ts';
import { OPERATIONS as OPS } from '../../../server/companion/http/routes/operations-table.ts';
import { PAYOUT } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { startPublicDemo, type PublicDemo, type Visitor } from '../helpers/public-demo.ts';
import { jsonSchemaOf } from '../fuzz/json-schema.ts';
import { hostileQuery, hostileSegment, mutatedBody, type Sent } from '../fuzz/mutations.ts';
import { send } from '../fuzz/send.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 26);
const PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const card = { number: '4111111111111111', expiry_month: '12', expiry_year: '2030', security_code: '123' }; // prettier-ignore

/** A route of the demo: its path, and the valid body of a console operation (made per visitor). */
interface DemoRoute {
  name: string;
  method: 'GET' | 'POST';
  path: (own: string) => string;
  body?: (own: string) => Record<string, unknown>;
}

/** The console operations a visitor's scoped token may not do by design: they name no order. */
const UNNAMED = new Set(['reconcile']);
const orders = (own: string) => ({ orders: [{ order_ref: own }] });
const BODIES: Record<string, (own: string) => Record<string, unknown>> = {
  capture: orders,
  cancel: orders,
  review: (own) => ({ orders: [{ order_ref: own, decision: 'approve' }] }),
  refund: (own) => ({ orders: [{ order_ref: own, amount: '1.00', reason: 'fuzz' }] }),
  'cancel-subscription': (own) => ({ order_ref: own }),
  'refund-search': (own) => ({ order_no: `${own}-1` }),
  reconcile: () => ({}),
  'payouts/new': (own) => ({ ...PAYOUT, reference: own.replace('.mug.', '.payout.') }),
};

const bundle = readdirSync('demo/dist/bundles')[0] ?? 'none.js';
const ROUTES: DemoRoute[] = [
  ...['/', '/spa', '/react', '/console', '/playground', `/bundles/${bundle}`, '/assets/demo.css'].map(
    (path): DemoRoute => ({ name: `GET ${path}`, method: 'GET', path: () => path }),
  ),
  ...Object.entries(CONSOLE_OPERATIONS).map(([op, method]): DemoRoute => ({
    name: `${method} /console/api/${op}`, method, path: () => `/console/api/${op}`,
    ...(method === 'POST' ? { body: BODIES[op] ?? (() => ({})) } : {}),
  })),
  { name: 'GET /console/api/orders/<ref>', method: 'GET', path: (own) => `/console/api/orders/${own}` },
  { name: 'GET /console/api/orders/<ref>/audit', method: 'GET', path: (own) => `/console/api/orders/${own}/audit` },
]; // prettier-ignore

/** The schema of a console operation's body at the companion, for its mutations. */
function schemaOf(route: DemoRoute) {
  const op = route.name.replace(/^POST \/console\/api\//, '').replace('payouts/new', 'payouts');
  return jsonSchemaOf((OPS as Record<string, { body: Parameters<typeof jsonSchemaOf>[0] }>)[op]?.body ?? OPS.reconcile.body); // prettier-ignore
}

describe(`the public demo's routes, fuzzed (seed ${SEED})`, () => {
  let demo: PublicDemo;
  let ada: Visitor;
  let bob: Visitor;
  let bobs = '';
  const depth = new Map<string, { valid: number; ok: number; refused: number }>();
  before(async () => {
    demo = await startPublicDemo(TEST_DATABASES[0]!);
    [ada, bob] = [await demo.visitor(), await demo.visitor()];
    bobs = bob.ref('mug');
    assert.equal((await bob.pay(bobs, 'card-payments', { card })).status, 201);
  });
  after(() => demo.close());

  /** Another visitor's order, as the companion holds it: no request of Ada's may change it. */
  const bobsOrder = async () =>
    JSON.stringify(await demo.companion.companion.context.store.orders.get(bobs));

  for (const route of ROUTES)
    it(`${route.name}: valid first, then hostile; never a 5xx, nobody else's order touched`, async () => {
      const product = route.name.includes('cancel-subscription') ? 'coffee' : 'mug';
      const own = ada.ref(product);
      assert.equal((await ada.pay(own, 'card-payments', { card: route.name.includes('review') ? { ...card, number: '4000000000009235' } : card })).status, 201); // prettier-ignore
      const headers = { cookie: ada.cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }; // prettier-ignore
      const key = () => ({ 'idempotency-key': randomUUID() });
      const seed = route.body?.(own);
      const valid = await send(demo.origin, route.method, route.path(own), { ...headers, ...key() }, seed && Buffer.from(JSON.stringify(seed))); // prettier-ignore
      const reached = { valid: valid.status, ok: 0, refused: 0 };
      depth.set(route.name, reached);
      const unnamed = UNNAMED.has(route.name.split('/').at(-1) ?? '');
      if (!unnamed) assert.ok(valid.status < 300, `the valid request: ${valid.status} ${valid.text.slice(0, 300)}`); // prettier-ignore
      const before = await bobsOrder();
      const path = route.path(own);
      const hostilePath =
        route.method === 'GET'
          ? fc.oneof(hostileQuery(undefined).map((q) => path + q), hostileSegment({ type: 'string' }).map((s) => path.replace(/[^/]+$/, s))) // prettier-ignore
          : fc.constant(path);
      const sent: fc.Arbitrary<Sent> = seed ? mutatedBody(schemaOf(route), seed) : fc.constant({ body: undefined, headers: {} }); // prettier-ignore
      await fc.assert(
        fc.asyncProperty(hostilePath, sent, async (p, s) => {
          const reply = await send(demo.origin, route.method, p, { ...headers, ...s.headers, ...key() }, s.body); // prettier-ignore
          if (reply.status < 300) reached.ok++;
          else if (reply.status >= 400) reached.refused++;
          assert.ok(reply.status < 500, `${reply.status} for ${p.slice(0, 200)}: ${reply.text.slice(0, 300)}`); // prettier-ignore
        }),
        { seed: SEED, numRuns: PER_ROUTE },
      );
      assert.equal(await bobsOrder(), before, "another visitor's order is untouched");
    });

  it('says how deep each route was reached', (t) => {
    for (const [name, { valid, ok, refused }] of depth)
      t.diagnostic(`${name}: valid ${valid}, mutations ${ok} 2xx, ${refused} 4xx`);
    const never = [...depth].filter(([name, d]) => d.valid >= 300 && d.ok === 0 && !UNNAMED.has(name.split('/').at(-1) ?? '')); // prettier-ignore
    assert.deepEqual(
      never.map(([name]) => name),
      [],
      'routes never seen answering 2xx',
    );
  });
});
