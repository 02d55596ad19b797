/**
 * The operations API's authorization matrix (issue 36), generated from the operations table
 * (OPERATIONS_ROUTES: every route with the role it declares, and the metrics route) and run on
 * each store: every route × {no token, a wrong token, a token of each role, the right role outside
 * its scope, the right role in scope, a body mixing references in and out of scope}. An allowed
 * cell must do what the route does (authorization/cases.ts); a refused one must say why (401; 403
 * naming the role, or each reference outside the scope) and leave everything as it was: no call
 * to the service, its targets' state unchanged. A route the router serves without a case, or a
 * case for a route it does not serve, fails the first test.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { ROLES, type OperationsRole } from '../../../server/companion/config/index.ts';
import { METRICS_ACCESS } from '../../../server/companion/http/metrics-http.ts';
import {
  OPERATIONS_ROUTES,
  operationsRouter,
} from '../../../server/companion/http/routes/operations.ts';
import { resolveOrder as shopOrder } from '../../fixtures/catalogue.mjs';
import { answer, stackOn, type Answer, type Stack } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { routeCases, type Call, type RouteCase } from './authorization/cases.ts';

const IN = 'in.';
const OUT = 'out.';
const ROUTES = [
  ...OPERATIONS_ROUTES.map(({ method, path, role }) => ({ name: `${method} ${path}`, role })),
  { name: 'GET /metrics', role: METRICS_ACCESS.role as OperationsRole },
];
const tokenOf = (kind: string, role: string) => `${kind}-${role}-token`.padEnd(40, '0');

/** A token of each role, and one of each role scoped to `in.`. */
const TOKENS = Object.fromEntries(
  ROLES.flatMap((role) => [
    [`role-${role}`, { token: tokenOf('role', role), roles: [role] }],
    [`scoped-${role}`, { token: tokenOf('scoped', role), roles: [role], scope: IN }],
  ]),
);

/** The principals of the matrix, as the requests they send. */
const PRINCIPALS = [
  'no token',
  'wrong token',
  ...ROLES.map((role) => `role ${role}`),
  'outside its scope',
  'in its scope',
  'mixing in and out',
] as const;

/** The routes an Express router serves, as `METHOD /path`. */
function served(router: Router): string[] {
  return router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys((layer.route as unknown as { methods: object }).methods).map(
        (method) => `${method.toUpperCase()} ${String(layer.route?.path)}`,
      ),
    );
}

/**
 * What the companion has done so far that a refused request must not add to: its calls to the
 * service by operation, and its reconciliation runs. Not its queries: a notification arriving
 * for a fixture may make one at any moment (an out-of-order notification is settled by a query),
 * and a refused search shows it sent nothing by answering nothing.
 */
async function effects(stack: Stack): Promise<Record<string, number>> {
  const { registry } = stack.companion.companion.context.metrics;
  const done: Record<string, number> = {};
  for (const name of ['gateway_calls_total', 'reconciliation_runs_total']) {
    const metric = registry.getSingleMetric(`acquiring_companion_${name}`);
    for (const { labels, value } of (await metric?.get())?.values ?? []) {
      const what = String(labels.operation ?? `reconcile ${String(labels.trigger)}`);
      if (what !== 'query') done[what] = (done[what] ?? 0) + value;
    }
  }
  return done;
}

async function send(stack: Stack, call: Call, token: string | undefined): Promise<Answer> {
  return answer(
    await fetch(stack.companion.url + call.path, {
      method: call.method,
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...call.headers,
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    }),
  );
}

/** Asserts a refused cell: its status, what it names, and nothing moved. */
async function refused(
  stack: Stack,
  route: RouteCase,
  answer: Answer,
  expected: { status: 401 | 403; names?: string[] | undefined; untouched: [string, unknown][]; effects: Record<string, number> }, // prettier-ignore
) {
  assert.equal(answer.status, expected.status, JSON.stringify(answer.body));
  const issues = (answer.body.issues ?? []) as { path: string; message: string }[];
  for (const name of expected.names ?? [])
    assert.ok(
      issues.some((i) => `${i.path} ${i.message}`.includes(name)),
      `names ${name}: ${JSON.stringify(issues)}`,
    );
  assert.deepEqual(
    await effects(stack),
    expected.effects,
    'nothing sent to the service, nothing run',
  );
  for (const [ref, before] of expected.untouched)
    assert.deepEqual(await route.state(ref), before, `${ref} untouched`);
}

describe("the docs' operations tokens page", () => {
  it('has the role each route declares', () => {
    const page = readFileSync(new URL('../../../docs/site/companion/operations-tokens.md', import.meta.url), 'utf8'); // prettier-ignore
    const table = /<!-- route-roles:start[^>]*-->\n([\s\S]*?)\n<!-- route-roles:end -->/.exec(page)?.[1]; // prettier-ignore
    const rows = ROUTES.map(({ name, role }) => {
      const [method, path] = name.split(' ');
      const full = path === '/metrics' ? path : `/api/ops${String(path)}`;
      return `| \`${String(method)} ${full}\` | \`${role}\` |`;
    });
    assert.equal(table, ['| route | role |', '|---|---|', ...rows].join('\n'));
  });
});

for (const database of TEST_DATABASES)
  describe(`the operations API's authorization matrix, on ${database.name}`, () => {
    // References `in.<cart>.<nonce>` and `out.…` are the shop's carts, in two scopes.
    const resolveOrder = (ref: string) => shopOrder(ref.replace(/^(in|out)\./, ''));
    // Its 401 cells are many failed logins from one client: not a guesser to slow down here.
    const rateLimits = { authFailuresPerMinute: 100_000 };
    const suite = stackOn(database, { operationsTokens: TOKENS, resolveOrder, rateLimits });

    it('has a case for every route the router serves, and each declares a role', () => {
      const stack = suite.stack;
      const router = operationsRouter(stack.companion.companion.context);
      const routes = [...served(router), 'GET /metrics'];
      assert.deepEqual(routes.sort(), ROUTES.map((r) => r.name).sort());
      assert.deepEqual(Object.keys(routeCases(stack)).sort(), routes.sort());
      for (const route of ROUTES) assert.ok(ROLES.includes(route.role), route.name);
    });

    for (const { name, role } of ROUTES)
      describe(name, () => {
        for (const principal of PRINCIPALS)
          it(principal, (t) => cell(t, suite.stack, name, role, principal));
      });
  });

/** Targets a refused cell names, made once per route and scope: a refusal leaves them as they were. */
const probes = new WeakMap<Stack, Map<string, Promise<string>>>();
function probe(stack: Stack, name: string, route: RouteCase, prefix: string): Promise<string> {
  const made = probes.get(stack) ?? new Map<string, Promise<string>>();
  probes.set(stack, made);
  const key = `${name} ${prefix}`;
  if (!made.has(key)) made.set(key, route.target(prefix));
  return made.get(key) as Promise<string>;
}

/** One cell: who asks (`principal`), on route `name`, which needs `role`. */
async function cell(
  t: { skip(message: string): void },
  stack: Stack,
  name: string,
  role: OperationsRole,
  principal: (typeof PRINCIPALS)[number],
) {
  const route = routeCases(stack)[name];
  if (!route) throw new Error(`no case for ${name}`);
  const held = principal.startsWith('role ') ? (principal.slice(5) as OperationsRole) : undefined;
  const allowed =
    (held !== undefined && (held === role || held === 'admin')) ||
    (principal === 'in its scope' && route.kind !== 'unnamed');
  // An allowed cell acts on a target of its own (or finds it in its list); a refused one names
  // the route's probe. A list is asked for whole, and must show it.
  const unnamed = route.kind === 'unnamed';
  const inside = unnamed ? '' : allowed ? await route.target(IN) : await probe(stack, name, route, IN); // prettier-ignore
  const targets = inside ? [inside] : [];
  const asked = route.kind === 'narrowed' ? [] : targets;
  /** Sends `call` as `token`, refused as `expected` says, with `refs` left as they were. */
  const refusedAs = async (
    call: Call,
    token: string | undefined,
    refs: string[],
    expected: { status: 401 | 403; names?: string[] },
  ) => {
    // prettier-ignore
    const before = await Promise.all(refs.map(async (ref) => [ref, await route.state(ref)] as [string, unknown])); // prettier-ignore
    const done = await effects(stack);
    const answer = await send(stack, call, token);
    await refused(stack, route, answer, { ...expected, untouched: before, effects: done });
  };

  if (principal === 'no token' || principal === 'wrong token') {
    const token = principal === 'no token' ? undefined : 'a-wrong-token-0123456789abcdef';
    return refusedAs(await route.request(asked), token, targets, { status: 401 });
  }
  const scoped = tokenOf('scoped', role);
  if (held !== undefined || principal === 'in its scope') {
    const token = held === undefined ? scoped : tokenOf('role', held);
    const call = await route.request(asked);
    if (allowed) return route.done(await send(stack, call, token), targets, held ? undefined : IN);
    // A role it lacks; or, scoped, orders it does not name, which are out of any scope.
    const names = held ? [`lacks the ${role} role`] : ['scoped'];
    return refusedAs(call, token, targets, { status: 403, names });
  }
  if (principal === 'outside its scope') {
    const outside = route.kind === 'unnamed' ? '' : await probe(stack, name, route, OUT);
    const refs = outside ? [outside] : [];
    return refusedAs(await route.request(refs), scoped, refs, { status: 403, names: refs.length ? [outside] : ['scoped'] }); // prettier-ignore
  }
  // Mixing: a batch naming both, or a body naming one where the route reads and one beside it.
  if (route.kind !== 'batch' && !route.smuggle) return t.skip('names no second reference');
  const outside = await probe(stack, name, route, OUT);
  const call =
    route.kind === 'batch'
      ? await route.request([inside, outside])
      : await (route.smuggle as NonNullable<RouteCase['smuggle']>)(outside, inside);
  return refusedAs(call, scoped, [inside, outside], { status: 403, names: [outside] });
}
