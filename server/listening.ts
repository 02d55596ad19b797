/**
 * A server that listens before its app exists (a port of 0 must be known before any address is
 * handed out) and still answers every connection it accepts: until `serve(app)` each request gets
 * 503 with `Retry-After: 1`, which a load balancer's probe or a retrying client understands,
 * instead of hanging.
 */
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { boundPort } from './address.ts';

/**
 * A problem document (RFC 9457) as the companion and the sandbox answer them; written here, not
 * taken from the companion's problem.ts, since the sandbox listens through this file too.
 */
const problem = (status: number, title: string, detail: string, extra: object = {}) =>
  JSON.stringify({ type: 'about:blank', title, status, detail, ...extra });

/** What a request that arrives during start-up is answered: 503, `Retry-After: 1`. */
export const answerStarting: RequestListener = (_request, response) => {
  const body = problem(503, 'Starting', 'the server is starting; try again in a moment', {
    retryable: true,
  });
  response.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1' });
  response.end(body);
};

/** Node's parser's codes for a request line or headers it will not read, and what they refuse. */
const UNPARSED: Record<string, [number, string, string]> = {
  HPE_INVALID_URL: [400, '(path)', 'not valid in an HTTP request line (a byte outside ASCII, say): percent-encode it'],
  HPE_HEADER_OVERFLOW: [431, '(headers)', 'larger than the server reads'],
}; // prettier-ignore

/** Node's own answer to a request that did not arrive in time. */
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * Answers a request that Node's HTTP parser refuses before any app sees it (a path with raw bytes
 * that are not ASCII, headers too large) as the apps answer a refusal, a problem naming the part,
 * instead of Node's bare `400 Bad Request`.
 */
export function answerUnparsed(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own handler: nobody to answer (a reset), or an answer already under way.
    const answering = Reflect.get(socket, '_httpMessage');
    const started = typeof answering === 'object' && answering !== null && Reflect.get(answering, 'headersSent') === true; // prettier-ignore
    if (!socket.writable || error.code === 'ECONNRESET' || started) return void socket.destroy();
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.end(REQUEST_TIMEOUT);
    const [status, part, message] = UNPARSED[String(error.code)] ?? [400, '(request)', 'not valid HTTP']; // prettier-ignore
    const title = STATUS_CODES[status] ?? 'Bad Request';
    const body = problem(status, title, `${part}: ${message}`, {
      issues: [{ path: part, message }],
    });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

export interface Listening {
  server: Server;
  /** The port it listens on (the one taken, when 0 was asked for). */
  port: number;
  /**
   * From now on, requests go to `app`. Called again, the new app replaces the last: a server
   * whose parts start one after the other serves the ready ones first.
   */
  serve(app: RequestListener): void;
}

/** Listens on `port` and `host`, answering 503 until `serve` is given the app. */
export async function listenBeforeReady(port: number, host: string): Promise<Listening> {
  const server = createServer(answerStarting);
  answerUnparsed(server);
  let current = answerStarting;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    server,
    port: boundPort(server),
    serve(app) {
      server.removeListener('request', current);
      server.on('request', app);
      current = app;
    },
  };
}
