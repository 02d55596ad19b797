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
import { loadEnvFile } from './env-file.ts';
import { listen, shutdownGraceMs, stopOnSignals } from './listen.ts';
import { messageOf } from '../unknown.ts';

loadEnvFile();
// `acquiring-checkout-companion doctor [order_ref]`: the setup checked, each check printed.
if (process.argv[2] === 'doctor')
  process.exit((await doctor(process.env, { sampleOrderRef: process.argv[3] })) ? 0 : 1);
let env: CompanionEnv;
let hooks: MerchantHooks;
let graceMs: number;
try {
  env = companionEnv(process.env);
  graceMs = shutdownGraceMs(process.env);
  hooks = await merchantHooks(env.ORDER_RESOLVER, env.ORDER_RESOLVER_TOKEN);
} catch (error) {
  console.error(messageOf(error));
  process.exit(1);
}
const { server, port, serve } = await listen(env.PORT, env.HOST);
// With PORT=0 the address handed out (pages, notify_url) is the port actually taken.
const companion = await createCompanion({
  ...companionConfig({ ...env, PORT: port }, hooks.resolveOrder),
  ...(hooks.resolveShopper ? { resolveShopper: hooks.resolveShopper } : {}),
}).catch((error: unknown) => {
  // A setting the service refused (the key, the merchant): the message says which.
  console.error(messageOf(error));
  process.exit(1);
});
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
