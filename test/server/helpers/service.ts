/**
 * A real HTTP server on 127.0.0.1 that stands in for the acquiring service in the client's tests:
 * it records every request as it arrived and answers what the test says (stripe-node's testUtils).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeBody,
  encodeXml,
  GatewayClient,
  signed,
  type GatewayClientConfig,
} from '../../../server/gateway/index.ts';

export const KEY = 'test-secret-key';

export interface Recorded {
  path: string;
  contentType: string;
  text: string;
  fields: Record<string, unknown>;
}

/** An answer: a body with a status, or a fault. */
export type Reply =
  | { status?: number; contentType?: string; body: string }
  | { fault: 'reset' | 'hang' | 'truncate'; body?: string };

export interface Service {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, reply: Reply): void {
  if ('fault' in reply) {
    if (reply.fault === 'reset') response.socket?.destroy();
    if (reply.fault === 'truncate') {
      const body = reply.body ?? '';
      response.writeHead(200, {
        'content-type': 'application/xml',
        'content-length': body.length * 2,
      });
      response.write(body);
      response.socket?.end();
    }
    return; // 'hang': never answer
  }
  response.writeHead(reply.status ?? 200, {
    'content-type': reply.contentType ?? 'application/json',
  });
  response.end(reply.body);
}

export async function startService(
  handler: (request: Recorded, index: number) => Reply,
): Promise<Service> {
  const requests: Recorded[] = [];
  const server = createServer(async (request, response) => {
    const text = await readText(request);
    let fields: Record<string, unknown> = {};
    try {
      fields = decodeBody(text);
    } catch {
      // recorded as it came; the test looks at `text`
    }
    const recorded = {
      path: request.url ?? '',
      contentType: request.headers['content-type'] ?? '',
      text,
      fields,
    };
    requests.push(recorded);
    answer(response, handler(recorded, requests.length - 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A signed JSON answer. */
export function json(fields: Record<string, unknown>, key = KEY): Reply {
  return { body: JSON.stringify(signed(fields, key)) };
}

/** A signed XML answer with root `respon`. */
export function xml(fields: Record<string, unknown>, key = KEY): Reply {
  return { contentType: 'application/xml', body: encodeXml(signed(fields, key), 'respon') };
}

/** A client of `baseUrl` as merchant M1/A1 with the test key; short time-outs and backoff. */
export function clientFor(
  baseUrl: string,
  config: Partial<GatewayClientConfig> = {},
): GatewayClient {
  return new GatewayClient({
    baseUrl,
    merchantId: 'M1',
    accountId: 'A1',
    secretKey: KEY,
    timeoutMs: 2_000,
    backoffMs: 1,
    ...config,
  });
}

/** Starts a service that answers with `reply`, runs `run` against it, and stops it. */
export async function withService<T>(
  reply: (request: Recorded, index: number) => Reply,
  run: (service: Service) => Promise<T>,
): Promise<T> {
  const service = await startService(reply);
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}
