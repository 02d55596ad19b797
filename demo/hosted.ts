/**
 * `npm run start:hosted`: the demo as one public service (hosted-app.ts), from compiled
 * JavaScript: `npm run build` first. Listens on HOST:PORT; configured from the environment (see
 * the docs' "Hosting the demo"), each bad variable named at start. /healthz says the process
 * lives; /readyz that PostgreSQL and Redis answer (503 otherwise, and while draining). SIGTERM
 * drains: /readyz answers 503, no new connections, requests in flight finish within
 * SHUTDOWN_GRACE_MS (each answer closing its connection), pools close, exit 0.
 */
import {
  defaultLogger,
  listenBeforeReady,
  stopOnSignals,
} from 'acquiring-checkout-server/companion';
import { createHostedDemo, hostedEnv, type HostedEnv } from './hosted-app.ts';

let env: HostedEnv;
try {
  env = hostedEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = defaultLogger(env.LOG_LEVEL);
// Answers 503 with Retry-After until the demo is ready: a probe during start-up is not left hanging.
const { server, port, serve } = await listenBeforeReady(env.PORT, env.HOST);
// The sandbox first (the companion checks its key against it through this port), then the rest.
const demo = await createHostedDemo(env, `http://127.0.0.1:${port}`, logger, serve).catch(
  (error: unknown) => {
    logger.fatal({ err: error }, 'the hosted demo could not start');
    process.exit(1);
  },
);
serve(demo.app);
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
