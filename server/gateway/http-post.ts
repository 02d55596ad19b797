/**
 * One POST over node:http(s), with a pool of kept-alive connections per service: the transport's
 * default. `fetch` (undici's web streams, a Request and a Response per call, an AbortSignal per
 * attempt) cost the companion about an eighth of a checkout session's CPU; this costs a third of
 * that. A connection idle for 4 s, or for less than the service's own `Keep-Alive: timeout` hint,
 * is closed rather than reused, so a request seldom meets a connection the service just closed.
 */
import http from 'node:http';
import https from 'node:https';

/** What the transport reads of an answer. */
export interface PostAnswer {
  status: number;
  contentType: string;
  text: string;
}

const AGENT_OPTIONS = { keepAlive: true, timeout: 4_000, maxSockets: 64 };
const agents = {
  'http:': new http.Agent(AGENT_OPTIONS),
  'https:': new https.Agent(AGENT_OPTIONS),
};

/**
 * POSTs `body` to `url` and reads the whole answer. Fails as the socket does (`ECONNREFUSED`,
 * `ECONNRESET`, …), or with an `AbortError` when `signal` aborts.
 */
export function httpPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<PostAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise<PostAnswer>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent,
        signal,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
