// @ts-check
/**
 * Mutation testing of the core (`npm run test:mutation`): StrykerJS plants small bugs (mutants)
 * in the files below, one at a time, and runs the test files that cover each; a mutant no test
 * fails on survives. The core is what the product's promises rest on: the attempt machine (no
 * order stuck, nothing charged twice), the store's guarded updates, the operations API's
 * authorization (no one acting on another's orders), the demo's console proxy and the
 * service's signature checks. Each test file is one "test" to the tap runner, run with Node's
 * test runner under tsx; `perTest` coverage runs only the files that reach a mutant. The score
 * and each survivor named as equivalent: docs/site/project/testing.md.
 *
 * StrykerJS 9: 10 refuses Node 20.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'tap',
  tap: {
    // The fast files that reach the core: the stack-wide matrices (console-matrix, spaces,
    // authorization-matrix) kill the same mutants in `npm test` but take a minute each per mutant.
    testFiles: [
      'test/server/companion/attempt-machine.test.ts',
      'test/server/companion/attempt-machine-moves.test.ts',
      'test/server/companion/attempt-machine-reports.test.ts',
      'test/server/companion/session-decisions.test.ts',
      'test/server/companion/order-status-table.test.ts',
      'test/server/companion/store.test.ts',
      'test/server/companion/store-attempt-moves.test.ts',
      'test/server/companion/access.test.ts',
      'test/server/companion/operations-tokens-claims.test.ts',
      'test/server/demo/console-proxy.test.ts',
      'test/server/demo/console-proxy-edges.test.ts',
      'test/server/gateway/signing.test.ts',
      'test/server/gateway/signing-vectors.test.ts',
      'test/server/gateway/notification-signature.test.ts',
      'test/server/gateway/notification-signature-edges.test.ts',
      'test/server/companion/notification-checks.test.ts',
    ],
    nodeArgs: [
      '--import',
      '{{hookFile}}',
      '--import',
      './scripts/test/preload.mjs',
      '--import',
      'tsx',
      '--test-reporter=tap',
    ],
    forceBail: true,
  },
  mutate: [
    'server/companion/attempt-machine/*.ts',
    'server/companion/store/attempts.ts',
    'server/companion/core/access.ts',
    'server/companion/core/operations-tokens.ts',
    'demo/console-proxy.ts',
    'server/gateway/notification-signature.ts',
    'server/gateway/signing.ts',
  ],
  ignorePatterns: ['reports', 'data', 'coverage', '.probe', '*.log'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  // Mutants already tested against unchanged code and tests are not run again. The results are
  // committed (test/mutation/incremental.json), so CI (.ci/run) tests only the mutants a change
  // touched, or whose covering test files changed, against the last full run; `--force` re-tests
  // every mutant (docs/site/project/testing.md says when).
  incremental: true,
  incrementalFile: 'test/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
