/**
 * The public demo's visitor isolation as the hosted demo wires it (demo/spaces.ts's
 * `visitorIsolation`, the same call demo/hosted-app.ts makes), on a real sandbox and companion
 * (SQLite, or PostgreSQL under TEST_STORE) and the demo server with visitor spaces: the ways a
 * test acts as one visitor's browser.
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveOrder } from '../../../demo/catalogue.ts';
import { createDemo } from '../../../demo/server.ts';
import { visitorIsolation } from '../../../demo/spaces.ts';
import type { CompanionConfig } from '../../../server/companion/config/index.ts';
import { sessionBody, startCompanionOn, type RunningCompanion } from './companion.ts';
import type { TestDatabase } from './databases.ts';
import { startSandbox, type RunningSandbox } from './sandbox.ts';

const SECRET = 'a-secret-for-the-public-demo-tests-0123456789';

/** What a visitor's browser gets back. */
export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** One visitor: their space, their cookies, and their calls. */
export interface Visitor {
  space: string;
  cookie: string;
  /** Calls the console's API as the console page does (same origin, JSON, a fresh key). */
  console(path: string, body?: unknown): Promise<Reply>;
  /** Starts a payment for `orderRef` at the companion from the shop's page, with their cookies. */
  pay(orderRef: string, route?: string, extra?: Record<string, unknown>): Promise<Reply>;
  /** A reference of their own space, of `cart` (`mug`, `coffee`…). */
  ref(cart: string): string;
}

export interface PublicDemo {
  origin: string;
  sandbox: RunningSandbox;
  companion: RunningCompanion;
  /** A new visitor: a page of the demo loaded, its space cookie kept. */
  visitor(): Promise<Visitor>;
  /** A browser sending `cookie` (another's, forged, malformed…) as `space`'s visitor. */
  visitorWith(given: Pick<Visitor, 'space' | 'cookie'>): Visitor;
  close(): Promise<void>;
}

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: response.status, body: { text } };
  }
}

/**
 * Starts the public demo's pieces on a fresh store of `database`; `companionSettings` adds to the
 * companion's (a resolveShopper, a logger).
 */
export async function startPublicDemo(
  database: TestDatabase,
  companionSettings: Partial<CompanionConfig> = {},
  demoSettings: { signIn?: { secret: string; secure: boolean } } = {},
): Promise<PublicDemo> {
  const derive = (purpose: string) =>
    createHmac('sha256', SECRET).update(purpose).digest('base64url');
  const isolation = visitorIsolation(derive, { secure: false, maxAgeMs: 60_000 });
  const sandbox = await startSandbox();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The demo's own catalogue: it reads the visitor's space off the head of each reference.
  const companion = await startCompanionOn(database, sandbox.url, {
    allowedOrigins: [origin],
    resolveOrder,
    directCardPayments: true,
    ...isolation.companion,
    ...companionSettings,
  });
  const demo = await createDemo({
    origins: [origin],
    companionUrl: companion.url,
    sandboxUrl: sandbox.url,
    spaces: isolation.spaces,
    // The bundles `npm run build` made (npm test builds first), as the hosted demo serves them:
    // bundling them at each start took seconds, twice a file (one demo per store).
    prebuiltBundles: true,
    ...demoSettings,
  });
  server.on('request', demo);

  async function visitor(): Promise<Visitor> {
    const page = await fetch(`${origin}/console`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const space = /demo_space=s%3A(v[0-9a-f]{10})\./.exec(cookie)?.[1] ?? '';
    assert.match(space, /^v[0-9a-f]{10}$/);
    return visitorWith({ space, cookie });
  }

  function visitorWith({ space, cookie }: Pick<Visitor, 'space' | 'cookie'>): Visitor {
    return {
      space,
      cookie,
      ref: (cart) => `${space}.${cart}.${randomUUID().slice(0, 8)}`,
      async console(path, body) {
        const headers = {
          cookie,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        };
        const post = body !== undefined;
        return reply(
          await fetch(`${origin}/console/api/${path}`, {
            method: post ? 'POST' : 'GET',
            headers,
            ...(post ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
          }),
        );
      },
      async pay(orderRef, route = 'checkout-sessions', extra = {}) {
        return reply(
          await fetch(`${companion.url}/api/${route}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie },
            body: JSON.stringify(sessionBody(orderRef, extra)),
          }),
        );
      },
    };
  }

  return {
    origin,
    sandbox,
    companion,
    visitor,
    visitorWith,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await companion.close();
      await sandbox.close();
    },
  };
}
