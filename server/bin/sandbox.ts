#!/usr/bin/env node
/**
 * `acquiring-checkout-sandbox`: the sandbox alone, on SANDBOX_PORT (3100 by default), configured
 * from the environment and `.env`.
 */
import { httpAddress } from '../address.ts';
import { createSandbox, sandboxConfigFromEnv } from '../sandbox/index.ts';
import { loadEnvFile } from './env-file.ts';
import { listen, shutdownGraceMs, stopOnSignals } from './listen.ts';
import { messageOf } from '../unknown.ts';

loadEnvFile();
let settings;
let graceMs: number;
try {
  settings = sandboxConfigFromEnv(process.env);
  graceMs = shutdownGraceMs(process.env);
} catch (error) {
  console.error(messageOf(error));
  process.exit(1);
}
const { server, port, serve } = await listen(settings.port, settings.host);
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
console.log(`sandbox of the acquiring service: ${config.publicUrl}/v1`);
console.log(
  `  merchant_id ${merchant?.merchant_id}, account_id ${merchant?.account_id}; state in ${config.database}`,
);
if (config.admin) console.log('  admin routes on (/admin): never expose this sandbox to others');
