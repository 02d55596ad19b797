/**
 * `npm run companion`: the companion alone, configured from the environment (see .env.example),
 * with the demo catalogue as its `resolveOrder`. A merchant's own entry passes its own.
 */
import { resolveOrder } from '../../demo/catalogue.ts';
import { createCompanion } from './app.ts';
import { companionConfig, companionEnv } from './config.ts';

let env;
try {
  env = companionEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const companion = await createCompanion(companionConfig(env, resolveOrder));
const server = companion.app.listen(env.PORT, env.HOST, () => {
  companion.context.log.info(
    { url: companion.context.config.publicUrl, gateway: env.GATEWAY_BASE_URL },
    'companion listening',
  );
});

function stop(): void {
  server.close(() => void companion.close().then(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
