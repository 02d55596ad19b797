/**
 * The demo's web server: the storefront (script tag), the SPA and React pages (ESM build), and the
 * merchant's operations console. The console's browser code calls `/console/api/*`, which this
 * server forwards to the companion's operations API with the token: the token stays here.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { bundles, ENTRY_FILES } from './bundles.ts';
import { consoleProxy } from './console-proxy.ts';
import { sameHost, sameOriginJson } from './guards.ts';
import {
  consolePage,
  hashSource,
  reactPage,
  spaPage,
  storefrontPage,
  STYLESHEET_SOURCE,
} from './pages.ts';
import { DOCS_DIR, PUBLIC_DIR } from './paths.ts';
import { localeChoices, playgroundPage } from './playground-page.ts';
import { signedIn, signInRoutes, type SignInOptions } from './sign-in.ts';
import { visitorSpaces, visitorToken, type SpacesOptions } from './spaces.ts';

export interface DemoOptions {
  /** The demo's own origins: a request naming another Host is refused (DNS rebinding). */
  origins: string[];
  /** The companion's address as browsers reach it. */
  companionUrl: string;
  /** The companion's address as this server reaches it (default: companionUrl). */
  companionInternalUrl?: string;
  sandboxUrl: string;
  /** The console's operations token; in a public demo (`spaces`) each visitor's own is used. */
  operationsToken?: string;
  /** A public demo: each visitor in a space of their own, acting through their own token (spaces.ts). */
  spaces?: SpacesOptions;
  /** Serve the bundles `npm run build` made, instead of bundling at start (needs esbuild). */
  prebuiltBundles?: boolean;
  /** The demo shopper's sign-in (sign-in.ts), whose cookie the companion's resolveShopper reads. */
  signIn?: SignInOptions;
}

/** The installed widget package's script-tag file; its lazy parts lie beside it. */
function widgetScript(): string {
  try {
    return createRequire(import.meta.url).resolve('acquiring-checkout/script');
  } catch {
    throw new Error('the widget is not built: run `npm run build` first (npm start does)');
  }
}

/**
 * The CSP source of the docs pages' stylesheet, which the docs build puts in each page's head
 * (scripts/docs/layout.ts, from the assets/docs.css it copies beside them); none before the docs
 * are built.
 */
function docsStylesheetSource(): string[] {
  const file = join(DOCS_DIR, 'assets', 'docs.css');
  return existsSync(file) ? [hashSource(readFileSync(file, 'utf8'))] : [];
}

/** The token the console calls with: the visitor's in a public demo, else the console's own. */
function consoleToken(options: DemoOptions): (space: string | undefined) => string {
  const { spaces, operationsToken } = options;
  if (spaces)
    return (space) => {
      if (!space) throw new Error('a console call without a visitor space');
      return visitorToken(spaces.tokenKey, space);
    };
  if (!operationsToken) throw new Error('the demo needs operationsToken, or spaces');
  return () => operationsToken;
}

export async function createDemo(options: DemoOptions): Promise<Express> {
  const script = widgetScript();
  const integrity = `sha384-${createHash('sha384').update(readFileSync(script)).digest('base64')}`;
  const bundled = await bundles(options.prebuiltBundles ?? false);
  const locales = await localeChoices();
  const companion = new URL(options.companionUrl).origin;
  const service = new URL(options.sandboxUrl).origin;

  const app = express();
  app.disable('x-powered-by');
  // Text compressed on the way out (gzip, or deflate): the widget's script-tag file is a third
  // of its size gzipped; pages, bundles and stylesheets shrink as much.
  app.use(compression());
  // The storefront's own strict policy: no inline script, no inline style but the pages' own
  // stylesheets (each allowed by its hash), frames from the companion and the service only (the
  // entries GET /api/csp on the companion lists).
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", STYLESHEET_SOURCE, ...docsStylesheetSource()],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", companion],
          frameSrc: [companion, service],
          formAction: ["'self'", service],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
    }),
  );

  app.use(sameHost(options.origins));
  if (options.spaces) app.use(visitorSpaces(options.spaces));
  const { signIn } = options;
  if (signIn) app.use(signInRoutes(signIn));
  const config = (request: Request, response: Response) => ({
    companion: options.companionUrl,
    service,
    space: response.locals.space as string | undefined,
    shopper: signIn ? signedIn(request, signIn.secret) : undefined,
  });
  app.get(
    '/',
    (request, response) =>
      void response.type('html').send(storefrontPage(config(request, response), integrity)),
  );
  app.get(
    '/spa',
    (request, response) => void response.type('html').send(spaPage(config(request, response))),
  );
  app.get(
    '/react',
    (request, response) => void response.type('html').send(reactPage(config(request, response))),
  );
  app.get(
    '/console',
    (_request, response) =>
      void response.type('html').send(consolePage(response.locals.space as string | undefined)),
  );
  app.get(
    '/playground',
    (request, response) =>
      void response
        .type('html')
        .send(playgroundPage(config(request, response), integrity, locales)),
  );
  app.get('/bundles/:name', (request, response) => {
    const name = String(request.params.name);
    const code = bundled[name];
    if (code === undefined) return void response.sendStatus(404);
    // An entry is asked again each time (its ETag answers 304 while unchanged); a chunk's name
    // changes with its content, so a browser keeps it.
    response.set(
      'cache-control',
      ENTRY_FILES.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable',
    );
    response.type('text/javascript').send(code);
  });
  app.use('/assets', express.static(PUBLIC_DIR, { maxAge: 0 }));
  app.use('/widget', express.static(dirname(script), { maxAge: 0 }));
  // The docs site, as `npm run build` made it: static pages under the same strict CSP.
  app.use('/docs', express.static(DOCS_DIR, { maxAge: 0 }));

  app.use(
    '/console/api',
    sameOriginJson(options.origins),
    consoleProxy({
      companionUrl: options.companionInternalUrl ?? options.companionUrl,
      tokenFor: consoleToken(options),
    }),
  );
  app.use((error: { status?: number; message?: string }, _request: Request, response: Response, _next: NextFunction) => {
    const status = error.status && error.status < 500 ? error.status : 500;
    response.status(status).json({
      title: status === 400 ? 'Invalid request' : 'Demo server error',
      detail: status === 400 ? 'the body is not valid JSON' : error.message,
    });
  }); // prettier-ignore
  return app;
}
