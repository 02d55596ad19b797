/**
 * `createCompanion(config)`: the merchant's companion server, with its store opened and migrated:
 * a standalone Express 5 app (the bin listens; tests listen on port 0), and the same routes as a
 * router to mount in an app the merchant already has.
 */
import { createHmac } from 'node:crypto';
import { WIDGET_API, WIDGET_ROUTES } from 'acquiring-checkout/contract';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';
import {
  checkCompanionConfig,
  checkInstallmentPlans,
  checkMethodSettings,
  type CompanionConfig,
} from './config/index.ts';
import {
  createContext,
  forRequest,
  type EdgeContext,
  countRequests,
  metricsRouter,
  checkPathAndQuery,
  createRateLimits,
  type RateLimits,
  mountCheck,
  type MountCheck,
  notifyRouter,
  operationsRouter,
  pagesRouter,
  widgetRouter,
  cors,
  securityHeaders,
  traceRequests,
  tracedStore,
} from './http/index.ts';
import {
  defaultLogger,
  createHealth,
  type Health,
  createMetrics,
  startTracing,
} from './observability/index.ts';
import { checkGatewayKey, openStore, type GatewayKeyCheck } from './setup/index.ts';
import { applyPending, maintain, reconcileAll, reconcileNow } from './settlement/index.ts';
import { Problem, problemOfGatewayError, refusal, sendProblem } from './core/index.ts';
import { nodeFloorProblem } from '../node-floor.ts';
import { tracingOn } from '../tracing.ts';
import { isRecord } from '../unknown.ts';

/** A running companion: what `createCompanion` gives. */
export interface Companion {
  /** A standalone app: the routes, a JSON 404, `trust proxy` from the config. */
  app: Express;
  /**
   * The routes alone, to mount in the merchant's own app: `app.use('/payments', router)`. Then
   * `publicUrl` must end with that path (`https://shop.example/payments`), and the app's own
   * `trust proxy` setting applies.
   */
  router: Router;
  context: EdgeContext;
  /** Settles unknown and stale orders now (joining a run by hand already under way). */
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
    // The service's form, posted by the widget into its frame as the session comes (page-ahead.ts).
    'form-action': [service],
  };
}

/**
 * What body-parser's refusals (http-errors with a 4xx status) mean to the caller: a title, the
 * field at fault (the body itself, or the header that described it) and what is wrong.
 */
const BODY_ERRORS: Record<string, [string, string, string]> = {
  'entity.too.large': ['Request too large', '(body)', 'over the limit of this route'],
  'entity.parse.failed': ['Invalid request', '(body)', 'not a JSON object'],
  'charset.unsupported': ['Unsupported charset', 'content-type', 'send the body as UTF-8 (charset=utf-8)'],
  'encoding.unsupported': ['Unsupported content encoding', 'content-encoding', 'send the body as identity, gzip, deflate or br'],
  'request.aborted': ['Request aborted', '(body)', 'ended before its length'],
  'request.size.invalid': ['Invalid request', '(body)', 'not as long as its Content-Length'],
}; // prettier-ignore

function problemOfBodyError(error: unknown): Problem | undefined {
  const { status, type }: Record<string, unknown> = isRecord(error) ? error : {};
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const [title, field, detail] = BODY_ERRORS[String(type)] ?? [
    'Invalid request',
    '(body)',
    'the request could not be read',
  ];
  return refusal(status, title, field, detail);
}

/** PostgreSQL's codes, and the socket's, for a database that cannot be reached right now. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08001',
  '08006',
]);

/** A database that is down or restarting: worth trying again in a moment, unlike a bug. */
function problemOfStoreError(error: unknown): Problem | undefined {
  const code = isRecord(error) ? error.code : undefined;
  if (typeof code !== 'string' || !UNREACHABLE.has(code)) return undefined;
  return new Problem(503, 'Service unavailable', 'the companion cannot reach its database', {
    retryable: true,
    retry_after: 5,
  });
}

function errorHandler(context: EdgeContext) {
  return (error: unknown, _request: Request, response: Response, _next: NextFunction): void => {
    if (error instanceof Problem) return sendProblem(response, error);
    const fromService = problemOfGatewayError(error);
    if (fromService) return sendProblem(response, fromService);
    const fromParser = problemOfBodyError(error);
    if (fromParser) return sendProblem(response, fromParser);
    const fromStore = problemOfStoreError(error);
    forRequest(context, response).log.error({ err: error }, 'unexpected error');
    if (fromStore) return sendProblem(response, fromStore);
    // The same request would fail the same way: a client should not send it again as it is.
    sendProblem(
      response,
      new Problem(500, 'Internal error', 'the companion failed; see its log', { retryable: false }),
    );
  };
}

/** The companion's routes, in the order a request meets them. */
function companionRouter(context: EdgeContext, health: Health, mount: MountCheck): Router {
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
  router.use(traceRequests());
  router.use(context.requestLogs.middleware());
  router.use(countRequests(context.metrics));
  router.use(securityHeaders());
  router.use(checkPathAndQuery);
  router.use(mount.observe);
  router.use(health.router);
  router.use(metricsRouter(context));
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
    ((request: Request) => request.method === 'GET' && request.path === WIDGET_ROUTES.savedCards);
  // A mount that publicUrl does not show: the widget hears it (with CORS, so it can read it).
  const allowed = cors(config.allowedOrigins, refused, credentials);
  router.use(WIDGET_API, allowed, mount.guard, widgetRouter(context));
  router.use(['/pay', '/return'], mount.guard);
  router.use(pagesRouter(context));
  router.use(errorHandler(context));
  return router;
}

/**
 * Builds the merchant's companion server: checks `given` (each mistake named with its option, its
 * variable and the fix), checks the gateway key with one signed query, opens and migrates the
 * store, applies notifications stored but not yet applied, and starts the periodic
 * reconciliation. Its `app` is a standalone Express 5 app (listen on it yourself), its `router`
 * the same routes to mount in an app you already have.
 */
export async function createCompanion(given: CompanionConfig): Promise<Companion> {
  const tooOld = nodeFloorProblem();
  if (tooOld) throw new Error(tooOld);
  // The same rules as the bin's environment: a mistake stops the start, named, before any shopper.
  checkCompanionConfig(given);
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
    const tracing = await startTracing();
    if (tracing) opened.push(tracing);
    const opening = await openStore(config.database, (error) =>
      log.warn({ err: error }, 'a pooled database connection failed while idle; it is replaced'),
    );
    opened.push(opening);
    const store = tracingOn() ? tracedStore(opening) : opening;
    // Derived from the merchant's key, so every instance issues and accepts the same tokens.
    const tokenKey = createHmac('sha256', config.gateway.secretKey)
      .update('acquiring-checkout status tokens')
      .digest('hex');
    // Before the metrics, which read its checks at each scrape; it shows the key check once made.
    let keyCheck: GatewayKeyCheck = 'not checked: starting';
    let limits: RateLimits | undefined = undefined;
    const mount = mountCheck(config.publicUrl, log);
    const health = await createHealth(
      {
        db: store.db,
        redisUrl: config.redisUrl,
        gateway: () => keyCheck,
        rateLimits: () => limits?.counting() ?? 'per instance',
        mount: mount.problem,
      },
      log,
    );
    opened.push(health);
    const metrics = createMetrics(store, health, config);
    limits = await createRateLimits(config, log, {
      refused: (limit) => metrics.rateLimited.inc({ limit }),
      shared: (shared) => metrics.rateLimitsShared.set(shared ? 1 : 0),
    });
    opened.push(limits);
    const context = createContext({ ...config, logger: log }, store, tokenKey, limits, metrics);
    // Closed before the store: a recovery under way finishes its writes first.
    opened.push({ close: () => context.recoveries.settled() });
    keyCheck = await checkGatewayKey(context.gateway, config.gateway, log);

    const router = companionRouter(context, health, mount);
    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.trustProxy ?? false);
    app.use(router);
    app.use((_request: Request, response: Response) =>
      sendProblem(response, refusal(404, 'Not found', '(path)', 'no such route')),
    );

    await applyPending(context);
    const every = config.reconcileEveryMs ?? 60_000;
    const timer = every > 0 ? setInterval(() => void maintain(context), every).unref() : undefined;
    opened.push({ close: async () => clearInterval(timer) });

    return {
      app,
      router,
      context,
      reconcile: () => reconcileNow(context),
      drain: () => health.drain(),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
