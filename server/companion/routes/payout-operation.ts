/**
 * The payout operation: one payout per Idempotency-Key, its request_id made once and stored before
 * the first send. The beneficiary's `payment_currency` and the merchant's `source_currency` may
 * differ; the answer carries the service's quote (`amounts`) as decimal strings.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  Beneficiary,
  Payer,
  payoutAmounts,
  PayoutFailedError,
  type PayoutRecord,
} from '../../gateway/index.ts';
import { reached } from '../steps.ts';
import { amountOr400 } from '../problem.ts';
import { operation } from './operation.ts';

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string like 10.50');
const currency = z.string().regex(/^[A-Z]{3}$/, 'a currency code like EUR');

export const PayoutBody = z
  .object({
    beneficiary: Beneficiary,
    payer: Payer.optional(),
    /** What the beneficiary is sent, in payment_currency. */
    payment_amount: decimal.optional(),
    payment_currency: currency,
    /** What leaves the merchant's account, in source_currency (default: payment_currency). */
    source_amount: decimal.optional(),
    source_currency: currency.optional(),
    payment_method: z.string().default('SWIFT'),
    fee_paid_by: z.string().optional(),
    reason: z.string().optional(),
    reference: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.payment_amount === undefined) === (body.source_amount === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payment_amount'],
        message: 'give payment_amount or source_amount (one of them): the service quotes the other',
      });
    }
  });
export type PayoutBody = z.infer<typeof PayoutBody>;

/** The record with its amounts as decimal strings, when the service gave them all. */
function withAmounts(record: PayoutRecord): PayoutRecord & { amounts?: unknown } {
  const amounts = payoutAmounts(record);
  return amounts ? { ...record, amounts } : record;
}

export const payouts = operation({
  body: PayoutBody,
  // A retry without a key could pay twice.
  idempotency: 'required',
  async run(ctx, body, request) {
    if (body.payment_amount)
      amountOr400(body.payment_amount, body.payment_currency, 'payment_amount');
    if (body.source_amount)
      amountOr400(
        body.source_amount,
        body.source_currency ?? body.payment_currency,
        'source_amount',
      );
    // The request_id is made once and stored before the first send; every retry reuses it.
    const key = request.get('idempotency-key') as string;
    const { request_id } = await ctx.store.payouts.ensure(
      key,
      randomUUID(),
      JSON.stringify(body),
      body.reference,
    );
    reached('payout.recorded');
    const notify_url = `${ctx.config.publicUrl}/api/notifications`;
    const source_currency = body.source_currency ?? body.payment_currency;
    try {
      const record = await ctx.gateway.payout({ ...body, source_currency, request_id, notify_url });
      reached('operation.answered');
      await ctx.store.payouts.update(request_id, record.status, record);
      return { status: 201, body: withAmounts(record) };
    } catch (error) {
      if (!(error instanceof PayoutFailedError)) throw error;
      await ctx.store.payouts.update(request_id, 'failed', error.raw);
      return { status: 200, body: error.raw };
    }
  },
});
