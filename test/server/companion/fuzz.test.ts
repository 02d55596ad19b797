/**
 * The fuzzer: hostile requests (test/server/fuzz/), made from each route's schemas and mutated,
 * to every route of the companion and each of the sandbox's operations, on the embedded store and
 * on PostgreSQL. Never a 5xx; the process answers /healthz after each route's batch; a refused
 * request changes no row of any table of the store; every 4xx names what it refused.
 *
 * A fixed seed and a bounded number of requests per route in `npm test`: FUZZ_SEED, FUZZ_RUNS
 * (requests per route) and FUZZ_ROUTE_MS (each route's time limit, fast-check's own: past it the
 * route fails, naming how far it got) for a longer run; FUZZ_ROUTES (a pattern of the routes'
 * names) to replay one. Each route is one test: `npm test` gives
 * a test 2 min (`--test-timeout`), above the 90 s default limit; a longer run by hand needs no
 * flag (node --test sets no timeout of its own). Each store's run ends by printing its seed, its
 * request count and its time.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { OPERATION_NAMES } from '../../../server/gateway/operations.ts';
import { stackOn, type Stack } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { until } from '../helpers/until.ts';
import {
  changedRows,
  namesWhatItRefused,
  routesOf,
  snapshot,
  storeTables,
} from '../fuzz/invariants.ts';
import { effective } from '../fuzz/json-text.ts';
import { send, type Reply } from '../fuzz/send.ts';
import { SHOPPER_COOKIE, validRequest, type Valid } from '../fuzz/valid.ts';
import {
  hostileRequest,
  METRICS_TOKEN,
  paramOf,
  TARGETS,
  type FuzzRequest,
  type Target,
} from '../fuzz/targets.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 26);
const PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);
const ROUTE_LIMIT_MS = Number(process.env.FUZZ_ROUTE_MS ?? 90_000);
/** Only the routes whose name matches (`FUZZ_ROUTES='ops/payouts'`), to replay a finding. */
const ONLY = new RegExp(process.env.FUZZ_ROUTES ?? '');
const UNLIMITED = 1_000_000;

/** The fuzzer's companion: every route on, no rate limit in the way of the requests that follow. */
const FUZZED = {
  directCardPayments: true,
  metricsToken: METRICS_TOKEN,
  rateLimitPerMinute: UNLIMITED,
  rateLimits: { pollsPerMinute: UNLIMITED, pageGuessesPerMinute: UNLIMITED, authFailuresPerMinute: UNLIMITED }, // prettier-ignore
  // One signed-in shopper, so that saved cards are reached.
  resolveShopper: (request: { headers: { cookie?: string | undefined } }) =>
    request.headers.cookie?.includes(SHOPPER_COOKIE) ? { id: 'cust-fuzz', email: 'fuzz@example.com' } : undefined, // prettier-ignore
};

/** How deep the requests to one route reached: its valid request's answer, and the mutations'. */
interface Depth {
  valid: number | 'none';
  ok: number;
  refused: number;
}

/** The valid request of a route: the stack's (valid.ts), or a service operation's signed seed. */
async function validOf(stack: Stack, target: Target): Promise<Valid | undefined> {
  if (target.server === 'companion') return validRequest(stack, target);
  const seed = target.body?.seed ?? {};
  return { path: target.path, headers: target.headers, body: (target.finish ? target.finish(seed) : seed) as Record<string, unknown> }; // prettier-ignore
}

/** The target with its valid request's headers and body as the seed its mutations start from. */
const startingFrom = (target: Target, valid: Valid | undefined): Target =>
  valid && target.body && valid.body
    ? { ...target, headers: { ...target.headers, ...valid.headers }, body: { ...target.body, seed: valid.body } }
    : { ...target, headers: { ...target.headers, ...valid?.headers } }; // prettier-ignore

/**
 * Lets what an earlier accepted request set going finish: the sandbox's notifications delivered
 * and applied (a payout's settlement changes rows of its own accord, after its request).
 */
async function quiet(stack: Stack): Promise<void> {
  await stack.sandbox.sandbox.engine.tickNow();
  const { db } = stack.companion.companion.context.store;
  await until(
    () => db.selectFrom('notifications').select('notification_id').where('applied_at', 'is', null).execute(),
    (pending) => pending.length === 0,
    { what: 'notifications applied' },
  );
} // prettier-ignore

let keys = 0;

async function sendTo(stack: Stack, { target, path, sent }: FuzzRequest): Promise<Reply> {
  const base = target.server === 'companion' ? stack.companion.url : stack.sandbox.url;
  const headers: Record<string, string> = { ...target.headers, ...sent.headers };
  // A new idempotency key each time: a key used before would answer 422 before the body is read.
  if (headers['idempotency-key']) headers['idempotency-key'] += `-${++keys}`;
  if (target.signature && sent.body) Object.assign(headers, target.signature(sent.body));
  return send(base, target.method, path, headers, sent.body);
}

/** The one answer that is a page for a shopper, not a problem: an expired or used payment page. */
const expiredPage = (request: FuzzRequest, reply: Reply) =>
  request.target.path === '/pay/:token' &&
  reply.status === 410 &&
  String(reply.headers['content-type']).startsWith('text/html');

describe('the fuzzer’s targets', () => {
  const world = stackOn(TEST_DATABASES[0]!, FUZZED);

  it('cover every route of the running companion', () => {
    const routes = routesOf(world.stack.companion.companion.router);
    assert.ok(routes.length > 20, `only ${routes.length} routes found`);
    const covered = new Set(TARGETS.filter((t) => t.server === 'companion').map((t) => `${t.method} ${t.path}`)); // prettier-ignore
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((r) => !covered.has(r));
    assert.deepEqual(missing, [], 'routes without a fuzz target (test/server/fuzz/targets.ts)');
  });

  it('give each of the service’s operations a target with a seed of its own that its schema accepts', () => {
    const sandbox = TARGETS.filter((t) => t.server === 'sandbox');
    assert.equal(sandbox.length, OPERATION_NAMES.length);
    assert.equal(new Set(sandbox.map((t) => JSON.stringify(t.body?.seed))).size, sandbox.length);
  });

  it('have seeds that their schemas accept, and a schema for every path parameter', () => {
    for (const target of TARGETS) {
      paramOf(target.path);
      if (!target.body) continue;
      const body = effective(target.finish ? target.finish(target.body.seed) : target.body.seed);
      const parsed = target.body.schema['~standard'].validate(body);
      assert.ok(!('then' in parsed) && !parsed.issues, `${target.name}: ${JSON.stringify(parsed)}`);
    }
  });
});

for (const database of TEST_DATABASES) {
  describe(`hostile input on every route, on ${database.name}`, () => {
    const world = stackOn(database, FUZZED);
    let started = 0;
    let tables: string[] = [];
    let sent = 0;
    /** How many answers of each class (`2xx`, `4xx`): the mix shows how deep the requests reach. */
    const answered = new Map<string, number>();
    const depth = new Map<string, Depth>();
    before(async () => {
      started = performance.now();
      tables = await storeTables(world.stack.companion.companion.context.store);
      for (const table of ['orders', 'attempts', 'audit', 'operations'])
        assert.ok(
          tables.includes(table),
          `${table} among the store's tables: ${tables.join(', ')}`,
        );
    });

    for (const target of TARGETS.filter((t) => ONLY.test(t.name))) {
      it(`${target.name}: never a 5xx, a refusal names what and changes nothing`, async () => {
        const { stack } = world;
        const { store } = stack.companion.companion.context;
        const companion = target.server === 'companion';
        const valid = await validOf(stack, target);
        const reached: Depth = { valid: 'none', ok: 0, refused: 0 };
        depth.set(target.name, reached);
        if (valid) {
          const bytes = valid.body ? Buffer.from(JSON.stringify(valid.body)) : undefined;
          const headers = { ...target.headers, ...(bytes ? { 'content-type': 'application/json' } : {}), ...valid.headers }; // prettier-ignore
          const base = companion ? stack.companion.url : stack.sandbox.url;
          const reply = await send(base, target.method, valid.path, headers, bytes);
          reached.valid = reply.status;
          assert.ok(reply.status >= 200 && reply.status < 300, `the valid request: ${reply.status} ${reply.text.slice(0, 300)}`); // prettier-ignore
        }
        await fc.assert(
          fc.asyncProperty(hostileRequest(startingFrom(target, valid)), async (request) => {
            if (companion) await quiet(stack);
            const rows = companion ? await snapshot(store, tables) : undefined;
            const reply = await sendTo(stack, request);
            sent++;
            const kind = `${String(reply.status).slice(0, 1)}xx`;
            answered.set(kind, (answered.get(kind) ?? 0) + 1);
            if (reply.status < 300) reached.ok++;
            else if (reply.status >= 400) reached.refused++;
            const body = request.sent.body ? Buffer.from(request.sent.body).toString().slice(0, 300) : ''; // prettier-ignore
            const said = `${reply.status} for ${request.path.slice(0, 200)} ${JSON.stringify(request.sent.headers)} ${body}: ${reply.text.slice(0, 300)}`; // prettier-ignore
            assert.ok(reply.status < 500, said);
            if (reply.status < 400) return;
            assert.ok(namesWhatItRefused(reply.text) || expiredPage(request, reply), `a ${reply.status} names what it refused: ${said}`); // prettier-ignore
            if (rows) {
              const after = await snapshot(store, tables);
              const requestId = String(reply.headers['x-request-id']);
              assert.deepEqual(changedRows(rows, after, requestId), [], `a refused request changed a row: ${said}`); // prettier-ignore
            }
          }),
          { seed: SEED, numRuns: PER_ROUTE, endOnFailure: true, interruptAfterTimeLimit: ROUTE_LIMIT_MS, markInterruptAsFailure: true }, // prettier-ignore
        );
        const health = await fetch(`${stack.companion.url}/healthz`);
        assert.equal(health.status, 200, 'the companion answers /healthz after the batch');
      });
    }

    it('says how much it sent, and how long it took', (t) => {
      assert.ok(sent > 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const routes = TARGETS.filter((target) => ONLY.test(target.name)).length;
      const mix = [...answered]
        .sort()
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ');
      t.diagnostic(`fuzz on ${database.name}: ${sent} requests to ${routes} routes in ${seconds} s (seed ${SEED}, ${PER_ROUTE} per route; ${mix})`); // prettier-ignore
      // Per route: the valid request's answer, then how many mutations answered 2xx and 4xx.
      for (const [name, { valid, ok, refused }] of depth)
        t.diagnostic(`  ${name}: valid ${valid}, mutations ${ok} 2xx, ${refused} 4xx`);
      const never = [...depth].filter(([name, d]) => d.ok === 0 && !(typeof d.valid === 'number' && d.valid < 300) && !name.endsWith('without a token')); // prettier-ignore
      assert.deepEqual(
        never.map(([name]) => name),
        [],
        'routes never seen answering 2xx',
      );
    });
  });
}
