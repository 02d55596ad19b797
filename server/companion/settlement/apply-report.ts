/**
 * Carrying out what the attempt machine made of the service's word about an order's current
 * attempt (`onReport`, attempt-machine/reports.ts): a query's answer, a notification, or a
 * merchant operation's result. One place writes it, so reconciliation, the notification handler
 * and the operations move an order and its attempt the same way.
 */
import { isPaid, statusAfter, WAITING, type ReportStep } from '../attempt-machine/index.ts';
import type { CompanionConfig } from '../config/index.ts';
import type { Context } from '../core/index.ts';
import { paymentLabels, type PaymentLabels } from '../observability/index.ts';
import type { Attempt, Order, OrderPatch, Written } from '../store/index.ts';
import { isRecord, parsedJson } from '../../unknown.ts';
import { noteSavedCardUse } from './card-saved.ts';

/** Who gave the service's word: the metrics' source, the attempt read with it, its sequence. */
export interface ReportedBy {
  source: SettledSource;
  /** The order's current attempt, when the caller read it (else it is read to label the count). */
  attempt?: Attempt | undefined;
  /** A notification's sequence: written with it, and only over an older one. */
  sequence?: number;
}

/**
 * Writes `step` for `order`, with the `fields` that came with the service's word (a transaction
 * id, amounts, a subscription), and counts the order settled (`payments_settled_total`) under
 * `by.source` when this write moved its status: of two writers of one status (an answer and its
 * notification), the one that moved it. Without a sequence, a status and fields the order already
 * has are not written again. `moved` when this write moved the order's status (a settled
 * attempt's event did, or the order took a status it did not have), `written` when it wrote
 * beside it, false when nothing.
 */
export async function applyReport(
  ctx: Context,
  order: Order,
  step: ReportStep,
  fields: OrderPatch,
  by: ReportedBy,
): Promise<Written> {
  const written = await write(ctx, order, step, fields, by.sequence);
  const to = statusAfter(step);
  if (written !== 'moved' || !to) return written;
  // Read once, and only for a status that settles: a waiting one is neither counted nor paid.
  const waiting = WAITING.some((status) => status === to);
  const attempt = waiting ? by.attempt : (by.attempt ?? (await currentAttempt(ctx, order)));
  await countSettled(ctx, order, to, by.source, attempt);
  // Paid now, not before (a refund is no use). The payment stands whatever happens to the note:
  // a failure is logged, not answered.
  if (isPaid(to) && !isPaid(order.status))
    await noteSavedCardUse(ctx, attempt).catch((error: unknown) =>
      ctx.log.error({ order_no: order.order_no, err: error }, "saved card's use not noted"),
    );
  return written;
}

async function write(
  ctx: Context,
  order: Order,
  step: ReportStep,
  fields: OrderPatch,
  sequence: number | undefined,
): Promise<Written> {
  if (step.step === 'ignore' || !order.order_no) return false;
  const sequenced = sequence === undefined ? {} : { last_sequence: sequence };
  if (step.step === 'settle') {
    // The attempt's own guard lets one writer carry out its event.
    const settled = await ctx.store.attempts.settle(
      order.order_no,
      order.order_ref,
      step.move,
      {},
      {
        ...fields,
        ...sequenced,
      },
    );
    return settled ? 'moved' : false;
  }
  if (sequence !== undefined)
    return ctx.store.orders.applySequenced(order.order_ref, sequence, {
      ...fields,
      status: step.status,
    });
  const news =
    step.status !== order.status ||
    Object.entries(fields).some(([field, value]) => Reflect.get(order, field) !== value);
  return news ? ctx.store.orders.report(order.order_ref, step.status, fields) : false;
}

/**
 * The labels of the payment an attempt made, from what it was sent with (its `details`: a saved
 * card's `token_id`, an APM's `payment_method`); the order's mode for an attempt without them.
 */
function attemptLabels(config: CompanionConfig, order: Order, attempt?: Attempt): PaymentLabels {
  const parsed = attempt?.details ? parsedJson(attempt.details) : undefined;
  const sent = isRecord(parsed) ? parsed : {};
  const mode = attempt?.mode ?? order.mode;
  const flow = mode === 'card' && typeof sent.token_id === 'string' ? 'saved_card' : mode;
  return paymentLabels(config, flow, sent.payment_method);
}

/**
 * What told the companion an order's new status: a notification, reconciliation's query, the
 * service's answer to a direct card payment (which settles its order at once), or its answer to
 * an operation (a capture, refund or cancel). Each counts only where it moved the status: the
 * notification that follows an answer, of the status the order already has, is not counted again.
 */
export type SettledSource = 'notification' | 'reconciliation' | 'answer' | 'operation';

/**
 * Counts `order` as having reached `status` from `source`, under the labels its current attempt
 * was started with (`attempt` if the caller has it, else read). A status that still waits for the
 * shopper or the service (`pending`, …) is not a settlement and is not counted. Never throws: a
 * store that fails here leaves the labels of the order's mode.
 */
export async function countSettled(
  ctx: Context,
  order: Order,
  status: string,
  source: SettledSource,
  attempt?: Attempt,
): Promise<void> {
  if (WAITING.some((waiting) => waiting === status)) return;
  const current = attempt ?? (await currentAttempt(ctx, order));
  ctx.metrics.paymentsSettled.inc({ status, source, ...attemptLabels(ctx.config, order, current) });
}

/** The order's current attempt, read; undefined when it has none or the store fails. */
function currentAttempt(ctx: Context, order: Order): Promise<Attempt | undefined> {
  const { order_no } = order;
  return order_no
    ? ctx.store.attempts.get(order_no).catch(() => undefined)
    : Promise.resolve(undefined);
}
