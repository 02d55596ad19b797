/** Listening before the app exists, so a port of 0 is known before any address is handed out. */
import { z } from 'zod';

export { listenBeforeReady as listen } from '../listening.ts';

const ShutdownEnv = z.object({
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000, 'at most 600000 (10 minutes)')
    .default(10_000),
});

/** How long requests in flight at SIGTERM may take to finish: `SHUTDOWN_GRACE_MS`, default 10 s. */
export function shutdownGraceMs(env: NodeJS.ProcessEnv): number {
  const parsed = ShutdownEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `invalid shutdown configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
    );
  }
  return parsed.data.SHUTDOWN_GRACE_MS;
}

export { stopOnSignals } from '../companion/index.ts';
