/**
 * The console's calls, forwarded to the companion's operations API with its bearer token (the
 * token stays on this server) and an `X-Actor` naming the console, or the visitor, for the audit
 * trail. Only the console's operations, by their method. In a public demo
 * each visitor's calls are narrowed to their own space (spaces.ts).
 */
import express, { type Request, type Response, type Router } from 'express';
import { ownRequest } from './spaces.ts';

/** The operations the console may call, and their methods. */
const OPERATIONS: Record<string, 'GET' | 'POST'> = {
  orders: 'GET',
  payouts: 'GET',
  capture: 'POST',
  cancel: 'POST',
  review: 'POST',
  refund: 'POST',
  'cancel-subscription': 'POST',
  'refund-search': 'POST',
  reconcile: 'POST',
  'payouts/new': 'POST',
};

export interface ProxyOptions {
  /** The companion's address as this server reaches it. */
  companionUrl: string;
  operationsToken: string;
}

/** Who the audit trail names for the console's operations: the demo has no staff to sign in. */
const actorOf = (space: string | undefined) =>
  space ? `demo visitor ${space}` : 'operations console';

/**
 * Where a console call goes at the companion: `orders/<ref>/audit` is the order's audit trail; a
 * visitor's lists are narrowed to their own orders and payouts, filtered by the companion.
 */
function targetOf(name: string, space: string | undefined, trail: string | undefined): string {
  if (trail) return `audit?order_ref=${encodeURIComponent(trail)}`;
  if (name === 'payouts/new') return 'payouts';
  if (space && name === 'orders') return `orders?ref_prefix=${encodeURIComponent(`${space}.`)}`;
  if (space && name === 'payouts') return `payouts?reference=${encodeURIComponent(space)}`;
  return name;
}

export function consoleProxy(options: ProxyOptions): Router {
  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));
  router.all('/*path', async (request: Request, response: Response) => {
    const name = ([] as string[]).concat(request.params.path ?? []).join('/');
    // One order's detail or its audit trail: orders/<order_ref>[/audit], a visitor's own only.
    const [, detail, audit] = /^orders\/([A-Za-z0-9._-]{1,48})(\/audit)?$/.exec(name) ?? [];
    const method = detail ? 'GET' : OPERATIONS[name];
    if (!method || method !== request.method) return void response.sendStatus(404);
    const space = response.locals.space as string | undefined;
    if (detail && space && !detail.startsWith(`${space}.`))
      return void response.status(404).json({ title: 'Unknown order', detail: 'not one of yours' });
    let body = (request.body ?? {}) as Record<string, unknown>;
    if (space && method === 'POST') {
      const own = ownRequest(space, name, body);
      if (!own)
        return void response
          .status(404)
          .json(
            name === 'reconcile'
              ? { title: 'Not here', detail: 'the hosted demo reconciles every order each minute' }
              : { title: 'Unknown order', detail: 'not one of yours' },
          );
      body = own;
    }
    const key = request.get('idempotency-key');
    const target = `${options.companionUrl}/api/ops/${targetOf(name, space, audit && detail)}`;
    const answer = await fetch(target, {
      method,
      headers: {
        authorization: `Bearer ${options.operationsToken}`,
        'content-type': 'application/json',
        'x-actor': actorOf(space),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    }).catch(() => undefined);
    if (!answer) {
      return void response
        .status(502)
        .json({ title: 'Companion unreachable', detail: 'the companion did not answer' });
    }
    const text = await answer.text();
    response
      .status(answer.status)
      .type(answer.headers.get('content-type') ?? 'application/json')
      .send(text);
  });
  return router;
}
