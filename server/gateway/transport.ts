/**
 * Sending one request: time-out, retries with jittered exponential backoff where repeating is
 * safe, and the mapping of network failures to typed errors. Knows nothing of operations' bodies.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionError, GatewayError, ServiceError, TimeoutError } from './errors.ts';
import { httpPost } from './http-post.ts';
import type { RetrySafety } from './operations.ts';
import { isRecord } from '../unknown.ts';

export interface SendOptions {
  /** Time for one attempt, from sending to the end of the body. */
  timeoutMs: number;
  /** Attempts after the first, where the operation allows them. */
  maxRetries: number;
  /** First backoff; doubles each retry, up to `maxBackoffMs`, then jittered to 50–100 %. */
  backoffMs: number;
  maxBackoffMs: number;
  signal?: AbortSignal | undefined;
  /** Hears of each retry, before its backoff. */
  onRetry?: (() => void) | undefined;
}

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; isRecord(current) && depth < 5; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause;
  }
  return undefined;
}

function toGatewayError(
  error: unknown,
  timeoutMs: number,
  callerSignal?: AbortSignal,
): GatewayError {
  if (error instanceof GatewayError) return error;
  if (callerSignal?.aborted) {
    return new ConnectionError('the call was aborted by the caller', true, { cause: error });
  }
  const name = isRecord(error) ? error.name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new TimeoutError(timeoutMs, { cause: error });
  const code = errorCode(error);
  if (code && REFUSED.has(code)) {
    return new ConnectionError(`could not connect to the service (${code})`, false, {
      cause: error,
    });
  }
  return new ConnectionError(`the connection failed (${code ?? 'unknown'})`, true, {
    cause: error,
  });
}

async function attempt(
  url: string,
  body: string,
  contentType: string,
  options: SendOptions,
  fetchImpl: typeof fetch | undefined,
): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers = {
    'content-type': contentType,
    accept: 'application/json, application/xml, text/html',
  };
  try {
    if (!fetchImpl) return await httpPost(url, body, headers, signal);
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body,
      signal,
      redirect: 'manual',
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
    };
  } catch (error) {
    throw toGatewayError(error, options.timeoutMs, options.signal);
  }
}

function shouldRetry(error: unknown, safety: RetrySafety): boolean {
  if (error instanceof ConnectionError && !error.sent) return true;
  if (safety !== 'always') return false;
  return (
    error instanceof TimeoutError ||
    error instanceof ConnectionError ||
    error instanceof ServiceError
  );
}

/** Delay before retry number `retry` (0-based): exponential, capped, jittered to 50–100 %. */
export function backoffDelay(
  retry: number,
  options: Pick<SendOptions, 'backoffMs' | 'maxBackoffMs'>,
): number {
  const ceiling = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** retry);
  return Math.round(ceiling / 2) + randomInt(Math.floor(ceiling / 2) + 1);
}

/**
 * POSTs `body` to `url` (over node:http, or `fetchImpl` when given), retrying where `safety` allows. A 5xx answer becomes a `ServiceError`
 * (retried like a network failure); any other answer is returned for the caller to read.
 */
export async function send(
  url: string,
  body: string,
  contentType: string,
  safety: RetrySafety,
  options: SendOptions,
  fetchImpl?: typeof fetch,
): Promise<RawResponse> {
  for (let retry = 0; ; retry++) {
    try {
      const response = await attempt(url, body, contentType, options, fetchImpl);
      if (response.status >= 500) {
        throw new ServiceError(`the service answered HTTP ${response.status}`, {
          status: response.status,
          raw: response.text,
        });
      }
      return response;
    } catch (error) {
      if (retry >= options.maxRetries || !shouldRetry(error, safety) || options.signal?.aborted)
        throw error;
      options.onRetry?.();
      await sleep(backoffDelay(retry, options), undefined, { signal: options.signal });
    }
  }
}
