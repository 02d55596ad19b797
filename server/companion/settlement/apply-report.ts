/**
 * Carrying out what the attempt machine made of the service's word about an order's current
 * attempt (`onReport`, attempt-machine/reports.ts): a query's answer, a notification, or a
 * merchant operation's result. One place writes it, so reconciliation, the notification handler
 * and the operations move an order and its attempt the same way.
 */
import { statusAfter, type ReportStep } from '../attempt-machine/reports.ts';
import type { Context } from '../core/context.ts';
import { countSettled, type SettledSource } from '../observability/payment-labels.ts';
import type { OrderPatch, Written } from '../store/orders.ts';
import type { Attempt, Order } from '../store/store.ts';

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
  if (written === 'moved' && to) await countSettled(ctx, order, to, by.source, by.attempt);
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
