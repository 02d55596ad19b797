/**
 * Starts a real sandbox on 127.0.0.1 (port 0) for a test, with a client of it, its admin routes,
 * and a receiver of its notifications.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayClient, signed, type GatewayClientConfig } from '../../../server/gateway/index.ts';
import { createSandbox, type Sandbox } from '../../../server/sandbox/app.ts';
import { until } from './until.ts';
import {
  DEFAULT_MERCHANT,
  sandboxConfig,
  type SandboxConfig,
} from '../../../server/sandbox/config.ts';

export const MERCHANT = DEFAULT_MERCHANT;

/** The gateway settings of the sandbox's merchant, against the service at `url`. */
export function gatewayAt(url: string) {
  return {
    baseUrl: url,
    merchantId: MERCHANT.merchant_id,
    accountId: MERCHANT.account_id,
    secretKey: MERCHANT.secret_key,
  };
}

export interface RunningSandbox {
  url: string;
  sandbox: Sandbox;
  client(config?: Partial<GatewayClientConfig>): GatewayClient;
  admin(path: string, body?: unknown): Promise<unknown>;
  /** POSTs a body as it is, for requests the client would refuse to send. */
  post(
    path: string,
    body: string,
    contentType?: string,
  ): Promise<{ status: number; text: string; json(): Record<string, unknown> }>;
  /** POSTs fields signed with the merchant's key as JSON. */
  postSigned(
    path: string,
    fields: Record<string, unknown>,
  ): Promise<{ status: number; text: string; json(): Record<string, unknown> }>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function startSandbox(
  overrides: Partial<SandboxConfig> = {},
): Promise<RunningSandbox> {
  const server = createServer();
  const url = await listen(server);
  const sandbox = createSandbox(
    sandboxConfig({
      publicUrl: url,
      admin: true,
      tickMs: 20,
      notificationRetryMs: [30, 60, 90],
      payoutSettleMs: 0,
      slowAnswerMs: 300,
      ...overrides,
    }),
  );
  server.on('request', sandbox.app);
  const post = async (path: string, body: string, contentType = 'application/json') => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  };
  return {
    url,
    sandbox,
    client: (config = {}) =>
      new GatewayClient({
        baseUrl: url,
        merchantId: MERCHANT.merchant_id,
        accountId: MERCHANT.account_id,
        secretKey: MERCHANT.secret_key,
        timeoutMs: 5_000,
        backoffMs: 1,
        ...config,
      }),
    admin: async (path, body) => {
      const response = await fetch(url + '/admin' + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
    post,
    postSigned: (path, fields) =>
      post(
        path,
        JSON.stringify(
          signed(
            { merchant_id: MERCHANT.merchant_id, account_id: MERCHANT.account_id, ...fields },
            MERCHANT.secret_key,
          ),
        ),
      ),
    close: async () => {
      await stop(server);
      await sandbox.close();
    },
  };
}

export interface Receiver {
  url: string;
  received: Record<string, unknown>[];
  /** The raw body and signature header of each acknowledged notification. */
  raw: { body: string; signature: string }[];
  attempts: number;
  /** Resolves when `count` notifications have been acknowledged. */
  waitFor(count: number, timeoutMs?: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A merchant's notification endpoint: answers 500 to the first `failFirst` attempts, then 200. */
export async function startReceiver(failFirst = 0): Promise<Receiver> {
  const received: Record<string, unknown>[] = [];
  const raw: { body: string; signature: string }[] = [];
  const state = { attempts: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.attempts++;
      if (state.attempts <= failFirst) return void response.writeHead(500).end();
      const body = Buffer.concat(chunks).toString('utf8');
      raw.push({ body, signature: String(request.headers['acquiring-signature'] ?? '') });
      received.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200).end('ok');
    });
  });
  const url = await listen(server);
  return {
    url: `${url}/notify`,
    received,
    raw,
    get attempts() {
      return state.attempts;
    },
    waitFor: (count, timeoutMs = 5_000) =>
      until(
        () => received,
        (all) => all.length >= count,
        { timeoutMs, everyMs: 10, what: `${count} notifications` },
      ),
    close: () => stop(server),
  };
}

/** A direct payment's fields with a test card. */
export function cardPayment(
  order_no: string,
  card = '4111111111111111',
  amount = '10.50',
  currency = 'USD',
) {
  return {
    order_no,
    currency,
    amount,
    card,
    expiration_month: '12',
    expiration_year: '2030',
    security_code: '123',
  };
}
