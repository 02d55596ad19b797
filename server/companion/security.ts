/** The companion's doors: CORS for the storefront origins, bearer auth, headers (rate limits: rate-limits.ts). */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import { Problem, sendProblem } from './problem.ts';
import { sameSecret } from './tokens.ts';

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
 * request (its directives may be functions), a fortieth of a checkout session's cost.
 */
export function securityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: false,
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

/** The storefront origin a widget request comes from; refused when it is not on the list. */
export function storefrontOrigin(request: Request, allowedOrigins: readonly string[]): string {
  const origin = request.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) {
    throw new Problem(
      403,
      'Origin not allowed',
      `requests must come from a storefront origin the companion allows${origin ? `; ${origin} is not one` : ''}`,
    );
  }
  return origin;
}

/** The operations API's bearer token, compared in constant time. */
export function requireBearer(token: string): RequestHandler {
  return (request, response, next) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      response.set('WWW-Authenticate', 'Bearer');
      return sendProblem(
        response,
        new Problem(401, 'Unauthorised', 'the operations API needs its bearer token'),
      );
    }
    next();
  };
}

/**
 * A JSON body parser that says what is wrong: a body of another type gets 415 naming the type to
 * send (express.json alone would skip it, and the route would see no body at all).
 */
export function jsonBody(limit: string): RequestHandler[] {
  const parse = express.json({ limit });
  return [
    (request, _response, next) => {
      const length = request.headers['content-length'];
      const hasBody =
        (length !== undefined && length !== '0') ||
        request.headers['transfer-encoding'] !== undefined;
      if (hasBody && !request.is('application/json'))
        return next(
          new Problem(
            415,
            'Unsupported media type',
            'send the body as a JSON object, with Content-Type: application/json',
          ),
        );
      next();
    },
    parse,
  ];
}
