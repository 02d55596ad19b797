/**
 * The demo's sign-in, so that saved cards can be seen (issue #14): the shop's header has a "Sign
 * in as demo shopper" button, which sets an HttpOnly cookie naming the shopper, signed by this
 * server, and the demo's companion reads it in its resolveShopper. Obviously a demo: no password,
 * one made-up shopper. In the public demo that shopper is the visitor's own space (spaces.ts), so
 * visitors never see each other's saved cards.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import type { ResolvedShopper } from 'acquiring-checkout-server/companion';
import { cookieValue } from './cookies.ts';

const COOKIE = 'demo_shopper';
/** The pages a sign-in may return to. */
const PAGES = ['/', '/spa', '/react'];

/** Who the demo shopper is: the details a shop knows of a signed-in customer. */
export const DEMO_SHOPPER = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
} as const;

export interface SignInOptions {
  /** Signs the cookie (at least 32 characters); the companion's resolveShopper checks it. */
  secret: string;
  /** Secure cookie (the demo is served over https). */
  secure: boolean;
}

const mac = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`${COOKIE}:${id}`).digest('base64url');

/** The shopper a request's cookie names, if its signature holds; a malformed cookie names no one. */
function shopperIdOf(cookieHeader: string | undefined, secret: string): string | undefined {
  const [id = '', signature = ''] = cookieValue(cookieHeader, COOKIE)?.split('~') ?? [];
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(signature);
  return id && given.length === expected.length && timingSafeEqual(given, expected)
    ? id
    : undefined;
}

/** Whether the request comes from a signed-in demo shopper (the page says so in its header). */
export function signedIn(request: Request, secret: string): boolean {
  return shopperIdOf(request.headers.cookie, secret) !== undefined;
}

/** The companion's resolveShopper: the demo shopper, when the cookie names one. */
export function demoShopper(secret: string): (request: Request) => ResolvedShopper | undefined {
  return (request) => {
    const id = shopperIdOf(request.headers.cookie, secret);
    return id ? { id, ...DEMO_SHOPPER } : undefined;
  };
}

/**
 * `POST /demo/sign-in` and `POST /demo/sign-out`, from the header's forms: the cookie set or
 * cleared, and back to the page (`back`: one of the shop's pages). The shopper is `demo-shopper`,
 * or in the public demo `demo-shopper.<space>`.
 */
export function signInRoutes(options: SignInOptions): Router {
  const router = express.Router();
  const cookie = { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' } as const;
  const back = (request: Request) => {
    const page = (request.body as { back?: unknown } | undefined)?.back;
    return typeof page === 'string' && PAGES.includes(page) ? page : '/';
  };
  router.use('/demo', express.urlencoded({ extended: false, limit: '1kb' }));
  router.post('/demo/sign-in', (request, response) => {
    const space = response.locals.space as string | undefined;
    const id = space ? `demo-shopper.${space}` : 'demo-shopper';
    response.cookie(COOKIE, `${id}~${mac(options.secret, id)}`, cookie);
    response.redirect(303, back(request));
  });
  router.post('/demo/sign-out', (request, response) => {
    response.clearCookie(COOKIE, cookie);
    response.redirect(303, back(request));
  });
  return router;
}
