/**
 * Every route the fuzzer sends to, made from the tables that define them: the widget's routes
 * (`WIDGET_ROUTES`, each with its contract schema), the operations API (its table, and its reads
 * with their query schemas), the notification endpoint, the companion's pages, health and metrics,
 * and each of the service's operations on the sandbox (`OPERATIONS`, with its request schema).
 * fuzz.test.ts checks that every route the running companion has is among them.
 */
import fc from 'fast-check';
import {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
  WIDGET_API,
  WIDGET_ROUTES,
  type WidgetRoute,
} from 'acquiring-checkout/contract';
import { z } from 'zod';
import { PATH_PARAMS, type PathParam } from '../../../server/companion/http/params.ts';
import { auditQuery } from '../../../server/companion/http/routes/audit-query.ts';
import { OPERATIONS as OPS } from '../../../server/companion/http/routes/operations-table.ts';
import { ListQuery, PayoutListQuery } from '../../../server/companion/http/routes/operations.ts';
import { SummaryQuery } from '../../../server/companion/http/routes/order-summary.ts';
import { OPERATION_NAMES, OPERATIONS } from '../../../server/gateway/operations.ts';
import {
  PaymentNotification,
  PayoutNotification,
  SubscriptionNotification,
} from '../../../server/gateway/schemas/notification.ts';
import {
  NOTIFICATION_SIGNATURE_HEADER,
  signNotification,
} from '../../../server/gateway/notification-signature.ts';
import { signed } from '../../../server/gateway/signing.ts';
import { OPS_TOKEN, SHOP } from '../helpers/companion.ts';
import { MERCHANT } from '../helpers/sandbox.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';
import { effective } from './json-text.ts';
import { hostileQuery, hostileSegment, mutatedBody, type Sent } from './mutations.ts';
import { NOTIFICATION_SEED, OPERATION_SEEDS, SERVICE_SEEDS, WIDGET_SEEDS } from './seeds.ts';

export interface Target {
  /** How the test names it: the server, the method and path, and what sets it apart. */
  name: string;
  server: 'companion' | 'sandbox';
  method: 'GET' | 'POST' | 'DELETE';
  /** The route's path as Express writes it (`/api/orders/:order_ref`). */
  path: string;
  headers: Record<string, string>;
  query?: z.core.$ZodType;
  /** The body's schema and a valid body (POST). */
  body?: { schema: z.core.$ZodType; seed: Record<string, unknown> };
  /** What is done to each body before it is sent (the sandbox's are signed). */
  finish?: (body: unknown) => unknown;
  /** Headers that depend on the body's bytes (a notification's signature). */
  signature?: (bytes: Uint8Array) => Record<string, string>;
}

export interface FuzzRequest {
  target: Target;
  /** The path and query as sent: may hold bytes that are not UTF-8, one per character. */
  path: string;
  sent: Sent;
}

export const METRICS_TOKEN = 'metrics-token-for-the-fuzzer-0123';
const widget = { origin: SHOP };
const ops = { authorization: `Bearer ${OPS_TOKEN}` };
/** The audit trail's query, with its filter of the operations the table has. */
const AuditQuery = auditQuery(Object.keys(OPS) as [string, ...string[]]);

type Route = Omit<Target, 'server' | 'name'> & { name?: string };

/** Each of the widget's routes; a route added to WIDGET_ROUTES without one here does not compile. */
const WIDGET: Record<WidgetRoute, Omit<Route, 'path'>> = {
  checkoutSessions: { method: 'POST', headers: widget, body: { schema: CheckoutSessionRequest, seed: WIDGET_SEEDS.checkoutSessions } },
  apmPayments: { method: 'POST', headers: widget, body: { schema: ApmPaymentRequest, seed: WIDGET_SEEDS.apmPayments } },
  cardPayments: { method: 'POST', headers: widget, body: { schema: CardPaymentRequest, seed: WIDGET_SEEDS.cardPayments } },
  savedCardPayments: { method: 'POST', headers: widget, body: { schema: SavedCardPaymentRequest, seed: WIDGET_SEEDS.savedCardPayments } },
  orderStatus: { method: 'GET', headers: { ...widget, authorization: 'Bearer x' } },
  orderSummary: { method: 'GET', headers: widget, query: SummaryQuery },
  savedCards: { method: 'GET', headers: widget },
  savedCard: { method: 'DELETE', headers: widget },
  pageOpened: { method: 'POST', headers: widget },
}; // prettier-ignore

/** A notification signed as the service signs it, so that mutations reach its reading. */
function signedNotification(bytes: Uint8Array): Record<string, string> {
  return { [NOTIFICATION_SIGNATURE_HEADER]: signNotification(Buffer.from(bytes).toString(), MERCHANT.secret_key) }; // prettier-ignore
}

/**
 * A body signed with the test merchant's key over what the sandbox will read of it (a key written
 * twice counts once, raw text as it parses), the merchant's ids put back when the body lost them.
 */
function signedAsMerchant(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = { merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id, ...body };
  const read = effective(fields);
  if (typeof read !== 'object' || read === null) return fields;
  const { encryption_data } = signed({ ...read }, MERCHANT.secret_key);
  return { ...fields, encryption_data };
}

const companionRoutes: Route[] = [
  ...Object.entries(WIDGET).map(([name, route]) => ({ ...route, path: WIDGET_API + WIDGET_ROUTES[name as WidgetRoute] })),
  { method: 'POST', path: '/api/notifications', headers: {}, body: { schema: z.union([PaymentNotification, PayoutNotification, SubscriptionNotification]), seed: NOTIFICATION_SEED }, signature: signedNotification },
  ...Object.entries(OPS).map(([name, op]): Route => ({
    method: 'POST', path: `/api/ops/${name}`, headers: { ...ops, 'idempotency-key': `fuzz-${name}` },
    body: { schema: op.body, seed: OPERATION_SEEDS[name as keyof typeof OPS] },
  })),
  { method: 'GET', path: '/api/ops/orders', headers: ops, query: ListQuery },
  { method: 'GET', path: '/api/ops/orders/:order_ref', headers: ops },
  { method: 'GET', path: '/api/ops/payouts', headers: ops, query: PayoutListQuery },
  { method: 'GET', path: '/api/ops/audit', headers: ops, query: AuditQuery },
  { method: 'GET', path: '/api/csp', headers: widget },
  { method: 'GET', path: '/assets/return.js', headers: {} },
  { method: 'GET', path: '/pay/:token', headers: {} },
  { method: 'GET', path: '/return/checkout/:order_ref', headers: {} },
  { method: 'GET', path: '/return/apm/:order_ref', headers: {} },
  { method: 'GET', path: '/healthz', headers: {} },
  { method: 'GET', path: '/readyz', headers: {} },
  { name: 'with the operations token', method: 'GET', path: '/metrics', headers: ops },
  { name: 'with the metrics token', method: 'GET', path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
  { name: 'without a token', method: 'GET', path: '/metrics', headers: {} },
]; // prettier-ignore

/** Each of the service's operations, its own valid seed signed after mutation. */
const sandboxRoutes: Target[] = OPERATION_NAMES.map((name) => ({
  name: `sandbox ${name}: POST ${OPERATIONS[name].path}`,
  server: 'sandbox',
  method: 'POST',
  path: OPERATIONS[name].path,
  headers: {},
  body: { schema: OPERATIONS[name].request, seed: SERVICE_SEEDS[name] },
  finish: signedAsMerchant,
}));

export const TARGETS: Target[] = [
  ...companionRoutes.map((route): Target => ({
    ...route,
    server: 'companion',
    name: `companion ${route.method} ${route.path}${route.name ? ` ${route.name}` : ''}`,
  })),
  ...sandboxRoutes,
];

/** The schema of the path's parameter (`:order_ref`), or undefined for a path without one. */
export function paramOf(path: string): { name: PathParam; schema: JsonSchema } | undefined {
  const name = /:(\w+)/.exec(path)?.[1];
  if (name === undefined) return undefined;
  if (!Object.hasOwn(PATH_PARAMS, name)) throw new Error(`${path}: no schema for :${name} in params.ts`); // prettier-ignore
  const param = name as PathParam;
  return { name: param, schema: jsonSchemaOf(PATH_PARAMS[param]) };
}

/** A hostile request to `target`. */
export function hostileRequest(target: Target): fc.Arbitrary<FuzzRequest> {
  const param = paramOf(target.path);
  const query = hostileQuery(target.query && jsonSchemaOf(target.query));
  const path = param
    ? fc.tuple(hostileSegment(param.schema), query).map(([segment, q]) => target.path.replace(`:${param.name}`, segment) + q) // prettier-ignore
    : query.map((q) => target.path + q);
  const sent = target.body
    ? mutatedBody(jsonSchemaOf(target.body.schema), target.body.seed, target.finish)
    : fc.constant<Sent>({ body: undefined, headers: {} });
  return fc.record({ target: fc.constant(target), path, sent });
}
