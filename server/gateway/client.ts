/**
 * `GatewayClient`: one short method per operation of the acquiring service. Each method names its
 * operation; the table in operations.ts says how it travels, and `call` does the rest.
 */
import { randomUUID } from 'node:crypto';
import { GatewayError, invalidRequest, InvalidRequestError, issuesOf } from './errors.ts';
import type {
  BatchResult,
  CallOptions,
  CheckoutInput,
  DirectPaymentInput,
  ApmPaymentInput,
  GatewayClientConfig,
  InputOf,
  PayoutInput,
  SearchInput,
} from './client-types.ts';
import { chunk, searchChunks } from './chunks.ts';
import { observed } from './observed.ts';
import {
  OPERATIONS,
  type Operation,
  type OperationName,
  type Operations,
  type ResultOf,
} from './operations.ts';
import { readResult } from './responses.ts';
import { DEFAULT_SCHEME, signed, verify, type SignatureScheme } from './signing.ts';
import { send, type SendOptions } from './transport.ts';
import { encodeBody, type Encoding } from './wire.ts';
import type { ApmPaymentResult, CheckoutPage, DirectPaymentResult } from './schemas/payment.ts';
import type {
  CancelOrder,
  CancelOrderResult,
  CancelSubscriptionResult,
  CaptureOrder,
  CaptureOrderResult,
  QueryOrder,
  RefundOrder,
  RefundOrderResult,
  RefundRecord,
  ReviewOrder,
  ReviewOrderResult,
} from './schemas/batch.ts';
import type { PayoutRecord } from './schemas/payout.ts';

/** The operations table read by a name that is a type parameter: each entry keeps its types. */
const operations: Operations = OPERATIONS;

/** The operations that carry a list of orders, sent in chunks of the table's limit. */
type BatchName = 'capture' | 'review' | 'cancel' | 'refund';

/**
 * A typed client of every operation of the acquiring service: each request validated and signed
 * before it is sent, each answer's signature verified and read into a typed result, batches split
 * within the service's limits, and only what is safe to repeat retried.
 */
export class GatewayClient {
  readonly #config: Required<
    Omit<
      GatewayClientConfig,
      'encodings' | 'verificationKeys' | 'signatureScheme' | 'fetch' | 'onCall'
    >
  >;
  readonly #verificationKeys: readonly string[];
  readonly #scheme: SignatureScheme;
  readonly #encodings: GatewayClientConfig['encodings'];
  readonly #fetch: typeof fetch | undefined;
  readonly #onCall: GatewayClientConfig['onCall'];

  constructor(config: GatewayClientConfig) {
    this.#config = {
      baseUrl: config.baseUrl.replace(/\/+$/, ''),
      merchantId: config.merchantId,
      accountId: config.accountId,
      secretKey: config.secretKey,
      timeoutMs: config.timeoutMs ?? 30_000,
      maxRetries: config.maxRetries ?? 2,
      backoffMs: config.backoffMs ?? 250,
    };
    this.#verificationKeys = config.verificationKeys ?? [config.secretKey];
    this.#scheme = config.signatureScheme ?? DEFAULT_SCHEME;
    this.#encodings = config.encodings ?? 'sample';
    this.#fetch = config.fetch;
    this.#onCall = config.onCall;
  }

  /** A direct card payment, or a payment with a stored `token_id`. The result is the XML `respon`. */
  directPayment(order: DirectPaymentInput, options?: CallOptions): Promise<DirectPaymentResult> {
    return this.#call('directPayment', order, options);
  }

  /** An APM payment: send the payer to the result's `issuer_url`. */
  apmPayment(order: ApmPaymentInput, options?: CallOptions): Promise<ApmPaymentResult> {
    return this.#call('apmPayment', order, options);
  }

  /** A hosted checkout: the page that posts the shopper to the hosted payment page. */
  checkout(order: CheckoutInput, options?: CallOptions): Promise<CheckoutPage> {
    return this.#call('checkout', order, options);
  }

  /** Queries orders (the most recent 100 without filters). A long `order_no` list is split. */
  query(
    filters: SearchInput = {},
    options?: CallOptions,
  ): Promise<BatchResult<string, QueryOrder>> {
    const { chunks, fieldsOf } = searchChunks(filters);
    return this.#inChunks('query', chunks, options, fieldsOf, (result) => result.orders_list);
  }

  /** Searches refund records, like `query`. */
  refundSearch(
    filters: SearchInput = {},
    options?: CallOptions,
  ): Promise<BatchResult<string, RefundRecord>> {
    const { chunks, fieldsOf } = searchChunks(filters);
    return this.#inChunks('refundSearch', chunks, options, fieldsOf, (r) => r.refund_orders);
  }

  /** Captures authorised orders; any number, sent 50 a request. */
  capture(
    orders: readonly CaptureOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<CaptureOrder, CaptureOrderResult>> {
    return this.#batch(
      'capture',
      orders,
      options,
      (capture_orders) => ({ capture_orders }),
      (result) => result.capture_orders,
    );
  }

  /** Approves or rejects orders held for review; any number, sent 100 a request. */
  review(
    orders: readonly ReviewOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<ReviewOrder, ReviewOrderResult>> {
    return this.#batch(
      'review',
      orders,
      options,
      (review_orders) => ({ review_orders }),
      (result) => result.review_orders,
    );
  }

  /** Cancels authorised orders; any number, sent 50 a request. */
  cancel(
    orders: readonly CancelOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<CancelOrder, CancelOrderResult>> {
    return this.#batch(
      'cancel',
      orders,
      options,
      (cancel_orders) => ({ cancel_orders }),
      (result) => result.cancel_orders,
    );
  }

  /** Refunds captured orders, in full or in part; any number, sent 50 a request. */
  refund(
    orders: readonly RefundOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<RefundOrder, RefundOrderResult>> {
    return this.#batch(
      'refund',
      orders,
      options,
      (refund_orders) => ({ refund_orders }),
      (result) => result.refund_orders,
    );
  }

  /** Cancels a recurring subscription at once: it is never charged again. */
  cancelSubscription(
    subscription: { recurring_id: string; contract_name: string },
    options?: CallOptions,
  ): Promise<CancelSubscriptionResult> {
    return this.#call('cancelSubscription', subscription, options);
  }

  /**
   * Creates a payout. The same `request_id` is sent on every retry, so the service pays once; a
   * payout the service fails is thrown as `PayoutFailedError` with the record in `raw`.
   */
  payout(payout: PayoutInput, options?: CallOptions): Promise<PayoutRecord> {
    const fields = { ...payout, request_id: payout.request_id ?? randomUUID() };
    return this.#call('payout', fields, options);
  }

  #encoding(name: OperationName): Encoding {
    const operation: Operation = OPERATIONS[name];
    if (this.#encodings === 'sample') return operation.sample;
    if (this.#encodings === 'declared') return operation.declared;
    return this.#encodings?.[name] ?? operation.sample;
  }

  /**
   * The one path every request takes: one request of operation `name`, typed by the table (its
   * input and its result), traced, and told to `onCall` once it ends.
   */
  #call<K extends OperationName>(
    name: K,
    fields: InputOf<K>,
    options: CallOptions = {},
  ): Promise<ResultOf<K>> {
    const exchange = (onRetry?: () => void) => this.#exchange(name, fields, options, onRetry);
    return observed(name, this.#onCall, exchange);
  }

  /** Signs, validates, sends and reads one request of operation `name`. */
  async #exchange<K extends OperationName>(
    name: K,
    fields: InputOf<K>,
    options: CallOptions,
    onRetry?: () => void,
  ): Promise<ResultOf<K>> {
    const operation = operations[name];
    const body = signed(
      { merchant_id: this.#config.merchantId, account_id: this.#config.accountId, ...fields },
      this.#config.secretKey,
      this.#scheme,
    );
    const checked = operation.request.safeParse(body);
    if (!checked.success) throw invalidRequest(issuesOf(checked.error));
    const { body: text, contentType } = encodeBody(body, this.#encoding(name));
    const sendOptions: SendOptions = {
      timeoutMs: options.timeoutMs ?? this.#config.timeoutMs,
      maxRetries: options.maxRetries ?? this.#config.maxRetries,
      backoffMs: this.#config.backoffMs,
      maxBackoffMs: 5_000,
      signal: options.signal,
      onRetry,
    };
    const url = this.#config.baseUrl + operation.path;
    const response = await send(url, text, contentType, operation.retry, sendOptions, this.#fetch);
    return readResult(operation, response, (body) =>
      verify(body, this.#verificationKeys, this.#scheme),
    );
  }

  /**
   * A batch of any size: every item checked against the operation's item schema before anything
   * is sent, then sent in chunks of its limit (`fieldsOf` puts a chunk in its request).
   */
  async #batch<K extends BatchName, Item, Result>(
    name: K,
    items: readonly Item[],
    options: CallOptions | undefined,
    fieldsOf: (orders: Item[]) => InputOf<K>,
    ordersOf: (result: ResultOf<K>) => Result[] | undefined,
  ): Promise<BatchResult<Item, Result>> {
    const { field, item, limit } = OPERATIONS[name].batch;
    if (items.length === 0) throw invalidRequest([{ path: field, message: 'at least one order' }]);
    const issues = items.flatMap((order, index) => {
      const checked = item.safeParse(order);
      return checked.success ? [] : issuesOf(checked.error, `${field}.${index}.`);
    });
    if (issues.length > 0) throw invalidRequest(issues);
    return this.#inChunks(name, chunk(items, limit), options, fieldsOf, ordersOf);
  }

  /**
   * One request of `name` per chunk (`fieldsOf` makes its fields), the per-order results
   * (`ordersOf` reads them out of each answer) merged; a chunk's failure is kept with its orders.
   */
  async #inChunks<K extends OperationName, Item, Result>(
    name: K,
    chunks: Item[][],
    options: CallOptions | undefined,
    fieldsOf: (orders: Item[]) => InputOf<K>,
    ordersOf: (result: ResultOf<K>) => Result[] | undefined,
  ): Promise<BatchResult<Item, Result>> {
    const merged: BatchResult<Item, Result> = { orders: [], failures: [], ok: true };
    for (const orders of chunks) {
      try {
        merged.orders.push(...(ordersOf(await this.#call(name, fieldsOf(orders), options)) ?? []));
      } catch (error) {
        // A request refused here was refused before anything was sent, and would be for every chunk.
        const local = error instanceof InvalidRequestError && error.status === undefined;
        if (!(error instanceof GatewayError) || local) throw error;
        merged.failures.push({ orders, error });
        merged.ok = false;
      }
    }
    return merged;
  }
}
