/**
 * Who moved money by hand: each operations request is written to the audit trail
 * (store/audit.ts) as `requested` once it is checked, before its call is sent to the service, and
 * completed with the service's answer before the client gets it. A request refused before
 * anything is sent is written once, answered. `GET /api/ops/audit` lists the entries
 * (audit-query.ts); no route changes or deletes one.
 */
import type { Request, Response } from 'express';
import { GatewayError } from '../../../gateway/index.ts';
import type { EdgeContext } from '../edge-context.ts';
import { Problem, problemOfGatewayError } from '../../core/index.ts';
import type { AuditAnswer, AuditLine, AuditRequest, AuditResult } from '../../store/index.ts';
import type { Answer } from './operation.ts';
import { isRecord, messageOf } from '../../../unknown.ts';

export { auditRouter } from './audit-query.ts';

/** The order references (or payout reference) an operation's body names. */
export function ordersNamed(body: unknown): string[] {
  const { orders, order_ref, reference }: Record<string, unknown> = isRecord(body) ? body : {};
  const refs = Array.isArray(orders)
    ? orders.map((o: unknown) => (isRecord(o) ? o.order_ref : undefined))
    : [order_ref ?? reference];
  return refs.filter((ref): ref is string => typeof ref === 'string');
}

/** Printable, without control characters: a name, an email, a staff id. */
const ACTOR = /^[^\p{Cc}\p{Cs}]{1,128}$/u;

/**
 * Who is asking: the back office names the person (or job) in `X-Actor`; without it, the name
 * of the token (one per holder, see operationsTokens).
 */
export function actorOf(request: Request, tokenName: string): string {
  const actor = request.get('x-actor');
  if (actor === undefined) return tokenName;
  if (!ACTOR.test(actor))
    throw new Problem(400, 'Invalid request', 'x-actor: 1 to 128 printable characters', {
      issues: [{ path: 'x-actor', message: '1 to 128 printable characters' }],
    });
  return actor;
}

/** One request's entry in the audit trail, from before its call is sent to its answer. */
export interface AuditTrail {
  /** Writes the entry as `requested`, with the orders and amounts about to be sent. */
  sending(lines: AuditLine[]): Promise<void>;
  /** Completes it with the answer (or writes it answered, when nothing was sent). */
  answered(answer: Answer): Promise<void>;
  /** Completes it with the error the request ends with. */
  failed(error: unknown): Promise<void>;
}

/** What came of the request, from its answer. */
function answerOf(answer: Answer): AuditAnswer {
  const results = answer.results ?? null;
  const done = results?.filter((r) => r.ok).length ?? 0;
  // An order whose answer was lost (a batch's request timed out) may have moved: not refused.
  const unknown = results?.some((r) => r.status === 'unknown') ?? false;
  const outcome =
    answer.outcome ??
    (answer.status >= 500 ? 'failed'
      : answer.status >= 400 ? 'refused'
      : !results || done === results.length ? 'done'
      : done > 0 ? 'partial'
      : unknown ? 'failed' : 'refused'); // prettier-ignore
  return { outcome, status_code: answer.status, results, ...errorOf(results) };
}

/** The first refused order's error, as the entry's: a single order's refusal is the request's. */
function errorOf(results: AuditResult[] | null) {
  const refused = results?.find((r) => r.ok === false && (r.error_code || r.error_message));
  return { error_code: refused?.error_code ?? null, error_message: refused?.error_message ?? null };
}

/** The service's refusal `error` is, or was made from. */
const serviceError = (error: unknown): GatewayError | undefined =>
  error instanceof GatewayError
    ? error
    : error instanceof Error && error.cause instanceof GatewayError
      ? error.cause
      : undefined;

/** What came of a request that ended in `error`, as the error handler will answer it. */
function failureOf(error: unknown): AuditAnswer {
  const problem =
    error instanceof Problem
      ? error
      : (problemOfGatewayError(error) ?? new Problem(500, 'Internal error', messageOf(error)));
  // The service refusing (a 502) acted on nothing; its outcome unknown (a 503) may have.
  const known = error instanceof GatewayError ? !error.outcomeUnknown : problem.status < 500;
  return {
    outcome: known ? 'refused' : 'failed',
    status_code: problem.status,
    results: null,
    // The service's stable code when it refused (also under a problem that names the caller's
    // field it refused: its cause); the companion's problem title otherwise.
    error_code: serviceError(error)?.code ?? problem.title,
    error_message: problem.detail ?? problem.title,
  };
}

/**
 * The audit trail of one operations request. A bad `X-Actor` is refused (400) here, before
 * anything is written. Writing the `requested` entry may fail (the database is down): then the
 * call is not sent. Completing it may fail too: that is logged, the client still gets its answer,
 * and the entry stays `requested`.
 */
export function auditTrail(
  ctx: EdgeContext,
  operation: string,
  request: Request,
  response: Response,
): AuditTrail {
  const tokenName = String(response.locals.tokenName ?? 'default');
  const actor = actorOf(request, tokenName);
  const entry = (lines: AuditLine[]): AuditRequest => ({
    actor, token_name: tokenName, ip: request.ip ?? '', operation,
    targets: lines.length > 0 ? lines.map((line) => line.ref) : ordersNamed(request.body), lines,
    idempotency_key: request.get('idempotency-key') ?? null,
    request_id: String(response.get('x-request-id') ?? '') || null,
  }); // prettier-ignore
  let id: string | undefined;
  let completed = false;
  const complete = async (answer: AuditAnswer) => {
    if (completed) return;
    completed = true;
    try {
      if (id) await ctx.store.audit.completed(id, answer);
      else await ctx.store.audit.answered(entry([]), answer);
    } catch (error) {
      ctx.log.error({ err: error, operation, actor, audit_id: id }, 'audit entry not completed');
    }
  };
  return {
    async sending(lines) {
      id = await ctx.store.audit.requested(entry(lines));
    },
    answered: (answer) => complete(answerOf(answer)),
    failed: (error) => complete(failureOf(error)),
  };
}
