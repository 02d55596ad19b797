/** `npm run sandbox`: the sandbox alone, on SANDBOX_PORT (3100 by default). */
import { createSandbox } from './app.ts';
import { sandboxConfigFromEnv } from './config.ts';

let settings;
try {
  settings = sandboxConfigFromEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { config, port, host } = settings;
const sandbox = createSandbox(config);
const server = sandbox.app.listen(port, host, () => {
  const merchant = config.merchants[0];
  console.log(`sandbox of the acquiring service: ${config.publicUrl}/v1`);
  console.log(
    `  merchant_id ${merchant?.merchant_id}, account_id ${merchant?.account_id}; state in ${config.database}`,
  );
  if (config.admin) console.log('  admin routes on (/admin): never expose this sandbox to others');
});

function stop(): void {
  server.close(() => void sandbox.close().then(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
