/**
 * One entry of the operations table: its body schema, its idempotency, and what it does, in two
 * steps so that the audit trail records what is about to be sent before it is (`Prepared`).
 */
import type { Request } from 'express';
import type { z } from 'zod';
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
