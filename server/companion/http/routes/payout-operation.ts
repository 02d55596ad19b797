/**
 * The payout operation: one payout per Idempotency-Key, its request_id made once and stored before
 * the first send. The beneficiary's `payment_currency` and the merchant's `source_currency` may
 * differ; the answer carries the service's quote (`amounts`) as decimal strings.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  Beneficiary,
  InvalidRequestError,
  isCurrency,
  Payer,
  payoutAmounts,
  PayoutFailedError,
  type PayoutInput,
  type PayoutRecord,
} from '../../../gateway/index.ts';
import type { EdgeContext } from '../edge-context.ts';
import { reached, amountOr400, refusal, type Problem } from '../../core/index.ts';
import { lineOf } from './batch.ts';
import { operation, type Answer } from './operation.ts';
import { present } from '../../../unknown.ts';

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string like 10.50');
/** A currency the service knows, as it checks it: `AAA` has the shape and is none. */
const currency = z.string().refine(isCurrency, 'an ISO 4217 currency code like EUR');

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
    /** The merchant's own reference (its list filter takes the same): indexed, so bounded. */
    reference: z.string().min(1).max(64, 'at most 64 characters').optional(),
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

/**
 * A refusal by the service of a field the caller gave as it is (a currency the service does not
 * convert, an amount it will not quote): the caller's to change, so a 422 naming that field, not
 * a 502. A refusal of what the companion made (request_id, notify_url) stays the service's error.
 */
function callersFault(error: InvalidRequestError, body: PayoutBody): Problem | undefined {
  const issue = error.issues[0];
  const top = issue?.path.split('.')[0] ?? '';
  if (!issue || error.status === 413 || !Object.hasOwn(body, top)) return undefined;
  const message = issue.message.replace(`${issue.path}: `, '');
  const problem = refusal(422, 'Payment service refused the payout', issue.path, message, { retryable: false }); // prettier-ignore
  // The service's own code stays with it, for the audit trail (routes/audit.ts).
  return Object.assign(problem, { cause: error });
}

/** The record with its amounts as decimal strings, when the service gave them all. */
function withAmounts(record: PayoutRecord): PayoutRecord & { amounts?: unknown } {
  const amounts = payoutAmounts(record);
  return amounts ? { ...record, amounts } : record;
}

export const payouts = operation({
  body: PayoutBody,
  // A retry without a key could pay twice.
  idempotency: 'required',
  async prepare(ctx, body, request) {
    if (body.payment_amount)
      amountOr400(body.payment_amount, body.payment_currency, 'payment_amount');
    if (body.source_amount)
      amountOr400(
        body.source_amount,
        body.source_currency ?? body.payment_currency,
        'source_amount',
      );
    // The request_id is made once and stored before the first send; every retry reuses it.
    const key = present(request.get('idempotency-key'), 'the Idempotency-Key'); // required above
    const { request_id } = await ctx.store.payouts.ensure(
      key,
      randomUUID(),
      JSON.stringify(body),
      body.reference,
    );
    reached('payout.recorded');
    const notify_url = `${ctx.config.publicUrl}/api/notifications`;
    const source_currency = body.source_currency ?? body.payment_currency;
    const ref = body.reference ?? request_id;
    // The side the merchant named; the service quotes the other.
    const line = body.source_amount
      ? lineOf(ref, body.source_amount, source_currency)
      : lineOf(ref, present(body.payment_amount, 'payment_amount'), body.payment_currency);
    return {
      lines: [line],
      send: () => send(ctx, { ...body, source_currency, request_id, notify_url }, ref, body),
    };
  },
});

/** Sends the payout and records what the service says of it. */
async function send(
  ctx: EdgeContext,
  input: PayoutInput & { request_id: string },
  ref: string,
  body: PayoutBody,
): Promise<Answer> {
  const { request_id } = input;
  try {
    const record = await ctx.gateway.payout(input);
    reached('operation.answered');
    await ctx.store.payouts.update(request_id, record.status, record);
    const results = [{ ref, ok: record.status !== 'failed', status: record.status }];
    return { status: 201, body: withAmounts(record), results };
  } catch (error) {
    // Refused as invalid, so never acted on: the request leaves no payout behind.
    if (error instanceof InvalidRequestError) {
      await ctx.store.payouts.forget(request_id);
      throw callersFault(error, body) ?? error;
    }
    if (!(error instanceof PayoutFailedError)) throw error;
    await ctx.store.payouts.update(request_id, 'failed', error.raw);
    const failed = {
      ref,
      ok: false,
      status: 'failed',
      error_code: error.code,
      error_message: error.message,
    };
    return { status: 200, body: error.raw, results: [failed] };
  }
}
