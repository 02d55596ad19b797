/**
 * `npm run start:hosted`: the demo as one public service (hosted-app.ts), from compiled
 * JavaScript: `npm run build` first. Listens on HOST:PORT; configured from the environment (see
 * the README's "Host the demo"), each bad variable named at start. /healthz says the process
 * lives; /readyz that PostgreSQL and Redis answer (503 otherwise, and while draining). SIGTERM
 * drains: /readyz answers 503, no new connections, requests in flight finish within
 * SHUTDOWN_GRACE_MS (each answer closing its connection), pools close, exit 0.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultLogger, stopOnSignals } from 'acquiring-checkout-server/companion';
import { createHostedDemo, hostedEnv, type HostedEnv } from './hosted-app.ts';

let env: HostedEnv;
try {
  env = hostedEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = defaultLogger(env.LOG_LEVEL);
const server = createServer();
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(env.PORT, env.HOST, resolve);
});
const { port } = server.address() as AddressInfo;
const demo = await createHostedDemo(env, `http://127.0.0.1:${port}`, logger).catch(
  (error: unknown) => {
    logger.fatal({ err: error }, 'the hosted demo could not start');
    process.exit(1);
  },
);
server.on('request', demo.app);
// Before the line that says it listens: whoever reads that line may signal at once.
stopOnSignals(server, () => demo.close(), {
  graceMs: env.SHUTDOWN_GRACE_MS,
  onStop: (signal) => {
    demo.companion.drain();
    logger.info({ signal, grace_ms: env.SHUTDOWN_GRACE_MS }, 'draining');
  },
  onError: (error) => logger.error({ err: error }, 'closing the hosted demo failed'),
});
logger.info({ url: env.PUBLIC_URL, port }, 'hosted demo listening');
