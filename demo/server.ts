/**
 * The demo's web server: the storefront (script tag), the SPA and React pages (ESM build), and the
 * merchant's operations console. The console's browser code calls `/console/api/*`, which this
 * server forwards to the companion's operations API with the token: the token stays here.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { consolePage, reactPage, spaPage, storefrontPage } from './pages.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = `${ROOT}dist`;

/** The operations the console may call, and their methods. */
const OPERATIONS: Record<string, 'GET' | 'POST'> = {
  orders: 'GET',
  payouts: 'GET',
  capture: 'POST',
  cancel: 'POST',
  review: 'POST',
  refund: 'POST',
  'cancel-subscription': 'POST',
  'refund-search': 'POST',
  reconcile: 'POST',
  'payouts/new': 'POST',
};

export interface DemoOptions {
  companionUrl: string;
  sandboxUrl: string;
  operationsToken: string;
}

/** The SPA and React examples, bundled once at start; they import the package's ESM build. */
async function bundles(): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: { spa: `${ROOT}demo/spa/main.ts`, react: `${ROOT}demo/spa/react-example.tsx` },
    bundle: true,
    format: 'esm',
    write: false,
    outdir: '/bundles',
    minify: true,
    target: 'es2021',
    jsx: 'automatic',
    alias: { 'acquiring-checkout': `${DIST}/acquiring-checkout.esm.js` },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return Object.fromEntries(
    result.outputFiles.map((file) => [file.path.replace(/^.*\//, ''), file.text]),
  );
}

export async function createDemo(options: DemoOptions): Promise<Express> {
  const script = `${DIST}/acquiring-checkout.js`;
  if (!existsSync(script))
    throw new Error('the widget is not built: run `npm run build` first (npm start does)');
  const integrity = `sha384-${createHash('sha384').update(readFileSync(script)).digest('base64')}`;
  const bundled = await bundles();
  const companion = new URL(options.companionUrl).origin;
  const service = new URL(options.sandboxUrl).origin;

  const app = express();
  app.disable('x-powered-by');
  // The storefront's own strict policy: no inline script or style, frames from the companion
  // and the service only (the entries GET /api/csp on the companion lists).
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", companion],
          frameSrc: [companion, service],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
    }),
  );

  const config = { companion: options.companionUrl };
  app.get(
    '/',
    (_request, response) => void response.type('html').send(storefrontPage(config, integrity)),
  );
  app.get('/spa', (_request, response) => void response.type('html').send(spaPage(config)));
  app.get('/react', (_request, response) => void response.type('html').send(reactPage(config)));
  app.get('/console', (_request, response) => void response.type('html').send(consolePage()));
  app.get('/bundles/:name', (request, response) => {
    const code = bundled[String(request.params.name)];
    if (code === undefined) return void response.sendStatus(404);
    response.type('text/javascript').send(code);
  });
  app.use('/assets', express.static(`${ROOT}demo/public`, { maxAge: 0 }));
  app.use('/widget', express.static(DIST, { maxAge: 0 }));

  app.use('/console/api', express.json({ limit: '64kb' }));
  app.all('/console/api/*path', async (request: Request, response: Response) => {
    const name = ([] as string[]).concat(request.params.path ?? []).join('/');
    const method = OPERATIONS[name];
    if (!method || method !== request.method) return void response.sendStatus(404);
    const key = request.get('idempotency-key');
    const answer = await fetch(
      `${companion}/api/ops/${name === 'payouts/new' ? 'payouts' : name}`,
      {
        method,
        headers: {
          authorization: `Bearer ${options.operationsToken}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(request.body ?? {}) } : {}),
      },
    ).catch(() => undefined);
    if (!answer) {
      return void response
        .status(502)
        .json({ title: 'Companion unreachable', detail: `no answer from ${companion}` });
    }
    response
      .status(answer.status)
      .type(answer.headers.get('content-type') ?? 'application/json')
      .send(await answer.text());
  });
  app.use((error: { status?: number; message?: string }, _request: Request, response: Response, _next: NextFunction) => {
    const status = error.status && error.status < 500 ? error.status : 500;
    response.status(status).json({
      title: status === 400 ? 'Invalid request' : 'Demo server error',
      detail: status === 400 ? 'the body is not valid JSON' : error.message,
    });
  }); // prettier-ignore
  return app;
}
