#!/usr/bin/env node
/**
 * `acquiring-checkout-sandbox`: the sandbox alone, on SANDBOX_PORT (3100 by default), configured
 * from the environment and `.env`.
 */
import { httpAddress } from '../address.ts';
import { createSandbox, sandboxConfigFromEnv } from '../sandbox/index.ts';
import { listenOrStop, preflight, stop } from './cli.ts';
import { loadEnvFile } from './env-file.ts';
import { shutdownGraceMs, stopOnSignals } from './listen.ts';
import { messageOf } from '../unknown.ts';

preflight({
  name: 'acquiring-checkout-sandbox',
  commands: [],
  usage: `Usage: acquiring-checkout-sandbox

  (none)          starts the sandbox of the acquiring service on SANDBOX_HOST:SANDBOX_PORT
                  (127.0.0.1:3100 unless set): the companion's GATEWAY_BASE_URL is its address
  --help, -h      prints this
  --version, -v   prints its version

The settings (SANDBOX_PORT, SANDBOX_MERCHANT_ID, SANDBOX_SECRET_KEY, …) come from the environment,
and from .env in the working directory (the environment wins); .env.example lists them. It takes
test cards from anyone: never expose it.`,
});
loadEnvFile();
let settings;
let graceMs: number;
try {
  settings = sandboxConfigFromEnv(process.env);
  graceMs = shutdownGraceMs(process.env);
} catch (error) {
  stop(messageOf(error));
}
const names = { port: 'SANDBOX_PORT', host: 'SANDBOX_HOST' };
const { server, port, serve } = await listenOrStop(settings.port, settings.host, names);
// With SANDBOX_PORT=0 the pages' addresses carry the port actually taken.
const config = process.env.SANDBOX_PUBLIC_URL
  ? settings.config
  : { ...settings.config, publicUrl: httpAddress(settings.host, port) };
const sandbox = createSandbox(config);
serve(sandbox.app);
// Before the lines that say it listens: whoever reads them may signal at once.
stopOnSignals(server, () => sandbox.close().then(() => console.log('sandbox stopped')), {
  graceMs,
  onStop: (signal) => console.log(`sandbox stopping on ${signal}`),
  onError: (error) => console.error('closing the sandbox failed:', error),
});
const merchant = config.merchants[0];
// Its base address, without /v1 (the client adds it): what the companion's GATEWAY_BASE_URL is.
console.log(
  `sandbox of the acquiring service: ${config.publicUrl} (the companion's GATEWAY_BASE_URL; its API is under /v1)`,
);
console.log(
  `  merchant_id ${merchant?.merchant_id}, account_id ${merchant?.account_id}; state in ${config.database}`,
);
if (config.admin) console.log('  admin routes on (/admin): never expose this sandbox to others');
