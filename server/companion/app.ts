/**
 * `createCompanion(config)`: the merchant's companion server, with its store opened and migrated:
 * a standalone Express 5 app (the bin listens; tests listen on port 0), and the same routes as a
 * router to mount in an app the merchant already has.
 */
import { createHmac } from 'node:crypto';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';
import type { CompanionConfig } from './config.ts';
import { createContext, defaultLogger, forRequest, type Context } from './context.ts';
import { createHealth, type Health } from './health.ts';
import { checkInstallmentPlans } from './installments.ts';
import { checkMethodSettings } from './payment-methods.ts';
import { createRateLimits } from './rate-limits.ts';
import { applyPending } from './notifications.ts';
import { Problem, problemOfGatewayError, sendProblem } from './problem.ts';
import { maintain } from './maintenance.ts';
import { reconcileAll } from './reconcile.ts';
import { notifyRouter } from './routes/notify.ts';
import { operationsRouter } from './routes/operations.ts';
import { pagesRouter } from './routes/pages.ts';
import { widgetRouter } from './routes/widget.ts';
import { cors, securityHeaders } from './security.ts';
import { CompanionStore } from './store/store.ts';

export interface Companion {
  /** A standalone app: the routes, a JSON 404, `trust proxy` from the config. */
  app: Express;
  /**
   * The routes alone, to mount in the merchant's own app: `app.use('/payments', router)`. Then
   * `publicUrl` must end with that path (`https://shop.example/payments`), and the app's own
   * `trust proxy` setting applies.
   */
  router: Router;
  context: Context;
  /** Settles unknown and stale orders now. */
  reconcile(): ReturnType<typeof reconcileAll>;
  /**
   * Marks the instance as stopping: `/readyz` answers 503 from now on, so a load balancer sends
   * new requests elsewhere; requests keep being answered. The bin calls it on SIGTERM.
   */
  drain(): void;
  /** Closes the store and the Redis clients; call it once the server answers nothing more. */
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

/** What body-parser's refusals (http-errors with a 4xx status) mean to the caller. */
const BODY_ERRORS: Record<string, [string, string]> = {
  'entity.too.large': ['Request too large', 'the body is over the limit of this route'],
  'entity.parse.failed': ['Invalid request', 'the body is not a JSON object'],
  'charset.unsupported': ['Unsupported charset', 'send the body as UTF-8 (charset=utf-8)'],
  'encoding.unsupported': [
    'Unsupported content encoding',
    'send the body as identity, gzip, deflate or br',
  ],
  'request.aborted': ['Request aborted', 'the body ended before its length'],
  'request.size.invalid': ['Invalid request', 'the body is not as long as its Content-Length'],
};

function problemOfBodyError(error: unknown): Problem | undefined {
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const [title, detail] = BODY_ERRORS[String(type)] ?? [
    'Invalid request',
    'the request could not be read',
  ];
  return new Problem(status, title, detail);
}

function errorHandler(context: Context) {
  return (error: unknown, _request: Request, response: Response, _next: NextFunction): void => {
    if (error instanceof Problem) return sendProblem(response, error);
    const fromService = problemOfGatewayError(error);
    if (fromService) return sendProblem(response, fromService);
    const fromParser = problemOfBodyError(error);
    if (fromParser) return sendProblem(response, fromParser);
    forRequest(context, response).log.error({ err: error }, 'unexpected error');
    sendProblem(
      response,
      new Problem(500, 'Internal error', 'the companion failed; see its log', { retryable: true }),
    );
  };
}

/** The companion's routes, in the order a request meets them. */
function companionRouter(context: Context, health: Health): Router {
  const { config } = context;
  const warned = new Set<string>();
  const refused = (origin: string) => {
    if (warned.size > 100 || warned.has(origin)) return;
    warned.add(origin);
    context.log.warn(
      { origin, allowed: config.allowedOrigins },
      'a page on an origin not in ALLOWED_ORIGINS called the companion; its browser will refuse the answer',
    );
  };
  const router = express.Router();
  router.use(context.requestLogs.middleware());
  router.use(securityHeaders());
  router.use(health.router);
  router.get(
    '/api/csp',
    cors(config.allowedOrigins, refused),
    (_request, response) => void response.json(storefrontCsp(config)),
  );
  router.use('/api/notifications', notifyRouter(context));
  router.use('/api/ops', operationsRouter(context));
  // The widget asks for the saved cards with the shop's cookies as it connects. Without
  // resolveShopper the route reads no cookie (it answers signed_in false), and allowing them
  // keeps that call from being a CORS error in the console of every shop.
  const credentials =
    config.resolveShopper !== undefined ||
    ((request: Request) => request.method === 'GET' && request.path === '/saved-cards');
  router.use('/api', cors(config.allowedOrigins, refused, credentials), widgetRouter(context));
  router.use(pagesRouter(context));
  router.use(errorHandler(context));
  return router;
}

export async function createCompanion(given: CompanionConfig): Promise<Companion> {
  // Every address the companion hands out is publicUrl + a path: no slash doubled.
  const config = { ...given, publicUrl: given.publicUrl.replace(/\/+$/, '') };
  // A setting the companion cannot use stops the start, before anything is opened.
  checkMethodSettings(config);
  if (config.installments !== undefined) checkInstallmentPlans(config.installments);
  const log = config.logger ?? defaultLogger();
  // What is open so far, closed in reverse if the start fails half-way.
  const opened: { close(): Promise<void> }[] = [];
  const closeAll = async () => {
    for (const part of opened.splice(0).reverse()) await part.close();
  };
  try {
    const store = await CompanionStore.open(config.database, (error) =>
      log.warn({ err: error }, 'a pooled database connection failed while idle; it is replaced'),
    );
    opened.push(store);
    // Derived from the merchant's key, so every instance issues and accepts the same tokens.
    const tokenKey = createHmac('sha256', config.gateway.secretKey)
      .update('acquiring-checkout status tokens')
      .digest('hex');
    const limits = await createRateLimits(config, log);
    opened.push(limits);
    const context = createContext({ ...config, logger: log }, store, tokenKey, limits);
    const health = await createHealth({ db: store.db, redisUrl: config.redisUrl }, log);
    opened.push(health);

    const router = companionRouter(context, health);
    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.trustProxy ?? false);
    app.use(router);
    app.use((_request: Request, response: Response) =>
      sendProblem(response, new Problem(404, 'Not found')),
    );

    await applyPending(context);
    const every = config.reconcileEveryMs ?? 60_000;
    const timer = every > 0 ? setInterval(() => void maintain(context), every).unref() : undefined;
    opened.push({ close: async () => clearInterval(timer) });

    return {
      app,
      router,
      context,
      reconcile: () => reconcileAll(context, 0),
      drain: () => health.drain(),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
