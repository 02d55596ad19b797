/** The companion's doors: CORS for the storefront origins, bearer auth, headers (rate limits: rate-limits.ts). */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import { charsetOf, checkBodyText, checkRawBody } from './input-limits.ts';
import type { OperationsRole } from '../config/index.ts';
import {
  type Callers,
  type Principal,
  Problem,
  principalOf,
  refusal,
  sendProblem,
  type Verdict,
} from '../core/index.ts';

/** The companion's CSP, tighter than helmet's default: nothing inline, nothing from elsewhere. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join(';');

/**
 * helmet's headers, and the CSP above as one fixed string: helmet rebuilds its CSP header on every
 * request (its directives may be functions), a fortieth of a checkout session's cost. No
 * `Origin-Agent-Cluster`: a companion mounted on the storefront's own origin would ask for an
 * origin-keyed agent cluster on an origin whose other pages do not, and Chromium then logs a
 * warning on the shop's page each time the payment page loads in the frame. The hint is the
 * origin's to give, not one router's.
 */
export function securityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  return (request, response, next) => {
    response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers(request, response, next);
  };
}

/**
 * CORS for the widget's routes: only the storefront origins, never a wildcard. A preflight from
 * an origin not on the list gets no CORS headers, so the browser refuses the call. With
 * `credentials` (a merchant's resolveShopper reads its session cookie; or a test of the request),
 * the listed origins may send cookies to a companion on another origin
 * (`fetch(…, { credentials: 'include' })`).
 */
export function cors(
  allowedOrigins: readonly string[],
  onRefused: (origin: string) => void = () => undefined,
  credentials: boolean | ((request: Request) => boolean) = false,
): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    response.vary('Origin');
    // The browser stops a refused request after its preflight: only this side can say why.
    if (origin && !allowedOrigins.includes(origin)) onRefused(origin);
    if (origin && allowedOrigins.includes(origin)) {
      response.set('Access-Control-Allow-Origin', origin);
      response.set('Access-Control-Allow-Headers', 'content-type, authorization, idempotency-key');
      response.set('Access-Control-Allow-Methods', 'GET, POST, DELETE');
      response.set('Access-Control-Max-Age', '600');
      if (typeof credentials === 'function' ? credentials(request) : credentials)
        response.set('Access-Control-Allow-Credentials', 'true');
    }
    if (request.method === 'OPTIONS') return void response.status(204).end();
    next();
  };
}

/**
 * The storefront origin a widget request comes from; refused when it is not on the list.
 *
 * Browsers send no `Origin` on a same-origin GET (saved cards, order status). Such a request
 * says `Sec-Fetch-Site: same-origin` instead: it comes from a page on the companion's own origin
 * (its `publicUrl`, a setting, never the request's Host), which then must be on the list too.
 */
export function storefrontOrigin(
  request: Request,
  config: { allowedOrigins: readonly string[]; publicUrl: string },
): string {
  const sameOrigin = request.headers['sec-fetch-site'] === 'same-origin';
  const origin = request.headers.origin ?? (sameOrigin ? new URL(config.publicUrl).origin : '');
  if (!origin || !config.allowedOrigins.includes(origin)) {
    throw new Problem(
      403,
      'Origin not allowed',
      origin
        ? `origin: ${origin} is not in the companion's allowedOrigins (ALLOWED_ORIGINS); add it there if it is your storefront`
        : 'origin: requests must come from a storefront origin the companion allows',
      { issues: [{ path: 'origin', message: 'not an allowed storefront origin' }] },
    );
  }
  return origin;
}

/** Who each request let through by `requireBearer` came from, by its response. */
const principals = new WeakMap<Response, Principal>();

/**
 * One of the operations API's bearer tokens (core/operations-tokens.ts: the settings' tokens
 * compared in constant time, or a token a configured key signed). Who it is, its roles and scope,
 * is `principalOfResponse(response)`: the routes authorize it, the audit trail names it, and
 * removing a token revokes it alone.
 */
export function requireBearer(callers: Callers): RequestHandler {
  return (request, response, next) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const principal = principalOf(given, callers);
    if (!principal) {
      response.set('WWW-Authenticate', 'Bearer');
      return sendProblem(
        response,
        refusal(401, 'Unauthorised', 'authorization', 'the operations API needs its bearer token'),
      );
    }
    principals.set(response, principal);
    next();
  };
}

/** Who a request that `requireBearer` let through came from. */
export function principalOfResponse(response: Response): Principal {
  const principal = principals.get(response);
  if (!principal) throw new Error('the route is not behind requireBearer');
  return principal;
}

/**
 * A refusal by `authorize`, as the answer says it: 403, naming the role the token lacks, or each
 * reference outside its scope (by where the request named it).
 */
export function forbidden(principal: Principal, verdict: Verdict): Problem {
  if (verdict.allowed) throw new Error('forbidden() of an allowed verdict');
  const scope = principal.scope?.join(', ') ?? '';
  const issues =
    'lacks' in verdict
      ? [{ path: 'authorization', message: `the token ${principal.name} lacks the ${verdict.lacks} role` }] // prettier-ignore
      : verdict.outside.map(({ path, ref }) => ({
          path,
          message:
            ref === '*'
              ? `the token ${principal.name} is scoped to references starting ${scope}: this reaches orders it does not name`
              : `${ref} is outside the token ${principal.name}'s scope (${scope})`,
        }));
  return new Problem(403, 'Forbidden', issues.map((i) => `${i.path}: ${i.message}`).join('; '), {
    retryable: false,
    issues,
  });
}

/** Throws `forbidden` unless `verdict` allows; the role it allows under. */
export function allowed(principal: Principal, verdict: Verdict): OperationsRole {
  if (!verdict.allowed) throw forbidden(principal, verdict);
  return verdict.role;
}

/**
 * A JSON body parser that says what is wrong: a body of another type gets 415 naming the type to
 * send (express.json alone would skip it, and the route would see no body at all), and one in
 * another charset than UTF-8 gets 415 naming it.
 */
export function jsonBody(limit: string): RequestHandler[] {
  const parse = express.json({ limit, verify: checkRawBody });
  return [
    (request, _response, next) => {
      const length = request.headers['content-length'];
      const hasBody =
        (length !== undefined && length !== '0') ||
        request.headers['transfer-encoding'] !== undefined;
      if (hasBody && !request.is('application/json'))
        return next(
          refusal(
            415,
            'Unsupported media type',
            'content-type',
            'send the body as a JSON object, with Content-Type: application/json',
          ),
        );
      // UTF-8 alone: express.json would decode any `utf-*` (UTF-7, UTF-16) as well.
      const charset = charsetOf(request.headers['content-type']);
      if (hasBody && charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
        return next(
          refusal(
            415,
            'Unsupported charset',
            'content-type',
            'send the body as UTF-8 (charset=utf-8)',
          ),
        );
      next();
    },
    parse,
    checkBodyText,
  ];
}
