/**
 * Path parameters, read as body fields are: each name the routes use has its schema (the
 * contract's where the widget sends the same value in a body), and a value that does not fit is
 * a 400 naming the parameter (`order_ref: …`), the same shape as a body's field errors.
 */
import type { Request } from 'express';
import * as z from 'zod/mini';
import { CardId, OrderRef } from 'acquiring-checkout/contract';
import { refusal, RANDOM_TOKEN } from '../core/index.ts';

/** Every path parameter of the companion's routes, by the name its routes give it. */
export const PATH_PARAMS = {
  order_ref: OrderRef,
  card_id: CardId,
  /** A payment page's one-time address (`/pay/:token`), as randomToken makes them. */
  token: z.string().check(z.regex(RANDOM_TOKEN, 'a payment page address the companion gave')),
};

export type PathParam = keyof typeof PATH_PARAMS;

/** The path parameter `name` of `request`, checked by its schema, or a 400 naming it. */
export function pathParam(request: Request, name: PathParam): string {
  const result = PATH_PARAMS[name].safeParse(request.params[name]);
  if (result.success) return result.data;
  throw refusal(400, 'Invalid request', name, result.error.issues[0]?.message ?? 'not valid here');
}
