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

/** The payment numbers a refund search names: `order_no` as a string, a list, or comma-separated. */
function searchedPayments(body: Record<string, unknown>): string[] {
  return [body.order_no]
    .flat()
    .flatMap((value) => (typeof value === 'string' ? value.split(',') : [String(value)]))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** The order references a console operation names, wherever they are. */
function namedOrders(body: Record<string, unknown>): string[] {
  if (Array.isArray(body.orders))
    return body.orders.map((order) => String((order as { order_ref?: unknown }).order_ref));
  return body.order_ref === undefined ? [] : [String(body.order_ref)];
}

/**
 * The body a visitor of `space` may send for the console operation `name`, or undefined when it
 * reaches beyond their space: every order it names is theirs; a refund search names their
 * payments and nothing else (no transaction or date filter that would match another's); a payout
 * is made with the space as its reference. A global reconciliation is never the visitor's to run.
 */
export function ownRequest(
  space: string,
  name: string,
  body: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const own = (ref: string) => ref.startsWith(`${space}.`);
  if (name === 'reconcile') return undefined;
  if (name === 'refund-search') {
    const payments = searchedPayments(body);
    return payments.length > 0 && payments.every(own) ? { order_no: payments } : undefined;
  }
  if (name === 'payouts/new') return { ...body, reference: space };
  return namedOrders(body).every(own) ? body : undefined;
}
