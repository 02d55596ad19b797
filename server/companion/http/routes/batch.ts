/**
 * The batch operations' common steps (capture, cancel, review, refund): finding the orders a batch
 * names, what each puts at stake for the audit trail, and settling the service's merged answer.
 */
import type { OrderStatus } from 'acquiring-checkout/contract';
import { formatAmount, parseAmount, type BatchResult } from '../../../gateway/index.ts';
import { applyReport, clockOf } from '../../settlement/index.ts';
import { onReport } from '../../attempt-machine/index.ts';
import type { EdgeContext } from '../edge-context.ts';
import { refusal, reached } from '../../core/index.ts';
import type { AuditLine, AuditResult, Order } from '../../store/index.ts';
import type { Answer } from './operation.ts';
import { present } from '../../../unknown.ts';

/** A stored order with a payment at the service. */
export type AtService = Order & { transaction_id: string; order_no: string };

const atService = (order: Order | undefined): order is AtService =>
  !!order?.transaction_id && !!order.order_no;

/** The stored orders of a batch, each with a payment at the service; 404 names the first without. */
export async function ordersOf(ctx: EdgeContext, refs: string[]): Promise<Map<string, AtService>> {
  const found = new Map<string, AtService>();
  for (const [i, ref] of refs.entries()) {
    if (found.has(ref)) continue;
    const order = await ctx.store.orders.get(ref);
    if (!atService(order))
      throw refusal(404, 'Unknown order', `orders.${i}.order_ref`, `order ${ref} has no payment at the service`); // prettier-ignore
    found.set(ref, order);
  }
  return found;
}

/** The reference of the batch's `i`th order. */
export const refAt = (body: { orders: { order_ref: string }[] }, i: number) =>
  present(body.orders[i], `order ${i}`).order_ref;

/** One order of a batch, found by `ordersOf` (which found every order the batch names). */
export function orderIn(orders: Map<string, AtService>, ref: string): AtService {
  return present(orders.get(ref), `order ${ref}`);
}

/** What the service needs to name one stored order in a batch. */
export function reference(order: AtService) {
  return {
    transaction_id: order.transaction_id,
    order_no: order.order_no,
    currency: order.currency,
    amount: formatAmount(order.amount, order.currency),
  };
}

/** One order of a batch as the audit trail records it: the amount (a decimal string) at stake. */
export function lineOf(
  ref: string,
  amount: string,
  currency: string,
  decision?: string,
): AuditLine {
  return {
    ref,
    amount: parseAmount(amount, currency),
    currency,
    ...(decision ? { decision } : {}),
  };
}

/**
 * The merged batch answer, with the store updated for every order the service accepted, and the
 * service's answer per order for the audit trail: its status (`statusOf`), whether that is what was
 * asked (`succeeded`), and for a request it refused as a whole, its error.
 */
export async function settle<R extends { order_no: string; error_message?: string | undefined }>(
  ctx: EdgeContext,
  orders: Map<string, AtService>,
  result: BatchResult<{ order_no: string }, R>,
  statusOf: (row: R) => string,
  succeeded: (status: string) => boolean,
  next: (order: Order, row: R) => { status: OrderStatus; captured?: number; refunded?: number },
): Promise<Answer> {
  reached('operation.answered');
  const byOrderNo = new Map([...orders.values()].map((order) => [order.order_no, order]));
  const refOf = (orderNo: string) => byOrderNo.get(orderNo)?.order_ref ?? orderNo;
  const results: AuditResult[] = [];
  for (const row of result.orders) {
    const status = statusOf(row);
    const ok = succeeded(status);
    const message = row.error_message ? { error_message: row.error_message } : {};
    results.push({ ref: refOf(row.order_no), ok, status, ...message });
    const order = byOrderNo.get(row.order_no);
    if (!order || !ok) continue;
    // The service's word about the order's current attempt (onReport), so a cancel also ends it.
    const { status: moved, ...amounts } = next(order, row);
    const attempt = await ctx.store.attempts.get(order.order_no);
    const step = onReport(order.status, attempt, { found: true, status: moved }, clockOf(ctx));
    // Its own notification may have moved the order first, and is then the one counted.
    const written = await applyReport(ctx, order, step, amounts, { source: 'operation', attempt });
    if (written) byOrderNo.set(row.order_no, { ...order, status: moved, ...amounts });
  }
  for (const { orders: refused, error } of result.failures)
    for (const item of refused)
      results.push({
        ref: refOf(item.order_no),
        ok: false,
        status: error.outcomeUnknown ? 'unknown' : 'refused',
        error_code: error.code,
        error_message: error.message,
      });
  const failures = result.failures.map((f) => ({
    orders: f.orders,
    code: f.error.code,
    message: f.error.message,
    outcome_unknown: f.error.outcomeUnknown,
  }));
  // `ok`: every order did what was asked. Every request answered is not enough: a batch whose
  // orders the service each refused (`failed`) is no success for the back office that sent it.
  const ok = result.ok && results.every((r) => r.ok);
  return { status: 200, body: { ok, orders: result.orders, failures }, results };
}
