/** The companion's doors: CORS for the storefront origins, bearer auth, headers (rate limits: rate-limits.ts). */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { Problem, sendProblem } from './problem.ts';
import { sameSecret } from './tokens.ts';

/** helmet, with a CSP tighter than its default: nothing inline, nothing from elsewhere. */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        connectSrc: ["'self'"],
        imgSrc: ["'self'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * CORS for the widget's routes: only the storefront origins, never a wildcard. A preflight from
 * an origin not on the list gets no CORS headers, so the browser refuses the call.
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    response.vary('Origin');
    if (origin && allowedOrigins.includes(origin)) {
      response.set('Access-Control-Allow-Origin', origin);
      response.set('Access-Control-Allow-Headers', 'content-type, authorization, idempotency-key');
      response.set('Access-Control-Allow-Methods', 'GET, POST');
      response.set('Access-Control-Max-Age', '600');
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
