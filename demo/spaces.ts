/**
 * A public demo keeps its visitors apart by construction: each gets a space of their own, named by
 * an id in a signed, HttpOnly, SameSite cookie. The storefront heads every order reference with the
 * id (`<space>.<cart>.<nonce>`; demo/catalogue.ts reads past it), and two things hold the line:
 *
 * - the companion's `mayOpenOrder` (`ownOrder`) refuses a payment for a reference of another
 *   space before the order exists;
 * - the console acts through an operations token scoped to the visitor's space (`visitorToken`),
 *   so the companion itself narrows every list and refuses any other reference, however a body is
 *   shaped. The console proxy forwards; it reads no body.
 */
import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  mintOperationsToken,
  type CompanionConfig,
  type OperationsKeySetting,
  type OperationsRole,
} from 'acquiring-checkout-server/companion';
import { cookieValue } from './cookies.ts';

const COOKIE = 'demo_space';
/** `v` and ten hex digits: letters, digits only, so it is safe in an order reference. */
export const SPACE = /^v[0-9a-f]{10}$/;

/** What a visitor may do in the console: everything but reconcile (the demo does, each minute). */
export const VISITOR_ROLES: OperationsRole[] = [
  'read',
  'capture',
  'cancel',
  'review',
  'refund',
  'payouts',
];

/** The companion's key that signs visitors' tokens, by its name in `operationsTokenKeys`. */
export interface VisitorKey {
  name: string;
  setting: OperationsKeySetting;
}

export interface SpacesOptions {
  /** Signs the cookie (at least 32 characters). */
  secret: string;
  /** Secure cookie (the demo is served over https). */
  secure: boolean;
  /** How long a space lives, and its data with it. */
  maxAgeMs: number;
  /** Signs each visitor's operations token (the companion has it in operationsTokenKeys). */
  tokenKey: VisitorKey;
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

/**
 * The space a request's cookie names, if its signature holds; read from the header, for the
 * companion's routes, which the demo's cookie parser does not run before. A malformed cookie
 * names no one.
 */
export function spaceOf(request: Request, secret: string): string | undefined {
  const value = cookieValue(request.headers.cookie, COOKIE);
  const space = value?.startsWith('s:') ? cookieParser.signedCookie(value, secret) : false;
  return typeof space === 'string' && SPACE.test(space) ? space : undefined;
}

/** The companion's mayOpenOrder: a visitor opens orders of their own space alone. */
export function ownOrder(secret: string) {
  return (orderRef: string, request: Request): boolean => {
    const space = spaceOf(request, secret);
    return space !== undefined && orderRef.startsWith(`${space}.`);
  };
}

/**
 * The operations token the console uses for a visitor: their space's references alone, the
 * console's roles, valid five minutes (one is made for each call).
 */
export function visitorToken(key: VisitorKey, space: string): string {
  return mintOperationsToken(key.name, key.setting, {
    name: space,
    roles: VISITOR_ROLES,
    scope: `${space}.`,
    ttlSeconds: 300,
  });
}

/** What keeps a public demo's visitors apart, on both sides: the companion's and the demo's. */
export interface VisitorIsolation {
  /** For createCompanion: the key visitors' tokens are signed with, and `mayOpenOrder`. */
  companion: Required<Pick<CompanionConfig, 'operationsTokenKeys' | 'mayOpenOrder'>>;
  /** For createDemo: the spaces, and the same key to sign each visitor's token. */
  spaces: SpacesOptions;
}

/**
 * A public demo's visitor isolation, its secrets derived from one (`derive(purpose)`), so that
 * every instance agrees: the hosted demo's wiring, and its tests'.
 */
export function visitorIsolation(
  derive: (purpose: string) => string,
  cookies: Pick<SpacesOptions, 'secure' | 'maxAgeMs'>,
): VisitorIsolation {
  const tokenKey: VisitorKey = {
    name: 'visitors',
    setting: { key: derive('visitor tokens'), roles: VISITOR_ROLES },
  };
  const secret = derive('visitor cookies');
  return {
    companion: {
      operationsTokenKeys: { [tokenKey.name]: tokenKey.setting },
      mayOpenOrder: ownOrder(secret),
    },
    spaces: { ...cookies, secret, tokenKey },
  };
}
