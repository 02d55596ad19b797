/** One entry of the operations table: its body schema, its idempotency, and what it does. */
import type { Request } from 'express';
import type { z } from 'zod';
import type { Context } from '../context.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Operation<S extends z.ZodType> {
  body: S;
  /** `honoured`: a key, when sent, makes retries safe; `required`: refused without one. */
  idempotency: 'none' | 'honoured' | 'required';
  run(ctx: Context, body: z.infer<S>, request: Request): Promise<Answer>;
}

/** Keeps an entry's body schema and its `run` paired in the types. */
export const operation = <S extends z.ZodType>(op: Operation<S>) => op;
