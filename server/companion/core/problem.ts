/** Errors as application/problem+json (RFC 9457), with zod's field issues where there are any. */
import type { Response } from 'express';
import { GatewayError, InvalidRequestError, isAmount } from '../../gateway/index.ts';

/** Whether the service refused the companion's signature: a wrong key, not a bad moment. */
export const signatureRefused = (error: GatewayError): boolean =>
  error.code === 'signature_invalid' || /encryption_data/.test(error.message);

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

/** The problem as application/problem+json's text. */
export function problemJson(problem: Problem): string {
  return JSON.stringify({
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...problem.extra,
  });
}

export function sendProblem(response: Response, problem: Problem): void {
  if (problem.extra.retry_after !== undefined)
    response.set('Retry-After', String(problem.extra.retry_after));
  response.status(problem.status).type('application/problem+json').send(problemJson(problem));
}

/**
 * A 4xx that names what it refused, as a body's field errors do: a field (`order_ref`), a header
 * (`authorization`, `idempotency-key`) or the part of the request (`(path)`, `(query)`,
 * `(body)`), in `detail` (`order_ref: …`) and as the one issue's `path`.
 */
export function refusal(
  status: number,
  title: string,
  field: string,
  message: string,
  extra: { retryable?: boolean; retry_after?: number } = {},
): Problem {
  return new Problem(status, title, `${field}: ${message}`, {
    ...extra,
    issues: [{ path: field, message }],
  });
}

/** The 404 of an order reference the store does not know. */
export const unknownOrder = (orderRef: string) =>
  refusal(404, 'Unknown order', 'order_ref', `no order ${orderRef}`);

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
    throw refusal(
      400,
      'Invalid request',
      '(body)',
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
 * acted, 502 when it refused, 413 when it would not read a body that large; undefined for
 * anything that is not a service error.
 */
export function problemOfGatewayError(error: unknown): Problem | undefined {
  if (!(error instanceof GatewayError)) return undefined;
  // A body the service would not read (a text field of 100 kB, say): the caller's to shorten.
  // The key changed at the service since the start's check: the setup, for the merchant to fix.
  if (signatureRefused(error))
    return new Problem(502, 'Payments not configured', `${error.message}: check SECRET_KEY (gateway.secretKey), MERCHANT_ID and ACCOUNT_ID`, { retryable: false }); // prettier-ignore
  if (error instanceof InvalidRequestError && error.status === 413)
    return new Problem(413, 'Request too large', error.message, {
      issues: [...error.issues],
      retryable: false,
    });
  return new Problem(error.outcomeUnknown ? 503 : 502, 'Payment service error', error.message, {
    retryable: error.outcomeUnknown,
  });
}

/** A decimal amount in the currency's minor unit, or a 400 naming the field. */
export function amountOr400(text: string, currency: string, path: string): string {
  if (isAmount(text, currency)) return text;
  const message = `not an amount in ${currency} (a decimal string with at most its minor unit's decimals)`;
  throw refusal(400, 'Invalid request', path, message);
}
