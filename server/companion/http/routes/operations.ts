/**
 * The merchant's operations API, behind its bearer tokens (a widget's status token never opens
 * it): the reads of operations-reads.ts as GET routes and every operation of operations-table.ts
 * as a POST route, each authorized by what it declares (the role it needs, the references its
 * parsed request reaches: core/access.ts decides). Every mutating route honours
 * `Idempotency-Key`; a payout requires one.
 */
import express, { type Request, type Response, type Router } from 'express';
import { scoped, type EdgeContext } from '../edge-context.ts';
import {
  authorize,
  callersOf,
  mayUse,
  parseOr400,
  reached,
  refusal,
  sha256,
  type Reach,
} from '../../core/index.ts';
import { DEFAULT_RECOVER_AFTER_MS, reconcileOrder } from '../../settlement/index.ts';
import { allowed, jsonBody, principalOfResponse, requireBearer } from '../security.ts';
import { auditTrail } from './audit.ts';
import { OPERATIONS, type Answer } from './operations-table.ts';
import { ListQuery, PayoutListQuery, READS } from './operations-reads.ts';
import { parsedJson } from '../../../unknown.ts';

export { ListQuery, PayoutListQuery };

/** The references a reach names (none for a list or for orders not named). */
export const refsOf = (reach: Reach): string[] =>
  reach === 'narrowed' || 'unnamed' in reach ? [] : reach.map((target) => target.ref);

/**
 * Every route of the operations API, with the role it needs: the reads and the operations, the
 * two tables the router is made from. The authorization matrix
 * (test/server/companion/authorization-matrix.test.ts) is generated from this list, and checks
 * it against the routes the router serves.
 */
export const OPERATIONS_ROUTES = [
  ...Object.entries(READS).map(([path, entry]) => ({ method: 'GET', path, role: entry.role })),
  ...Object.entries(OPERATIONS).map(([name, op]) => ({ method: 'POST', path: `/${name}`, role: op.role })), // prettier-ignore
] as const;

/**
 * The definite answer to a key whose request was interrupted (a crash while it ran): what the
 * service now says of every order it named. The merchant sees where each order stands and may act
 * again under a new key; the key itself never stays "in progress".
 */
async function settleInterrupted(ctx: EdgeContext, refs: string[]): Promise<Answer> {
  const orders = [];
  for (const ref of refs) {
    const order = await ctx.store.orders.get(ref);
    if (order) await reconcileOrder(ctx, order);
    orders.push({ order_ref: ref, status: (await ctx.store.orders.get(ref))?.status ?? null });
  }
  return {
    outcome: 'interrupted',
    results: orders.map(({ order_ref, status }) => ({ ref: order_ref, status: status ?? 'none' })),
    status: 200,
    body: {
      outcome: 'unknown',
      detail:
        'the request under this key was interrupted before it answered; the orders it named stand as the payment service now reports them',
      orders,
    },
  };
}

/** The request's Idempotency-Key, checked (before its body is); undefined without one. */
function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.get('idempotency-key');
  if (key !== undefined && !/^[A-Za-z0-9_-]{8,128}$/.test(key))
    throw refusal(
      400,
      'Invalid Idempotency-Key',
      'idempotency-key',
      'use 8 to 128 letters, digits, dashes or underscores',
    );
  return key;
}

/**
 * Runs a mutating handler under the request's Idempotency-Key: the same key and body replay the
 * stored answer, the same key with another body is refused (422), a concurrent duplicate gets 409.
 * An answer whose outcome at the service is unknown is not stored, so the key can be retried. A
 * key left in progress by a crash is settled after `recoverAfterMs`: an operation that is safe to
 * repeat (`rerun`: a payout keeps its request_id) runs again, any other gets settleInterrupted's
 * answer.
 */
async function idempotent(
  ctx: EdgeContext,
  route: string,
  request: Request,
  handler: () => Promise<Answer>,
  { rerun, refs }: { rerun: boolean; refs: string[] },
): Promise<Answer> {
  const key = idempotencyKeyOf(request);
  if (!key) return handler();
  const text = JSON.stringify(request.body ?? null);
  const staleAfter = ctx.config.recoverAfterMs ?? DEFAULT_RECOVER_AFTER_MS;
  const start = await ctx.store.idempotency.begin(key, route, sha256(text), text, staleAfter);
  if (start.state === 'mismatch')
    throw refusal(422, 'Idempotency-Key reused', 'idempotency-key', 'this key was used with another request'); // prettier-ignore
  if (start.state === 'in_progress')
    throw refusal(409, 'Request in progress', 'idempotency-key', 'a request with this key is still running', { retryable: true }); // prettier-ignore
  if (start.state === 'replay')
    return { status: start.statusCode, body: parsedJson(start.response), outcome: 'replayed' };
  reached('operation.begun');
  try {
    const interrupted = start.state === 'interrupted' && !rerun;
    if (interrupted)
      ctx.log.warn({ route }, 'an interrupted operation is settled from the service');
    const answer = interrupted ? await settleInterrupted(ctx, refs) : await handler();
    await ctx.store.idempotency.finish(key, answer.status, JSON.stringify(answer.body));
    return answer;
  } catch (error) {
    // Refused (4xx) before anything was sent, or an outcome not known: the key is forgotten, so
    // a refused request leaves no trace and the same key can carry the corrected one.
    await ctx.store.idempotency.abandon(key);
    throw error;
  }
}

/**
 * One operation of the table, authorized and audited. The token's role is checked first; then the
 * body is parsed once, and what it reaches (read from that parse) is checked against the token's
 * scope: a reference outside refuses the whole request (403) before anything is looked up or
 * sent. The audit trail's entry is written when the operation is prepared, before its call is
 * sent, and completed with the answer (or the error, a refusal included) before the client gets
 * it.
 */
async function audited(
  ctx: EdgeContext,
  name: string,
  op: (typeof OPERATIONS)[keyof typeof OPERATIONS],
  request: Request,
  response: Response,
): Promise<void> {
  const principal = principalOfResponse(response);
  const trail = auditTrail(ctx, name, request, response, principal);
  try {
    trail.acting(op.role);
    allowed(principal, mayUse(principal, op.role));
    // The key is checked before the body, as the request's other headers are.
    const key = op.idempotency === 'none' ? undefined : idempotencyKeyOf(request);
    if (op.idempotency === 'required' && !key)
      throw refusal(
        400,
        'Idempotency-Key required',
        'idempotency-key',
        `${name} needs an Idempotency-Key, so a retry never acts twice`,
      );
    // Each entry's body, reach and prepare agree by construction (operation()); the union erases
    // the pairing.
    const body = parseOr400(op.body, request.body) as never;
    const reach = op.reach(body);
    trail.acting(op.role, refsOf(reach));
    const role = allowed(principal, authorize(principal, op.role, reach));
    trail.acting(role, refsOf(reach));
    const run = async () => {
      const prepared = await op.prepare(ctx, body, request);
      await trail.sending(prepared.lines);
      return prepared.send();
    };
    const answer =
      op.idempotency === 'none'
        ? await run()
        : await idempotent(ctx, name, request, run, {
            rerun: op.idempotency === 'required',
            refs: refsOf(reach),
          });
    await trail.answered(answer);
    if (answer.outcome === 'replayed') response.set('Idempotent-Replayed', 'true');
    response.status(answer.status).json(answer.body);
  } catch (error) {
    await trail.failed(error);
    throw error;
  }
}

export function operationsRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  router.use(ctx.limits.authFailures, requireBearer(callersOf(ctx.config)));
  router.use(jsonBody('256kb'));
  for (const [path, entry] of Object.entries(READS))
    router.get(path, async (request, response) => {
      const principal = principalOfResponse(response);
      allowed(principal, mayUse(principal, entry.role));
      const input = entry.input(request);
      allowed(principal, authorize(principal, entry.role, entry.reach(input)));
      response.json(await entry.answer(ctx, input, principal));
    });
  for (const [name, op] of Object.entries(OPERATIONS))
    router.post(
      `/${name}`,
      scoped(ctx, (ctx, request, response) => audited(ctx, name, op, request, response)),
    );
  return router;
}
