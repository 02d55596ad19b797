/** Errors as application/problem+json (RFC 9457), with zod's field issues where there are any. */
import type { Response } from 'express';

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
    readonly extra: { retryable?: boolean; issues?: FieldIssue[] } = {},
  ) {
    super(detail ?? title);
  }
}

export function sendProblem(response: Response, problem: Problem): void {
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
