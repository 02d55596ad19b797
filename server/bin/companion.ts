#!/usr/bin/env node
/**
 * `acquiring-checkout-companion`: the companion alone, configured from the environment and `.env`
 * (see .env.example). `ORDER_RESOLVER` names the merchant's `resolveOrder` (a module, or an
 * address of the merchant's backend): the companion never guesses an amount.
 */
import {
  companionConfig,
  companionEnv,
  createCompanion,
  doctor,
  merchantHooks,
  type CompanionEnv,
  type MerchantHooks,
} from '../companion/index.ts';
import { listenOrStop, preflight, stop } from './cli.ts';
import { loadEnvFile } from './env-file.ts';
import { shutdownGraceMs, stopOnSignals } from './listen.ts';
import { messageOf } from '../unknown.ts';

const args = preflight({
  name: 'acquiring-checkout-companion',
  commands: ['doctor'],
  usage: `Usage: acquiring-checkout-companion [doctor [order_ref]]

  (none)              starts the companion on HOST:PORT (127.0.0.1:3200 unless set)
  doctor [order_ref]  checks the setup, prints each check, and exits 1 if one failed: every
                      variable, the order resolver (asked to price order_ref), the database,
                      Redis, the key with the service, the companion running at PUBLIC_URL
  --help, -h          prints this
  --version, -v       prints its version

The settings come from the environment, and from .env in the working directory (the environment
wins). node_modules/acquiring-checkout-server/.env.example lists each variable with a comment.`,
});
loadEnvFile();
// `acquiring-checkout-companion doctor [order_ref]`: the setup checked, each check printed.
if (args[0] === 'doctor')
  process.exit((await doctor(process.env, { sampleOrderRef: args[1] })) ? 0 : 1);
let env: CompanionEnv;
let hooks: MerchantHooks;
let graceMs: number;
try {
  env = companionEnv(process.env);
  graceMs = shutdownGraceMs(process.env);
  hooks = await merchantHooks(env.ORDER_RESOLVER, env.ORDER_RESOLVER_TOKEN);
} catch (error) {
  stop(messageOf(error));
}
const names = { port: 'PORT', host: 'HOST' };
const { server, port, serve } = await listenOrStop(env.PORT, env.HOST, names);
// With PORT=0 the address handed out (pages, notify_url) is the port actually taken.
const companion = await createCompanion({
  ...companionConfig({ ...env, PORT: port }, hooks.resolveOrder),
  ...(hooks.resolveShopper ? { resolveShopper: hooks.resolveShopper } : {}),
}).catch((error: unknown) =>
  // A setting the service refused (the key, the merchant), a database that cannot be opened:
  // the message says which, and the fix.
  stop(messageOf(error)),
);
serve(companion.app);
// Before the line that says it listens: whoever reads that line may signal at once. SIGTERM
// drains: /readyz answers 503, requests in flight finish, then the store and Redis close.
stopOnSignals(
  server,
  () => companion.close().then(() => companion.context.log.info('companion stopped')),
  {
    graceMs,
    onStop: (signal) => {
      companion.drain();
      companion.context.log.info({ signal, grace_ms: graceMs }, 'companion stopping');
    },
    onError: (error) => companion.context.log.error({ err: error }, 'closing the companion failed'),
  },
);
companion.context.log.info(
  // url: where browsers reach it (PUBLIC_URL); port: where this process listens.
  { url: companion.context.config.publicUrl, port, gateway: env.GATEWAY_BASE_URL },
  'companion listening',
);
