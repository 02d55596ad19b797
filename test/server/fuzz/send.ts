/**
 * Sends a fuzzer's request as it is, with node:http rather than fetch: fetch re-encodes a path
 * (and so can never send a byte that is not UTF-8 in it); here each character of the path below
 * U+0100 goes out as that one byte.
 */
import { request as httpRequest } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: 10_000,
      },
      (response) => {
        response.toArray().then((chunks: Buffer[]) => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
        }, reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer to ${method} ${path} in 10 s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}
