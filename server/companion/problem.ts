/** Errors as application/problem+json (RFC 9457), with zod's field issues where there are any. */
import type { Response } from 'express';
import { GatewayError, isAmount } from '../gateway/index.ts';

export interface FieldIssue {
  path: string;
  message: string;
}

export class Problem extends Error {
  override readonly name = 'Problem';
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    /** `retry_after`: seconds to wait before trying again, sent as `Retry-After` too. */
    readonly extra: { retryable?: boolean; retry_after?: number; issues?: FieldIssue[] } = {},
  ) {
    super(detail ?? title);
  }
}

export function sendProblem(response: Response, problem: Problem): void {
  if (problem.extra.retry_after !== undefined)
    response.set('Retry-After', String(problem.extra.retry_after));
  response
    .status(problem.status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: problem.title,
        status: problem.status,
        ...(problem.detail ? { detail: problem.detail } : {}),
        ...problem.extra,
      }),
    );
}

/** zod (classic or mini) issues as field paths and messages. */
export function issuesOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Parses with a zod schema, or throws a 400 problem naming every invalid field. */
export function parseOr400<T>(
  schema: {
    safeParse(value: unknown):
      | { success: true; data: T }
      | {
          success: false;
          error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
        };
  },
  value: unknown,
): T {
  if (value === undefined)
    throw new Problem(
      400,
      'Invalid request',
      'the body is missing: send a JSON object, with Content-Type: application/json',
    );
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw new Problem(
    400,
    'Invalid request',
    issues.map((i) => `${i.path || '(body)'}: ${i.message}`).join('; '),
    { issues },
  );
}

/**
 * The one mapping of a service error to an answer: 503 (retryable) when the service may have
 * acted, 502 when it refused; undefined for anything that is not a service error.
 */
export function problemOfGatewayError(error: unknown): Problem | undefined {
  if (!(error instanceof GatewayError)) return undefined;
  return new Problem(error.outcomeUnknown ? 503 : 502, 'Payment service error', error.message, {
    retryable: error.outcomeUnknown,
  });
}

/** A decimal amount in the currency's minor unit, or a 400 naming the field. */
export function amountOr400(text: string, currency: string, path: string): string {
  if (isAmount(text, currency)) return text;
  const message = `not an amount in ${currency} (a decimal string with at most its minor unit's decimals)`;
  throw new Problem(400, 'Invalid request', `${path}: ${message}`, {
    issues: [{ path, message }],
  });
}
