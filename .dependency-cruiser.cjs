/**
 * The architecture, as rules `npm run lint` holds the imports to (dependency-cruiser). Each rule's
 * `comment` says what it keeps; docs/site/architecture.md shows them (its "Layers" section is
 * written from this file by `npm run docs:figures`, and a test fails when the two differ).
 *
 * The companion's folders are layers, each importing only the ones below it. Another folder is
 * read through its index.ts alone: the index says what the folder offers, and its opening comment
 * what lives there.
 */

/** The companion's folders, from the top: each may import those after it, never those before. */
const LAYERS = [
  ['setup', "checks at start and on demand (the key, doctor), the merchant's hooks, shutdown"],
  ['http', 'the edge: routers, security, limits, request logs, HTTP metrics and traces'],
  ['payment', 'starting a payment: the attempt, the price, the fields, the request to the service'],
  ['settlement', "the service's word applied: notifications, reconciliation, maintenance"],
  ['core', 'the context, problems, tokens, durable steps and recoveries the layers above share'],
  ['observability', 'metrics and their labels, readiness, the log, the tracing setup'],
  ['store', 'the order record in SQLite or PostgreSQL'],
  ['attempt-machine', 'the attempt lifecycle: one table and the functions that read it'],
  ['config', "the settings' shape, the environment and their checks"],
];
const COMPANION = '^server/companion/';
const folder = (name) => `${COMPANION}${name}/`;
const rootFile = `${COMPANION}[^/]+\\.ts$`;

const layerRules = LAYERS.map(([name, holds], at) => {
  const above = LAYERS.slice(0, at).map(([other]) => other);
  const below = LAYERS.slice(at + 1).map(([other]) => other);
  return {
    name: `layer-${name}`,
    comment: `server/companion/${name}/: ${holds}. May import ${below.length ? below.join(', ') : 'nothing of the companion'}.`,
    severity: 'error',
    from: { path: folder(name) },
    to: {
      path: [
        rootFile,
        ...(below.length
          ? above
          : LAYERS.map(([other]) => other).filter((other) => other !== name)
        ).map(folder),
      ],
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles anywhere: a type two modules share lives in a leaf module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'folder-through-index',
      comment:
        "A companion file outside a folder imports it through the folder's index.ts, never a file inside it.",
      severity: 'error',
      from: { path: `${COMPANION}([^/]+)/` },
      to: {
        path: `${COMPANION}([^/]+)/.+`,
        pathNot: [`${COMPANION}$1/`, `${COMPANION}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'root-through-index',
      comment:
        "The companion's root (app.ts, index.ts) imports its folders through their index.ts.",
      severity: 'error',
      from: { path: rootFile },
      to: { path: `${COMPANION}[^/]+/.+`, pathNot: `${COMPANION}[^/]+/index\\.ts$` },
    },
    {
      name: 'package-through-index',
      comment:
        "The server package's parts (bins, companion, sandbox, gateway) reach each other through index.ts: gateway, sandbox and companion are each a public entry point.",
      severity: 'error',
      from: { path: '^server/([^/]+)/' },
      to: {
        path: '^server/(gateway|sandbox|companion)/.+',
        pathNot: ['^server/$1/', '^server/(gateway|sandbox|companion)/index\\.ts$'],
      },
    },
    {
      name: 'gateway-stands-alone',
      comment: 'The gateway client imports neither the companion nor the sandbox.',
      severity: 'error',
      from: { path: '^server/gateway/' },
      to: { path: '^server/(companion|sandbox|bin)/' },
    },
    {
      name: 'sandbox-not-companion',
      comment: 'The sandbox stands in for the service: it never imports the companion.',
      severity: 'error',
      from: { path: '^server/sandbox/' },
      to: { path: '^server/(companion|bin)/' },
    },
    {
      name: 'companion-not-sandbox',
      comment:
        'The companion talks to the service (or the sandbox) over HTTP only: it never imports the sandbox.',
      severity: 'error',
      from: { path: '^server/companion/' },
      to: { path: '^server/(sandbox|bin)/' },
    },
    {
      name: 'widget-not-server',
      comment: 'The widget is browser code: it never imports the server package.',
      severity: 'error',
      from: { path: '^widget/' },
      to: { path: '^server/' },
    },
    {
      name: 'contract-browser-safe',
      comment:
        'The widget–companion contract (widget/src/contract.ts) is imported by both sides: it imports no Node module.',
      severity: 'error',
      from: { path: '^widget/src/(contract|shopper-schema|protocol|routes)\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'demo-by-package-name',
      comment:
        'The demo uses the two packages as a merchant does, by name: it reaches only their entry points.',
      severity: 'error',
      from: { path: '^demo/' },
      to: {
        path: '^(server|widget)/',
        pathNot:
          '^(server/(companion|gateway|sandbox)/index\\.ts|widget/src/(index|contract|react|define)\\.ts)$',
      },
    },
    {
      name: 'nothing-imports-demo-tests-bench',
      comment: 'Nothing published imports the demo, the tests, the benchmarks or the scripts.',
      severity: 'error',
      from: { path: '^(server|widget/src)/' },
      to: { path: '^(demo|test|bench|scripts)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    moduleSystems: ['es6'],
  },
};
// For the docs (not a setting of the tool's, which refuses keys it does not know).
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false });
