/**
 * Who the shopper is, by the merchant's `resolveShopper(request)`: the shop's own session decides.
 * An answer the companion cannot use, or a hook that throws, is logged as the merchant's error and
 * the shopper is taken for anonymous: they can still pay, and never see anyone's saved cards.
 */
import type { Request } from 'express';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { ResolvedShopper } from '../config/index.ts';
import type { Context } from '../core/index.ts';

const decimal = z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, 'a decimal string like "250.00"');
const ip = z.string().refine((text) => isIP(text) !== 0, 'an IP address');

/** A ResolvedShopper as the merchant's hook answers it. */
export const ResolvedShopperSchema = z.object({
  id: z.string().min(1).max(64),
  email: z.email().max(254).optional(),
  first_name: z.string().max(64).optional(),
  last_name: z.string().max(64).optional(),
  created: z.number().int().min(0).optional(),
  past_orders_count: z.number().int().min(0).optional(),
  past_orders_sum: decimal.optional(),
  last_login_ip: ip.optional(),
  registration_ip: ip.optional(),
}) satisfies z.ZodType<ResolvedShopper>;

/** The signed-in shopper behind `request`, or undefined (anonymous, or no hook). */
export async function shopperOf(
  ctx: Context,
  request: Request,
): Promise<ResolvedShopper | undefined> {
  const hook = ctx.config.resolveShopper;
  if (!hook) return undefined;
  let answer: unknown;
  try {
    answer = await hook(request);
  } catch (error) {
    ctx.log.error({ err: error }, 'resolveShopper failed; the shopper is taken for anonymous');
    return undefined;
  }
  if (answer === undefined || answer === null) return undefined;
  const parsed = ResolvedShopperSchema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  ctx.log.error({ problems }, 'resolveShopper answered an invalid shopper; taken for anonymous');
  return undefined;
}
