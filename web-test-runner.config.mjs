// @web/test-runner for the widget, in Debian's Chromium, Firefox ESR and WebKitGTK side by side
// (WTR_ENGINES=chromium,firefox picks some). Runs under `node --import tsx` (see
// scripts/test.mjs) so that it can start a real sandbox and companion for the tests: they get
// their addresses from the module /__stack.js.
import { createServer } from 'node:net';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { build } from 'esbuild';

/**
 * card-validator ships CommonJS, which Vite converts for the builds; the test server gets it as
 * one ES module bundled by esbuild.
 */
function cardValidatorPlugin() {
  let bundle;
  return {
    name: 'card-validator-esm',
    resolveImport({ source }) {
      if (source === 'card-validator') return '/__card-validator.js';
    },
    async serve(context) {
      if (context.path !== '/__card-validator.js') return;
      bundle ??= (
        await build({
          entryPoints: ['card-validator'],
          bundle: true,
          format: 'esm',
          write: false,
          logLevel: 'silent',
        })
      ).outputFiles[0].text;
      return { body: bundle, type: 'js' };
    },
  };
}
import pino from 'pino';

// Runs under tsx, so it shares the TypeScript helpers: one place for each browser's path and flags.
const { CHROMIUM_PATH, CHROMIUM_ARGS } = await import('./scripts/chromium.ts');
const { engineCommandsPlugin, firefoxLauncher, WebKitLauncher } =
  await import('./scripts/wtr-engines.ts');

const LAUNCHERS = {
  chromium: () =>
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        // No request events (nothing reads them; each test file loads its modules one request
        // each): 41 → 33 CPU-s for the Chromium run, Firefox's likewise (scripts/firefox.ts).
        networkEnabled: false,
      },
    }),
  firefox: firefoxLauncher,
  webkit: () => new WebKitLauncher(),
};
const engines = (process.env.WTR_ENGINES ?? 'chromium,firefox,webkit').split(',');

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

/**
 * The sandbox, a companion for the test page's origin, one whose payment page never loads, one
 * in front of a service whose payment page refuses to be framed, one that offers choices
 * (payment methods ranked per shopper, instalments in reais, card payments), one whose
 * shoppers sign in, one set up for another storefront, and one served where its publicUrl is not.
 */
function stackPlugin() {
  const started = [];
  let exports = '';
  return {
    name: 'acquiring-stack',
    async serverStart({ config }) {
      const { startSandbox } = await import('./test/server/helpers/sandbox.ts');
      const { startCompanion } = await import('./test/server/helpers/companion.ts');
      const origin = `http://${config.hostname ?? 'localhost'}:${config.port}`;
      const sandbox = await startSandbox();
      // Three engines' tests at once, all from 127.0.0.1: the per-client poll limit (600 a
      // minute) would refuse the third engine's summaries and resumes with 429.
      const options = {
        allowedOrigins: [origin],
        logger: pino({ level: 'silent' }),
        rateLimits: { pollsPerMinute: 100_000 },
      };
      const companion = await startCompanion(sandbox.url, options);
      // Accepts connections and never answers: a payment page that never loads.
      const sockets = new Set();
      const blackHole = createServer((socket) => sockets.add(socket));
      const silent = await listen(blackHole);
      const stalled = await startCompanion(sandbox.url, { ...options, publicUrl: silent });
      // A service whose payment page refuses every frame, and a companion in front of it.
      const refusingService = await startSandbox();
      await fetch(`${refusingService.url}/admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchant_id: 'sandbox-merchant', deny_framing: true }),
      });
      const refusing = await startCompanion(refusingService.url, options);
      const { METHODS } = await import('./test/server/helpers/payment-methods.ts');
      const { PAYMENT_OPTIONS } = await import('./demo/payment-options.ts');
      const choosing = await startCompanion(sandbox.url, {
        ...options,
        paymentMethods: METHODS,
        installments: PAYMENT_OPTIONS.installments,
        directCardPayments: true,
      });
      // A shop whose shoppers sign in: resolveShopper reads the cookie a test sets on the page's
      // host (`wtr_shopper=<id>`). Addressed as localhost, like the test page, so the cookie goes
      // with the widget's credentialed calls (same site: a cookie is not bound to a port).
      const shopping = await startCompanion(sandbox.url, {
        ...options,
        directCardPayments: true,
        resolveShopper: (request) => {
          const id = /(?:^|;\s*)wtr_shopper=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
          return id ? { id } : undefined;
        },
      });
      const walletCompanion = shopping.url.replace('127.0.0.1', 'localhost');
      // A companion whose publicUrl ends in /pay, served at / (the bin under a PUBLIC_URL with a
      // path, no proxy in front): its page addresses would 404 in the frame.
      const misplaced = await startCompanion(sandbox.url, options, '/pay');
      // A companion set up for another storefront: the browser blocks its answers (CORS).
      const foreign = await startCompanion(sandbox.url, {
        ...options,
        allowedOrigins: ['https://another-shop.test'],
      });
      // Nothing here may wait on a callback that never comes: an empty event loop would end the
      // process with code 0 before the runner reports its failures.
      started.push(
        () => companion.close(),
        () => stalled.close(),
        () => refusing.close(),
        () => choosing.close(),
        () => shopping.close(),
        () => foreign.close(),
        () => misplaced.close(),
        () => sandbox.close(),
        () => refusingService.close(),
        () => {
          for (const socket of sockets) socket.destroy();
          blackHole.close();
        },
      );
      exports = `export const companion = ${JSON.stringify(companion.url)};\nexport const stalledCompanion = ${JSON.stringify(stalled.url)};\nexport const refusingCompanion = ${JSON.stringify(refusing.url)};\nexport const choosingCompanion = ${JSON.stringify(choosing.url)};\nexport const walletCompanion = ${JSON.stringify(walletCompanion)};\nexport const foreignCompanion = ${JSON.stringify(foreign.url)};\nexport const misplacedCompanion = ${JSON.stringify(misplaced.url)};\n`;
    },
    serve(context) {
      if (context.path === '/__stack.js') return { body: exports, type: 'js' };
    },
    async serverStop() {
      for (const stop of started) await stop();
    },
  };
}

export default {
  files: 'test/widget/**/*.test.ts',
  // Lit's production build, as the script-tag builds bundle it and a shop's production bundler
  // resolves it (the `production` condition): the element tested is the one shoppers get, and
  // without dev mode's checks the three engines took 69–74 CPU-s against 73–81 (four runs each,
  // interleaved).
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  plugins: [
    cardValidatorPlugin(),
    esbuildPlugin({ ts: true, target: 'es2021', define: { __ACQUIRING_IIFE__: 'false' } }),
    stackPlugin(),
    engineCommandsPlugin(),
  ],
  // Each engine runs its files one at a time, the engines side by side on the one stack.
  browsers: engines.map((engine) => {
    if (!LAUNCHERS[engine]) throw new Error(`WTR_ENGINES: no engine ${engine}`);
    return LAUNCHERS[engine]();
  }),
  testFramework: { config: { timeout: 15000 } },
};
