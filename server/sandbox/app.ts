/**
 * `createSandbox(config)`: the sandbox of the acquiring service as an Express 5 app, with its
 * engine running. main.ts listens; tests listen on port 0. The app may also be mounted under a
 * path of a bigger one (`app.use('/sandbox', sandbox.app)`) whose address is config.publicUrl.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { adminRouter } from './admin.ts';
import { apiRouter } from './api.ts';
import { checkLatency, type SandboxConfig } from './config.ts';
import { Engine, type NotificationSender } from './engine.ts';
import { settleDuePayouts } from './payouts.ts';
import { pruneOld } from './retention.ts';
import { shopperRouter } from './shopper.ts';
import { chargeDueSubscriptions } from './subscriptions.ts';
import { isRecord, messageOf } from '../unknown.ts';

/** A sandbox built but not listening: serve or mount its `app` yourself. */
export interface Sandbox {
  app: Express;
  engine: Engine;
  close(): Promise<void>;
}

/** Builds the sandbox's Express app from a `SandboxConfig` (see `sandboxConfig`), without listening. */
export function createSandbox(
  given: SandboxConfig,
  options: { sendNotification?: NotificationSender } = {},
): Sandbox {
  // Every address the sandbox hands out is publicUrl + a path: no slash doubled.
  const config = { ...given, publicUrl: given.publicUrl.replace(/\/+$/, '') };
  checkLatency(config.latencyMs ?? 0);
  const engine = new Engine(config, options.sendNotification);
  engine.onTick(() => settleDuePayouts(engine));
  engine.onTick(() => chargeDueSubscriptions(engine));
  const { retentionMs } = config;
  if (retentionMs !== undefined) engine.onTick(() => pruneOld(engine, retentionMs));
  engine.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  const { latencyMs = 0 } = config;
  // Before any route: every answer, the API's and the pages', waits as a distant service's would.
  if (latencyMs > 0) app.use((_request, _response, next) => void setTimeout(next, latencyMs));
  app.use(apiRouter(engine));
  app.use(shopperRouter(engine));
  if (config.admin) app.use('/admin', adminRouter(engine));

  app.use((_request: Request, response: Response) => {
    response.status(404).json({ error: 'not_found', message: 'no such route', field: '(path)' });
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    const status = isRecord(error) ? error.status : undefined;
    if (status === 413) {
      return void response.status(413).json({
        error: 'payload_too_large',
        message: `request body is over ${config.bodyLimit} bytes`,
        field: '(body)',
      });
    }
    // body-parser's other refusals (charset, content encoding, length): the client's fault.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return void response
        .status(status)
        .json({ error: 'invalid_input', message: messageOf(error), field: '(body)' });
    }
    console.error('sandbox error', error);
    response
      .status(500)
      .json({ error: 'internal_error', message: 'the sandbox failed; see its log' });
  });

  return { app, engine, close: () => engine.close() };
}
