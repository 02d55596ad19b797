/**
 * A public demo keeps its visitors apart: each gets a space of its own, named by an id in a
 * signed, HttpOnly, SameSite cookie. The storefront heads every order reference with the id
 * (`<space>.<cart>.<nonce>`; demo/catalogue.ts reads past it), and the console proxy lists and
 * acts on that space's orders and payouts only: another space's order is a 404.
 */
import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const COOKIE = 'demo_space';
/** `v` and ten hex digits: letters, digits only, so it is safe in an order reference. */
export const SPACE = /^v[0-9a-f]{10}$/;

export interface SpacesOptions {
  /** Signs the cookie (at least 32 characters). */
  secret: string;
  /** Secure cookie (the demo is served over https). */
  secure: boolean;
  /** How long a space lives, and its data with it. */
  maxAgeMs: number;
}

/** Gives each visitor a space (response.locals.space), kept in the signed cookie. */
export function visitorSpaces(options: SpacesOptions): RequestHandler[] {
  return [
    cookieParser(options.secret),
    (request: Request, response: Response, next: NextFunction) => {
      const signed = (request.signedCookies as Record<string, unknown>)[COOKIE];
      let space = typeof signed === 'string' && SPACE.test(signed) ? signed : undefined;
      if (!space) {
        space = `v${randomBytes(5).toString('hex')}`;
        response.cookie(COOKIE, space, {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secure,
          path: '/',
          maxAge: options.maxAgeMs,
        });
      }
      response.locals.space = space;
      next();
    },
  ];
}

/** The order references and payment numbers a console request names, wherever they are. */
function namedOrders(name: string, body: Record<string, unknown>): string[] {
  if (name === 'refund-search') return [body.order_no].flat().map(String);
  if (Array.isArray(body.orders))
    return body.orders.map((order) => String((order as { order_ref?: unknown }).order_ref));
  return body.order_ref === undefined ? [] : [String(body.order_ref)];
}

/** True when every order the request names belongs to `space`. */
export function ownsAll(space: string, name: string, body: Record<string, unknown>): boolean {
  return namedOrders(name, body).every((ref) => ref.startsWith(`${space}.`));
}

/** The companion's answer to a list, narrowed to `space` (payouts carry it as their reference). */
export function ownPayouts(space: string, text: string): string {
  const { payouts } = JSON.parse(text) as { payouts: { record?: { reference?: unknown } }[] };
  return JSON.stringify({ payouts: payouts.filter((p) => p.record?.reference === space) });
}
