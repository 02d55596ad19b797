/**
 * The shapes of the settings that describe ways to pay: the instalment plans per currency
 * (`installments`, INSTALLMENTS for the bin) and the payment methods (`paymentMethods`,
 * PAYMENT_METHODS), with the checks the start runs on them. The payment folder reads the
 * settings; only their shape and their checks live here, beside the rest of the configuration.
 */
import { z } from 'zod';
import { isAmount } from '../../gateway/index.ts';
import type { CompanionConfig } from './options.ts';

/** The `installments` setting's shape (INSTALLMENTS for the bin). */
export const Plans = z.record(
  z.string().regex(/^[A-Z]{3}$/, 'a currency code like BRL'),
  z.object({
    counts: z.array(z.number().int().min(1).max(99)).min(1).max(36),
    minimum: z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, 'a decimal string like "5.00"'),
  }),
);

/** Checks the companion's `installments` setting; throws naming the currency and field. */
export function checkInstallmentPlans(plans: unknown): void {
  const parsed = Plans.safeParse(plans);
  const problems = parsed.success
    ? Object.entries(parsed.data)
        .filter(([currency, plan]) => !isAmount(plan.minimum, currency))
        .map(([currency]) => `${currency}.minimum: not an amount in ${currency}`)
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (problems.length > 0) throw new Error(`invalid installments setting: ${problems.join('; ')}`);
}

/** The `paymentMethods` setting's shape (PAYMENT_METHODS for the bin). */
export const MethodsSetting = z.array(
  z.object({
    method: z.string().min(1).max(32),
    currencies: z.array(z.string().regex(/^[A-Z]{3}$/, 'a currency code like BRL')).optional(),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'a country code like BR')).optional(),
    payerDocument: z.enum(['CPF', 'none']).optional(),
    mobileFirst: z.boolean().optional(),
  }),
);

/** Checks the `paymentMethods` and `methodOrder` settings; throws naming the field. */
export function checkMethodSettings(
  config: Pick<CompanionConfig, 'paymentMethods' | 'methodOrder'>,
): void {
  const problems: string[] = [];
  if (config.paymentMethods !== undefined) {
    const parsed = MethodsSetting.safeParse(config.paymentMethods);
    if (!parsed.success)
      problems.push(
        ...parsed.error.issues.map((i) => `paymentMethods.${i.path.join('.')}: ${i.message}`),
      );
  }
  if (
    config.methodOrder !== undefined &&
    !z.array(z.string().min(1)).safeParse(config.methodOrder).success
  )
    problems.push('methodOrder: a list of method names');
  if (problems.length > 0)
    throw new Error(`invalid payment method settings: ${problems.join('; ')}`);
}
