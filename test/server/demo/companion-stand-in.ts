/**
 * A real HTTP server standing in for the companion behind the console proxy (the proxy's own
 * tests): it keeps each request that reaches it, as it came, and answers with `answer`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Listens on a free loopback port: the server's address. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts the stand-in; each request is pushed to `seen` before `answer` answers it. */
export async function companionStandIn(
  seen: Seen[],
  answer: (response: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body }); // prettier-ignore
      answer(response);
    });
  });
  return { server, url: await listen(server) };
}
