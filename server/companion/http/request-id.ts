/**
 * Request ids and the request log: every answer carries `X-Request-Id` (a well-formed one the
 * caller or a proxy sent, else a new one), and every request is logged as one JSON line when it
 * ends. A handler's context (`forRequest`, context.ts) logs through a child logger carrying the
 * id, so what its handlers log carries it too. Neither headers nor bodies are logged, and one-time
 * page addresses lose their token.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming id must look like to be kept: anything else is replaced, never logged. */
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/** Probes answered well are logged at debug level only: a load balancer asks every few seconds. */
const PROBES = new Set(['/healthz', '/readyz']);

/** The path as logged: no query string, and no token of a one-time payment page. */
export function loggedPath(originalUrl: string): string {
  return (originalUrl.split('?')[0] ?? '').replace(/\/pay\/[^/]+/, '/pay/[redacted]');
}

/** A request's logger, made when first asked for: most requests log only their one line. */
export class RequestLog {
  #log: Logger | undefined;
  constructor(
    private readonly base: Logger,
    readonly id: string,
  ) {}
  get log(): Logger {
    return (this.#log ??= this.base.child({ request_id: this.id }));
  }
}

/** Where the middleware leaves each request's log, by the response that answers it. */
const LOGS = new WeakMap<Response, RequestLog>();

/** The log of the request `response` answers, once the middleware has named it. */
export function requestLogOf(response: Response): RequestLog | undefined {
  return LOGS.get(response);
}

export class RequestLogs {
  constructor(readonly base: Logger) {}

  /** Names the request, logs it when it ends, and runs what follows with its logger. */
  middleware(): RequestHandler {
    return (request, response, next) => {
      const started = performance.now();
      // The path within the companion's routes, before routing changes it (mounted routers).
      const probe = PROBES.has(request.path);
      const given = request.get(REQUEST_ID_HEADER);
      const id = given !== undefined && WELL_FORMED.test(given) ? given : randomUUID();
      response.set(REQUEST_ID_HEADER, id);
      const scope = new RequestLog(this.base, id);
      response.once('close', () => {
        const level = probe && response.statusCode < 400 ? 'debug' : 'info';
        if (!this.base.isLevelEnabled(level)) return;
        const line = {
          method: request.method,
          path: loggedPath(request.originalUrl),
          status: response.statusCode,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          ...(response.writableFinished ? {} : { aborted: true }),
        };
        scope.log[level](line, 'request');
      });
      LOGS.set(response, scope);
      next();
    };
  }
}
