/**
 * The errors of the gateway client: one base class with a stable `code`, a few subclasses, and one
 * factory that picks them from a response.
 */
import type { z } from 'zod';
import { isRecord } from '../unknown.ts';
import { RETURN_STATUS_OK } from './statuses.ts';

/** The stable `code` of each kind of `GatewayError`. */
export type GatewayErrorCode =
  | 'invalid_request'
  | 'record_not_found'
  | 'batch_rejected'
  | 'payout_failed'
  | 'signature_invalid'
  | 'malformed_response'
  | 'service_error'
  | 'timeout'
  | 'connection_failed';

/** A field-level problem, as zod reports it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Every failure of a call: a stable `code`, the HTTP `status` and the `raw` body. `outcomeUnknown`
 * says the service may have acted: settle such an order with a query, never on a guess.
 */
export class GatewayError extends Error {
  override readonly name: string = 'GatewayError';
  /** Stable, for programs: switch on this, not on the message. */
  readonly code: GatewayErrorCode;
  /** The HTTP status of the response, when there was one. */
  readonly status: number | undefined;
  /** The response body as received, when there was one. */
  readonly raw: unknown;

  constructor(
    code: GatewayErrorCode,
    message: string,
    options: { status?: number; raw?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.raw = options.raw;
  }

  /**
   * True when the outcome at the service is unknown: the request may have been acted on. Such an
   * order must be settled by a query, never marked paid or failed on a guess.
   */
  get outcomeUnknown(): boolean {
    return false;
  }
}

/** The request is invalid: refused here before sending, or by the service with HTTP 400. */
export class InvalidRequestError extends GatewayError {
  override readonly name = 'InvalidRequestError';
  readonly issues: readonly FieldIssue[];
  constructor(
    message: string,
    options: { status?: number; raw?: unknown; issues?: FieldIssue[] } = {},
  ) {
    super('invalid_request', message, options);
    this.issues = options.issues ?? [];
  }
}

/** HTTP 404 from a payment operation: unknown merchant, account, token or order. */
export class RecordNotFoundError extends GatewayError {
  override readonly name = 'RecordNotFoundError';
  constructor(message: string, options: { status?: number; raw?: unknown } = {}) {
    super('record_not_found', message, options);
  }
}

/** A batch envelope whose return_status is not the success value: no order in it was handled. */
export class BatchRejectedError extends GatewayError {
  override readonly name = 'BatchRejectedError';
  readonly returnStatus: string;
  constructor(
    returnStatus: string,
    message: string,
    options: { status?: number; raw?: unknown } = {},
  ) {
    super('batch_rejected', message, options);
    this.returnStatus = returnStatus;
  }
}

/** A payout the service answered with failure_reason / failure_type. `raw` is the payout record. */
export class PayoutFailedError extends GatewayError {
  override readonly name = 'PayoutFailedError';
  readonly failureReason: string;
  readonly failureType: string | undefined;
  constructor(
    failureReason: string,
    failureType: string | undefined,
    options: { status?: number; raw?: unknown } = {},
  ) {
    super(
      'payout_failed',
      `payout failed: ${failureReason}${failureType ? ` (${failureType})` : ''}`,
      options,
    );
    this.failureReason = failureReason;
    this.failureType = failureType;
  }
}

/**
 * The response's signature did not verify. It is neither a success nor a failure of the payment:
 * the answer cannot be trusted, so the outcome is unknown.
 */
export class SignatureError extends GatewayError {
  override readonly name = 'SignatureError';
  constructor(options: { status?: number; raw?: unknown } = {}) {
    super('signature_invalid', 'the response signature (encryption_data) did not verify', options);
  }
  override get outcomeUnknown(): boolean {
    return true;
  }
}

/** A response that could not be read: truncated, not the expected format, or not the schema. */
export class MalformedResponseError extends GatewayError {
  override readonly name = 'MalformedResponseError';
  constructor(message: string, options: { status?: number; raw?: unknown; cause?: unknown } = {}) {
    super('malformed_response', message, options);
  }
  override get outcomeUnknown(): boolean {
    return true;
  }
}

/** HTTP 5xx, or a status the interface does not give for the operation. */
export class ServiceError extends GatewayError {
  override readonly name = 'ServiceError';
  constructor(message: string, options: { status?: number; raw?: unknown } = {}) {
    super('service_error', message, options);
  }
  override get outcomeUnknown(): boolean {
    return true;
  }
}

/** No answer within the time-out. */
export class TimeoutError extends GatewayError {
  override readonly name = 'TimeoutError';
  constructor(timeoutMs: number, options: { cause?: unknown } = {}) {
    super('timeout', `no answer from the service within ${timeoutMs} ms`, options);
  }
  override get outcomeUnknown(): boolean {
    return true;
  }
}

/** The connection failed. `sent` is false only when it was refused before anything was sent. */
export class ConnectionError extends GatewayError {
  override readonly name = 'ConnectionError';
  readonly sent: boolean;
  constructor(message: string, sent: boolean, options: { cause?: unknown } = {}) {
    super('connection_failed', message, options);
    this.sent = sent;
  }
  override get outcomeUnknown(): boolean {
    return this.sent;
  }
}

function describe(raw: unknown): string {
  if (typeof raw === 'string') return raw.slice(0, 200);
  if (isRecord(raw)) {
    const text = raw.message ?? raw.error ?? raw.return_message;
    if (typeof text === 'string') return text;
  }
  return '';
}

/** The error an answer that is not a 2xx stands for. */
export function errorFromStatus(status: number, body: unknown): GatewayError {
  const detail = describe(body);
  if (status === 400) {
    // The field the service names (the sandbox's `field`), so a caller can say which of its own.
    const field = isRecord(body) && typeof body.field === 'string' ? body.field : undefined;
    const issues = field ? [{ path: field, message: detail || 'invalid input' }] : [];
    return new InvalidRequestError(detail || 'invalid input', { status, raw: body, issues });
  }
  if (status === 404)
    return new RecordNotFoundError(detail || 'record not found', { status, raw: body });
  // Refused unread, so not acted on: the same body would be refused again.
  if (status === 413) {
    const message = `over the service's size limit${detail ? ` (${detail})` : ''}`;
    return new InvalidRequestError(`the service refused the request: ${message}`, {
      status,
      raw: body,
      issues: [{ path: '(body)', message }],
    });
  }
  return new ServiceError(`the service answered HTTP ${status}${detail ? `: ${detail}` : ''}`, {
    status,
    raw: body,
  });
}

/**
 * Picks the error a response stands for, or `undefined` when it is a success. `body` is the parsed
 * body when it could be parsed, the text otherwise.
 */
export function errorFromResponse(status: number, body: unknown): GatewayError | undefined {
  if (status < 200 || status >= 300) return errorFromStatus(status, body);
  if (isRecord(body)) {
    const record = body;
    if (typeof record.return_status === 'string' && record.return_status !== RETURN_STATUS_OK) {
      const message = typeof record.return_message === 'string' ? record.return_message : '';
      return new BatchRejectedError(
        record.return_status,
        `batch refused (return_status ${record.return_status}): ${message}`,
        { status, raw: body },
      );
    }
    if (typeof record.failure_reason === 'string' && record.failure_reason !== '') {
      const type = typeof record.failure_type === 'string' ? record.failure_type : undefined;
      return new PayoutFailedError(record.failure_reason, type, { status, raw: body });
    }
  }
  return undefined;
}

/** A schema's issues as field issues (`prefix` before each path: an item's place in its batch). */
export function issuesOf(error: z.ZodError, prefix = ''): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: prefix + issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A request refused before it was sent, naming each field at fault. */
export function invalidRequest(issues: FieldIssue[]): InvalidRequestError {
  const summary = issues.map((issue) => `${issue.path || '(body)'}: ${issue.message}`).join('; ');
  return new InvalidRequestError(`invalid request: ${summary}`, { issues });
}
