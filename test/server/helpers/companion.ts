/**
 * A real sandbox and a real companion in front of it, both on 127.0.0.1 port 0, and the ways a
 * test talks to them: as the widget (from a storefront origin), as the merchant's operations
 * staff (bearer token), and as the shopper's browser on the hosted page (plain form posts).
 */
import { after, before } from 'node:test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createCompanion, type Companion } from '../../../server/companion/app.ts';
import type { CompanionConfig } from '../../../server/companion/config/index.ts';
import { answerUnparsed } from '../../../server/listening.ts';
import { resolveOrder } from '../../fixtures/catalogue.mjs';
import { TEST_DATABASES, type TestDatabase } from './databases.ts';
import { gatewayAt, startSandbox, type RunningSandbox } from './sandbox.ts';
import type { SandboxConfig } from '../../../server/sandbox/config.ts';
import { until } from './until.ts';

// A test's widget and shopper are those of the payment made over HTTP (scripts/http-shopper.ts).
export { clientSecret, sessionBody } from '../../../scripts/http-shopper.ts';

export const SHOP = 'http://shop.test';
export const OPS_TOKEN = 'ops-token-for-tests-0123456789';

/** A payout the sandbox completes, for the operations API. */
export const PAYOUT = {
  beneficiary: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    bank_details: { account_number: '12345678' },
  },
  payment_amount: '50.00',
  payment_currency: 'EUR',
};

export interface RunningCompanion {
  url: string;
  companion: Companion;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * `ask`'s answer as the widget's client gets it: a 503 with `Retry-After` (another request is
 * creating the order's attempt, or it is being recovered) is asked again after the seconds it
 * advises, three times at most.
 */
export async function askAsTheWidget<A extends Omit<Answer, 'body'>>(
  ask: () => Promise<A>,
): Promise<A> {
  for (let tries = 1; ; tries++) {
    const answered = await ask();
    const after = Number(answered.headers.get('retry-after'));
    if (answered.status !== 503 || !after || tries > 3) return answered;
    // The wait the companion advised, as the widget's client waits it (companion-client.ts): the
    // delay is what is under test, not a guess at how long something takes.
    await new Promise((resolve) => setTimeout(resolve, after * 1_000));
  }
}

/** A response as a test reads it: its status, headers, and body (JSON, else `{ text }`). */
export async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * The store a companion gets when its test names none: SQLite in memory, or a PostgreSQL schema
 * of its own when TEST_STORE=postgres (`npm test` runs the route tests once on each).
 */
function testStore(): Promise<{ location: string; drop(): Promise<void> }> {
  const name = process.env.TEST_STORE ?? 'sqlite';
  const database = TEST_DATABASES.find((d) => d.name === name);
  if (!database)
    throw new Error(`TEST_STORE=${name}: no such test database here (is TEST_DATABASE_URL set?)`);
  return database.create();
}

/**
 * Starts a companion against `gatewayUrl`; `database` lets two companions share one store.
 * Served at the root of its address, whose path `publicPath` adds to its publicUrl.
 */
export async function startCompanion(
  gatewayUrl: string,
  overrides: Partial<CompanionConfig> = {},
  publicPath = '',
): Promise<RunningCompanion> {
  const store = overrides.database === undefined ? await testStore() : undefined;
  const server: Server = createServer();
  // As the bin's server does (listenBeforeReady): what Node's parser refuses is a problem too.
  answerUnparsed(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const companion = await createCompanion({
    gateway: { ...gatewayAt(gatewayUrl), timeoutMs: 2_000, backoffMs: 1 },
    database: store?.location ?? ':memory:',
    allowedOrigins: [SHOP],
    operationsToken: OPS_TOKEN,
    resolveOrder,
    reconcileEveryMs: 0,
    rateLimitPerMinute: 10_000,
    logger: pino({ level: 'silent' }),
    ...overrides,
    publicUrl: overrides.publicUrl ?? url + publicPath,
  }).catch(async (error: unknown) => {
    // Refused at start: nothing left listening, no schema left behind.
    server.close();
    await store?.drop();
    throw error;
  });
  server.on('request', companion.app);
  return {
    url,
    companion,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await companion.close();
      await store?.drop();
    },
  };
}

/** A companion against `gatewayUrl` on a fresh store of `database`, dropped when it closes. */
export async function startCompanionOn(
  database: TestDatabase,
  gatewayUrl: string,
  overrides: Partial<CompanionConfig> = {},
): Promise<RunningCompanion> {
  const created = await database.create();
  const running = await startCompanion(gatewayUrl, {
    ...overrides,
    database: created.location,
  }).catch(async (error: unknown) => {
    await created.drop();
    throw error;
  });
  return {
    ...running,
    close: async () => {
      await running.close();
      await created.drop();
    },
  };
}

/** Opens the hosted page behind a frame_url, as the shopper's browser would: its session token. */
export async function openHosted(frameUrl: string): Promise<string> {
  const page = await (await fetch(frameUrl)).text();
  return /name="session_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
}

/** Pays on an open hosted page of the sandbox at `sandboxUrl`; answers where the shopper goes. */
export async function payOpened(
  sandboxUrl: string,
  token: string,
  card = '4111111111111111',
): Promise<string> {
  const form = new URLSearchParams({ card, expiry: '12/30', security_code: '123', name: 'Ada' });
  const paid = await fetch(`${sandboxUrl}/hosted/${token}/pay`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return paid.headers.get('location') ?? '';
}

export interface Stack {
  sandbox: RunningSandbox;
  companion: RunningCompanion;
  /** Calls a widget route as the widget on the storefront would. */
  widget(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** Calls the operations API. */
  ops(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** Opens the hosted page behind a frame_url, as the shopper's browser would: its session token. */
  openHosted(frameUrl: string): Promise<string>;
  /** Pays on an open hosted page with `card`; answers where the shopper is sent back to. */
  payOpened(sessionToken: string, card?: string): Promise<string>;
  /** Both. */
  payHosted(frameUrl: string, card?: string): Promise<string>;
  /** Waits until the companion's order has `status`. */
  waitForStatus(orderRef: string, status: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startStack(
  options: { sandbox?: Partial<SandboxConfig>; companion?: Partial<CompanionConfig> } = {},
): Promise<Stack> {
  const sandbox = await startSandbox(options.sandbox);
  // A companion that refuses its settings leaves no sandbox running behind it.
  const companion = await startCompanion(sandbox.url, options.companion).catch(async (error) => {
    await sandbox.close();
    throw error;
  });
  const call =
    (prefix: string, base: Record<string, string>) =>
    async (path: string, body?: unknown, headers: Record<string, string> = {}) =>
      answer(
        await fetch(companion.url + prefix + path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...base, ...headers },
          ...(body === undefined
            ? {}
            : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      );
  const stack: Stack = {
    sandbox,
    companion,
    widget: call('/api', { origin: SHOP }),
    ops: call('/api/ops', { authorization: `Bearer ${OPS_TOKEN}` }),
    openHosted,
    payOpened: (token, card) => payOpened(sandbox.url, token, card),
    async payHosted(frameUrl, card) {
      return stack.payOpened(await stack.openHosted(frameUrl), card);
    },
    async waitForStatus(orderRef, status, timeoutMs = 5_000) {
      await until(
        () => companion.companion.context.store.orders.get(orderRef),
        (order) => order?.status === status,
        { timeoutMs, what: `order ${orderRef} ${status}` },
      );
    },
    close: async () => {
      await companion.close();
      await sandbox.close();
    },
  };
  return stack;
}

/**
 * A stack on a fresh store of `database` for the suite this is called in: started before its
 * tests, closed (and the store dropped) after them. Read `.stack` inside the tests.
 */
export function stackOn(
  database: TestDatabase,
  companion: Partial<CompanionConfig> = {},
): { readonly stack: Stack } {
  let stack: Stack | undefined;
  let drop = async () => undefined as void;
  before(async () => {
    const created = await database.create();
    drop = created.drop;
    stack = await startStack({ companion: { database: created.location, ...companion } });
  });
  after(async () => {
    await stack?.close();
    await drop();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack is started before the suite’s tests');
      return stack;
    },
  };
}
