/**
 * The console's calls, forwarded to the companion's operations API with a bearer token that stays
 * on this server, and an `X-Actor` naming the console, or the visitor, for the audit trail. Only
 * the console's operations, by their method and path. It forwards bodies as they came and reads
 * none: in a public demo the token is the visitor's own (spaces.ts), scoped to their space, and
 * the companion decides what that token may reach.
 */
import express, { type Request, type Response, type Router } from 'express';

/** The operations the console may call, and their methods. */
export const CONSOLE_OPERATIONS: Record<string, 'GET' | 'POST'> = {
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
  /** The bearer token for a call: the visitor's (in their `space`), or the console's. */
  tokenFor(space: string | undefined): string;
}

/** Who the audit trail names for the console's operations: the demo has no staff to sign in. */
const actorOf = (space: string | undefined) =>
  space ? `demo visitor ${space}` : 'operations console';

/** Where a console call goes at the companion: `orders/<ref>/audit` is the order's audit trail. */
function targetOf(name: string, trail: string | undefined): string {
  if (trail) return `audit?order_ref=${encodeURIComponent(trail)}`;
  return name === 'payouts/new' ? 'payouts' : name;
}

export function consoleProxy(options: ProxyOptions): Router {
  const router = express.Router();
  // Forwarded as it came: read as text (the guard in front made sure it is JSON), never parsed.
  router.use(express.text({ type: 'application/json', limit: '64kb' }));
  router.all('/*path', async (request: Request, response: Response) => {
    // Stryker disable next-line ArrayDeclaration: '/*path' matches a non-empty path only; any other name is a 404 anyway
    const name = ([] as string[]).concat(request.params.path ?? []).join('/');
    // One order's detail or its audit trail: orders/<order_ref>[/audit].
    // Stryker disable next-line ArrayDeclaration: without a match, item 0 (skipped) is all a non-empty array could add
    const [, detail, audit] = /^orders\/([A-Za-z0-9._-]{1,48})(\/audit)?$/.exec(name) ?? [];
    const method = detail ? 'GET' : CONSOLE_OPERATIONS[name];
    if (!method || method !== request.method) return void response.sendStatus(404);
    const space = response.locals.space as string | undefined;
    const key = request.get('idempotency-key');
    const target = `${options.companionUrl}/api/ops/${targetOf(name, audit && detail)}`;
    const body = typeof request.body === 'string' && request.body !== '' ? request.body : '{}';
    const answer = await fetch(target, {
      method,
      headers: {
        authorization: `Bearer ${options.tokenFor(space)}`,
        'content-type': 'application/json',
        'x-actor': actorOf(space),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(method === 'POST' ? { body } : {}),
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
