/**
 * `createCompanion(config)`: the merchant's companion server as an Express 5 app, with its store
 * opened and migrated. main.ts listens; tests listen on port 0.
 */
import { createHmac } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { GatewayError } from '../gateway/index.ts';
import type { CompanionConfig } from './config.ts';
import { createContext, type Context } from './context.ts';
import { applyPending } from './notifications.ts';
import { Problem, sendProblem } from './problem.ts';
import { reconcileAll } from './reconcile.ts';
import { notifyRouter } from './routes/notify.ts';
import { operationsRouter } from './routes/operations.ts';
import { pagesRouter } from './routes/pages.ts';
import { widgetRouter } from './routes/widget.ts';
import { cors, securityHeaders } from './security.ts';
import { CompanionStore } from './store/store.ts';

export interface Companion {
  app: Express;
  context: Context;
  /** Settles unknown and stale orders now. */
  reconcile(): ReturnType<typeof reconcileAll>;
  close(): Promise<void>;
}

/** The CSP entries a storefront needs for this companion and service. */
export function storefrontCsp(config: CompanionConfig): Record<string, string[]> {
  const companion = new URL(config.publicUrl).origin;
  const service = new URL(config.gateway.baseUrl).origin;
  return {
    'script-src': ["'self'"],
    'connect-src': [companion],
    'frame-src': [companion, service],
    'form-action': [],
  };
}

function errorHandler(context: Context) {
  return (error: unknown, _request: Request, response: Response, _next: NextFunction): void => {
    if (error instanceof Problem) return sendProblem(response, error);
    if (error instanceof GatewayError) {
      return sendProblem(
        response,
        new Problem(error.outcomeUnknown ? 503 : 502, 'Payment service error', error.message, {
          retryable: error.outcomeUnknown,
        }),
      );
    }
    const status = (error as { status?: number; type?: string }).status;
    if (status === 413)
      return sendProblem(
        response,
        new Problem(413, 'Request too large', 'the body is over the limit of this route'),
      );
    if (status === 400)
      return sendProblem(
        response,
        new Problem(400, 'Invalid request', 'the body is not valid JSON'),
      );
    context.log.error({ err: error }, 'unexpected error');
    sendProblem(
      response,
      new Problem(500, 'Internal error', 'the companion failed; see its log', { retryable: true }),
    );
  };
}

export async function createCompanion(config: CompanionConfig): Promise<Companion> {
  const store = await CompanionStore.open(config.database);
  // Derived from the merchant's key, so every companion instance issues and accepts the same tokens.
  const tokenKey = createHmac('sha256', config.gateway.secretKey)
    .update('acquiring-checkout status tokens')
    .digest('hex');
  const context = createContext(config, store, tokenKey);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? false);
  app.use(securityHeaders());
  app.get('/healthz', (_request, response) => void response.json({ ok: true }));
  app.get(
    '/api/csp',
    cors(config.allowedOrigins),
    (_request, response) => void response.json(storefrontCsp(config)),
  );
  app.use('/api/notifications', notifyRouter(context));
  app.use('/api/ops', operationsRouter(context));
  app.use('/api', cors(config.allowedOrigins), widgetRouter(context));
  app.use(pagesRouter(context));
  app.use((_request: Request, response: Response) =>
    sendProblem(response, new Problem(404, 'Not found')),
  );
  app.use(errorHandler(context));

  await applyPending(context);
  const every = config.reconcileEveryMs ?? 60_000;
  const timer =
    every > 0
      ? setInterval(() => {
          reconcileAll(context).catch((error: unknown) =>
            context.log.error({ err: error }, 'reconciliation failed'),
          );
        }, every).unref()
      : undefined;

  return {
    app,
    context,
    reconcile: () => reconcileAll(context, 0),
    close: async () => {
      clearInterval(timer);
      await store.close();
    },
  };
}
