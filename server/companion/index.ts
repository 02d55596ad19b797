/**
 * `acquiring-checkout-server/companion`: the merchant's companion server. `createCompanion(config)`
 * gives a standalone Express app and a router to mount in an app the merchant already has.
 */
export { createCompanion, storefrontCsp, type Companion } from './app.ts';
export {
  companionConfig,
  companionEnv,
  TRUST_PROXY_FORMAT,
  trustProxySetting,
  type CompanionConfig,
  type CompanionEnv,
  type ResolvedOrder,
  type ResolvedShopper,
  type PaymentMethodConfig,
  type InstallmentPlan,
} from './config/index.ts';
export {
  merchantHooks,
  orderResolver,
  type MerchantHooks,
  type OrderResolver,
} from './setup/index.ts';
export { stopOnSignals, type StopOptions } from './setup/index.ts';
export { answerStarting, listenBeforeReady, type Listening } from '../listening.ts';
export { doctor } from './setup/index.ts';
export { defaultLogger } from './observability/index.ts';
export { STEPS_CHANNEL, type DurableStep } from './core/index.ts';
