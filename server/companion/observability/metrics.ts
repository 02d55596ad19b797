/**
 * The companion's Prometheus metrics (prom-client: the client most Node services use, and the
 * format every scraper reads, with no collector to run). Labels are bounded: route patterns,
 * operation names, statuses, flows and the merchant's configured methods, never an order ref.
 *
 * Counted where things happen (routes, the gateway client's `onCall`, notifications,
 * reconciliation, rate limits); the database pool, the orders per unsettled status and the
 * readiness of the database and Redis are read when Prometheus scrapes (`scrapes`).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OPERATION_NAMES, type GatewayCall } from '../../gateway/index.ts';
import type { OrderStatus } from 'acquiring-checkout/contract';
import { WAITING } from '../attempt-machine/index.ts';
import type { CompanionConfig } from '../config/index.ts';
import type { ReadinessChecks } from './health.ts';
import { allPaymentLabels } from './payment-labels.ts';
import type { CompanionStore } from '../store/index.ts';

const PREFIX = 'acquiring_companion_';

/** The readiness checks (health.ts), as the metrics run and hear them. */
export interface Readiness {
  /** The checks now, the database's with `database`: here, the scrape's own query. */
  check(database: () => Promise<unknown>): Promise<ReadinessChecks>;
  /** `listener` hears every round of checks: `/readyz`'s and the scrapes'. */
  onChecked(listener: (checks: ReadinessChecks) => void): void;
}

export type Metrics = ReturnType<typeof defineMetrics>;

/**
 * The companion's metrics in `config.metrics` (the merchant's registry) or a registry of their
 * own with Node's process metrics under their standard names (`process_cpu_seconds_total`: the
 * names a merchant's registry has when it collects them). Two companions in one process need a
 * registry each.
 */
export function createMetrics(
  store: CompanionStore,
  readiness: Readiness,
  config: Pick<CompanionConfig, 'metrics' | 'paymentMethods' | 'redisUrl'>,
) {
  const metrics = defineMetrics(store, readiness, config);
  // Each counter a rule or a rate() watches starts at 0 for every label value it knows of: a
  // series first seen at 1 has no increase to show.
  for (const outcome of NOTIFICATION_OUTCOMES) metrics.notifications.inc({ outcome }, 0);
  for (const limit of ['starts', 'polls', 'pages', 'auth']) metrics.rateLimited.inc({ limit }, 0);
  for (const labels of allPaymentLabels(config)) metrics.paymentsStarted.inc(labels, 0);
  for (const operation of OPERATION_NAMES) {
    metrics.gatewayCalls.inc({ operation, outcome: 'ok' }, 0);
    metrics.gatewaySeconds.zero({ operation });
  }
  for (const trigger of ['scheduled', 'by_hand'])
    for (const outcome of ['ok', 'failed']) metrics.reconciliationRuns.inc({ trigger, outcome }, 0);
  readiness.onChecked(({ database, redis }) => {
    metrics.ready.set({ check: 'database' }, database === 'ok' ? 1 : 0);
    if (redis !== 'not used') metrics.ready.set({ check: 'redis' }, redis === 'ok' ? 1 : 0);
  });
  return metrics;
}

const NOTIFICATION_OUTCOMES = [
  'applied',
  'duplicate',
  'mismatch',
  'signature',
  'stale',
  'unreadable',
];

function defineMetrics(
  store: CompanionStore,
  readiness: Readiness,
  { metrics: given, redisUrl }: Pick<CompanionConfig, 'metrics' | 'redisUrl'>,
) {
  const registry = given ?? new Registry();
  if (!given) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // A gauge without labels always shows a value: without Redis it is not shown at all.
  const withRedis = redisUrl ? registers : [];
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  const scrape = scrapes(store, readiness);
  return {
    registry,
    requests: new Counter({ name: `${PREFIX}http_requests_total`, help: 'Requests answered, by route pattern, method and status code.', labelNames: ['route', 'method', 'status'], registers }),
    requestSeconds: new Histogram({ name: `${PREFIX}http_request_duration_seconds`, help: 'Time to answer a request, by route pattern and method.', labelNames: ['route', 'method'], buckets: seconds, registers }),
    paymentsStarted: new Counter({ name: `${PREFIX}payments_started_total`, help: 'Payments started (a session or payment answered), by flow and method.', labelNames: ['flow', 'method'], registers }),
    paymentsSettled: new Counter({ name: `${PREFIX}payments_settled_total`, help: 'Orders that reached a status, by status, what told it (a notification, a reconciliation, a direct payment\'s or an operation\'s answer), and the flow and method their payment started with.', labelNames: ['status', 'source', 'flow', 'method'], registers }),
    gatewayCalls: new Counter({ name: `${PREFIX}gateway_calls_total`, help: 'Calls to the payment service, by operation and outcome (ok or the error code).', labelNames: ['operation', 'outcome'], registers }),
    gatewaySeconds: new Histogram({ name: `${PREFIX}gateway_call_duration_seconds`, help: 'Time of a call to the payment service, retries included, by operation.', labelNames: ['operation'], buckets: seconds, registers }),
    gatewayRetries: new Counter({ name: `${PREFIX}gateway_retries_total`, help: 'Retries of calls to the payment service, by operation.', labelNames: ['operation'], registers }),
    notifications: new Counter({ name: `${PREFIX}notifications_total`, help: "The service's notifications, by outcome: applied, duplicate, or refused for signature, stale (signed too long ago), unreadable or mismatch.", labelNames: ['outcome'], registers }),
    notificationLag: new Histogram({ name: `${PREFIX}notification_lag_seconds`, help: "From the service's event_time to the notification's arrival.", buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600], registers }),
    reconciliationRuns: new Counter({ name: `${PREFIX}reconciliation_runs_total`, help: 'Reconciliation runs, by trigger (scheduled, or by_hand: POST /api/ops/reconcile, reconcile()) and outcome (ok, or failed: the store failed).', labelNames: ['trigger', 'outcome'], registers }),
    reconciliationOrders: new Counter({ name: `${PREFIX}reconciliation_orders_total`, help: 'Orders looked at by reconciliation, by what came of it (recovered: the service told a status the order did not have).', labelNames: ['outcome'], registers }),
    rateLimited: new Counter({ name: `${PREFIX}rate_limited_total`, help: 'Requests refused by a rate limit, by limit.', labelNames: ['limit'], registers }),
    rateLimitsShared: new Gauge({ name: `${PREFIX}rate_limits_shared`, help: "With REDIS_URL: 1 while the rate limits count in Redis with every instance's, 0 while Redis does not answer and this instance counts them in its own memory (across N instances a client then gets up to N times each budget).", registers: withRedis }),
    waiting: new Gauge({ name: `${PREFIX}orders_waiting`, help: 'Orders in a status that is not final yet (created, pending, unknown).', labelNames: ['status'], registers,
      async collect() { for (const row of (await scrape()).waiting ?? []) this.set({ status: row.status }, row.count); } }),
    oldest: new Gauge({ name: `${PREFIX}orders_waiting_oldest_seconds`, help: 'Age of the oldest order in each status that is not final yet.', labelNames: ['status'], registers,
      async collect() { for (const row of (await scrape()).waiting ?? []) this.set({ status: row.status }, row.age); } }),
    pool: new Gauge({ name: `${PREFIX}db_pool_connections`, help: 'The PostgreSQL pool: connections open, in use, and queries waiting for one (other than the scrape).', labelNames: ['state'], registers,
      async collect() { for (const [state, n] of Object.entries((await scrape()).pool ?? {})) this.set({ state }, n); } }),
    ready: new Gauge({ name: `${PREFIX}ready`, help: "1 when a readiness check passes, else 0: database and redis (as /readyz and each scrape find them), service (the payment service answered the companion's last call).", labelNames: ['check'], registers,
      async collect() { await scrape(); } }),
  }; // prettier-ignore
}

type Waiting = { status: OrderStatus; count: number; age: number };

/** What one scrape reads: the pool, the orders waiting, and the checks (heard by `onChecked`). */
interface Scrape {
  pool: ReturnType<NonNullable<CompanionStore['pool']>> | undefined;
  /** Undefined when the store did not answer within the check's bound: the gauges keep theirs. */
  waiting: Waiting[] | undefined;
}

/**
 * One reading per scrape, shared by the gauges that show it: prom-client asks every gauge's
 * `collect` in the same turn, so the first starts the reading and the others join it.
 */
function scrapes(store: CompanionStore, readiness: Readiness): () => Promise<Scrape> {
  let reading: Promise<Scrape> | undefined;
  return () => (reading ??= scrapeOnce(store, readiness).finally(() => (reading = undefined)));
}

async function scrapeOnce(store: CompanionStore, readiness: Readiness): Promise<Scrape> {
  // The pool first: pg counts a query as waiting until its next tick even when a connection is
  // idle, so read after the scrape's own query, an idle companion showed a query waiting.
  const pool = store.pool?.();
  // One query: the orders gauges, and the database's readiness (it answered within the bound).
  const query = waitingOrders(store);
  const checks = await readiness.check(() => query);
  return { pool, waiting: checks.database === 'ok' ? await query : undefined };
}

/** Every waiting status, with 0 for an empty one, so a series does not vanish when it empties. */
async function waitingOrders(store: CompanionStore): Promise<Waiting[]> {
  const found = await store.orders.countsOf(WAITING);
  const now = Date.now();
  return WAITING.map((status) => {
    const row = found.find((r) => r.status === status);
    return { status, count: row?.count ?? 0, age: row ? (now - row.oldest) / 1000 : 0 };
  });
}

/** Calls that did not reach the service, or that it failed: it is not answering. */
const UNANSWERED = new Set<GatewayCall['outcome']>([
  'timeout',
  'connection_failed',
  'service_error',
]);

/** What the gateway client tells of each call, counted; and whether the service answers. */
export function gatewayObserver(metrics: Metrics): (call: GatewayCall) => void {
  return ({ operation, seconds, outcome, retries }) => {
    metrics.gatewayCalls.inc({ operation, outcome });
    metrics.gatewaySeconds.observe({ operation }, seconds);
    if (retries > 0) metrics.gatewayRetries.inc({ operation }, retries);
    // A failure of the companion's own (`error`) says nothing of the service.
    if (outcome !== 'error')
      metrics.ready.set({ check: 'service' }, UNANSWERED.has(outcome) ? 0 : 1);
  };
}
