/**
 * What runs once, at start or on demand, against the world outside: the check of the merchant's
 * key with the service, `doctor` (every check of a setup, for a person), the merchant's hooks
 * named by `ORDER_RESOLVER` (a module or an address of their backend), and the shutdown on
 * signals. The companion's root (app.ts, index.ts) imports it; it may import every folder below.
 */
export { doctor } from './doctor.ts';
export { checkGatewayKey, type GatewayKeyCheck } from './gateway-check.ts';
export {
  merchantHooks,
  type MerchantHooks,
  orderResolver,
  type OrderResolver,
} from './order-resolver.ts';
export { stopOnSignals, type StopOptions } from './shutdown.ts';
export { openStore } from './store-opening.ts';
