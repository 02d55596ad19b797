/**
 * `acquiring-checkout-server/sandbox`: a local, stateful stand-in for the acquiring service, for
 * development and for a merchant's own tests. Its test cards and amounts are in the docs (docs/site/sandbox/test-inputs.md).
 */
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './start.ts';
export { createSandbox, type Sandbox } from './app.ts';
export {
  DEFAULT_MERCHANT,
  sandboxConfig,
  sandboxConfigFromEnv,
  type SandboxConfig,
  type SandboxMerchant,
} from './config.ts';
export { TEST_CARDS, type TestCard, type CardBehaviour } from './test-inputs.ts';
