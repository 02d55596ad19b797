/**
 * One entry of the operations table: its body schema, its idempotency, the role it needs and the
 * references its parsed body reaches, and what it does, in two steps so that the audit trail
 * records what is about to be sent before it is (`Prepared`). The reads (GET) are entries too
 * (`Read`): every route of the operations API declares what it needs.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import type { OperationsRole } from '../../config/index.ts';
import type { Principal, Reach, Target } from '../../core/index.ts';
import type { EdgeContext } from '../edge-context.ts';
import type { AuditLine, AuditResult } from '../../store/index.ts';

export interface Answer {
  status: number;
  body: unknown;
  /** The service's answer per order, for the audit trail. */
  results?: AuditResult[];
  /** Set when the answer is not the operation's own: a key's stored answer, or an interrupted one's. */
  outcome?: 'replayed' | 'interrupted';
}

/** An operation checked and ready: the orders and amounts it moves, and the call that moves them. */
export interface Prepared {
  lines: AuditLine[];
  send(): Promise<Answer>;
}

export interface Operation<S extends z.ZodType> {
  body: S;
  /** `honoured`: a key, when sent, makes retries safe; `required`: refused without one. */
  idempotency: 'none' | 'honoured' | 'required';
  /** The role a token needs for it (or `admin`). */
  role: OperationsRole;
  /** The references it acts on, read from the body it acts on (after `body` parsed it). */
  reach(body: z.infer<S>): Reach;
  /**
   * Checks the request against the store (a refusal is thrown as a Problem, nothing sent) and
   * says what it would send; the route writes that to the audit trail, then calls `send`.
   */
  prepare(ctx: EdgeContext, body: z.infer<S>, request: Request): Promise<Prepared>;
}

/** Keeps an entry's body schema and its `prepare` paired in the types. */
export const operation = <S extends z.ZodType>(op: Operation<S>) => op;

/** An operation that names no order of its own (a query, a reconciliation): recorded without lines. */
export const withoutLines = (send: () => Promise<Answer>): Promise<Prepared> =>
  Promise.resolve({ lines: [], send });

/** A read of the operations API (`GET /api/ops/<path>`): its input, role, reach and answer. */
export interface Read<I> {
  role: OperationsRole;
  /** The request's query and path parameters, checked (a 400 naming the field otherwise). */
  input(request: Request): I;
  reach(input: I): Reach;
  /** The answer's body; a scoped principal's lists are narrowed to its scope here. */
  answer(ctx: EdgeContext, input: I, principal: Principal): Promise<unknown>;
}

/** Keeps a read's input and its reach and answer paired in the types. */
export const read = <I>(entry: Read<I>) => entry;

/** The references a batch names, each by where: `orders.<i>.order_ref`. */
export const batchReach = (body: { orders: { order_ref: string }[] }): Target[] =>
  body.orders.map(({ order_ref }, i) => ({ path: `orders.${i}.order_ref`, ref: order_ref }));

/** The one reference a body names in `field`, or orders it does not name when it names none. */
export const oneReach = (field: string, ref: string | undefined): Reach =>
  ref === undefined ? { unnamed: field } : [{ path: field, ref }];
