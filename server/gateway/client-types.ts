/** What the service's client is configured with and answers, apart from the client itself. */
import type { SearchFilters } from './schemas/batch.ts';
import type { GatewayError } from './errors.ts';
import type { SignatureScheme } from './signing.ts';
import type { Encoding } from './wire.ts';
import type { OperationName, RequestOf } from './operations.ts';

/** Where the service is, the merchant's ids and key, and how calls are made. */
export interface GatewayClientConfig {
  /** The service's base URL, without the `/v1` prefix: `https://gateway.example`. */
  baseUrl: string;
  merchantId: string;
  accountId: string;
  /** Signs requests. Never sent, never logged. */
  secretKey: string;
  /** Keys that verify responses; several while keys rotate. Defaults to `[secretKey]`. */
  verificationKeys?: readonly string[];
  signatureScheme?: SignatureScheme;
  /**
   * Request encodings: `sample` (default) sends what the interface's samples send, `declared` what
   * it declares; or name an encoding per operation.
   */
  encodings?: 'sample' | 'declared' | Partial<Record<OperationName, Encoding>>;
  /** Per attempt; default 30 000 ms. */
  timeoutMs?: number;
  /** Retries where an operation allows them; default 2. */
  maxRetries?: number;
  /** First backoff between retries; default 250 ms, doubling up to 5 000 ms. */
  backoffMs?: number;
  /**
   * A `fetch` to send requests with (a test's, a proxy's). Without it, requests go over node:http
   * with kept-alive connections (http-post.ts), which costs less.
   */
  fetch?: typeof fetch;
  /** Hears of every call once it ends: for metrics (the companion's `/metrics`). */
  onCall?: (call: GatewayCall) => void;
}

/** One call to the service as it ended: how long it took, how, and after how many retries. */
export interface GatewayCall {
  operation: OperationName;
  seconds: number;
  /** `ok`, or the error's stable code. */
  outcome: 'ok' | GatewayError['code'] | 'error';
  retries: number;
}

/** Per-call overrides. */
export interface CallOptions {
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
}

/** What the client fills in itself: the merchant's identifiers and the signature. */
type Filled = 'merchant_id' | 'account_id' | 'encryption_data';
/** What a caller gives for operation `K`: its request without what the client fills in. */
export type InputOf<K extends OperationName> = Omit<RequestOf<K>, Filled>;
export type DirectPaymentInput = InputOf<'directPayment'>;
export type ApmPaymentInput = InputOf<'apmPayment'>;
export type CheckoutInput = InputOf<'checkout'>;
/** A payout; `request_id` is generated when not given, and reused on every retry. */
export type PayoutInput = Omit<InputOf<'payout'>, 'request_id'> & { request_id?: string };
/** Search filters (this project's extension); `order_no` may be a list of any length. */
export type SearchInput = Omit<SearchFilters, 'order_no'> & {
  order_no?: string | readonly string[];
};

/**
 * The merged result of a batch of any size, sent as several requests within the limits. Every
 * order the service answered is in `orders`, in request order; a request the service refused as a
 * whole, or whose outcome is unknown, is in `failures` with its typed error, and never hides the
 * results of the others.
 */
export interface BatchResult<Item, Result> {
  orders: Result[];
  failures: { orders: Item[]; error: GatewayError }[];
  /** True when every request was answered with the success return_status. */
  ok: boolean;
}
