/**
 * The companion's settings: their shape (`CompanionConfig`, the merchant's hooks' answers, the
 * settings of ways to pay), the bin's environment, and the rules both follow, checked before
 * anything opens. Pure: it imports nothing of the companion, and every folder may import it.
 */
export {
  type OperationsKeySetting,
  type OperationsRole,
  type OperationsTokenSetting,
  ROLES,
  TOKEN_NAME,
} from './access.ts';
export { checkCompanionConfig } from './checks.ts';
export {
  companionConfig,
  companionEnv,
  type CompanionEnv,
  TRUST_PROXY_FORMAT,
  trustProxySetting,
} from './env.ts';
export {
  type InstallmentPlan,
  orderProblems,
  type PaymentMethodConfig,
  type ResolvedOrder,
  type ResolvedShopper,
} from './merchant-types.ts';
export { type CompanionConfig } from './options.ts';
export { checkInstallmentPlans, checkMethodSettings } from './settings.ts';
export { withoutPassword } from './addresses.ts';
