/** The companion's doors: CORS for the storefront origins, bearer auth, headers (rate limits: rate-limits.ts). */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import { checkBodyText, checkDepth } from './input-limits.ts';
import { Problem, refusal, sendProblem, sameSecret } from '../core/index.ts';

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

/** The operations API's tokens by name: `default` (operationsToken), then operationsTokens. */
export function operationsTokens(config: {
  operationsToken: string;
  operationsTokens?: Record<string, string> | undefined;
}): [name: string, token: string][] {
  return [['default', config.operationsToken], ...Object.entries(config.operationsTokens ?? {})];
}

/**
 * One of the operations API's bearer tokens, compared in constant time (every one, so the time
 * does not tell which matched). The token's name is `response.locals.tokenName`: the audit trail
 * tells the holders apart, and removing one revokes it alone.
 */
export function requireBearer(tokens: [name: string, token: string][]): RequestHandler {
  return (request, response, next) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    let matched: string | undefined;
    for (const [name, token] of tokens) if (sameSecret(given, token)) matched ??= name;
    if (!matched) {
      response.set('WWW-Authenticate', 'Bearer');
      return sendProblem(
        response,
        refusal(401, 'Unauthorised', 'authorization', 'the operations API needs its bearer token'),
      );
    }
    response.locals.tokenName = matched;
    next();
  };
}

/**
 * A JSON body parser that says what is wrong: a body of another type gets 415 naming the type to
 * send (express.json alone would skip it, and the route would see no body at all).
 */
export function jsonBody(limit: string): RequestHandler[] {
  const parse = express.json({ limit, verify: checkDepth });
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
      next();
    },
    parse,
    checkBodyText,
  ];
}
