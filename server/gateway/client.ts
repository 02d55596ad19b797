/**
 * `GatewayClient`: one short method per operation of the acquiring service. Each method names its
 * operation; the table in operations.ts says how it travels, and `call` does the rest.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  errorFromResponse,
  GatewayError,
  InvalidRequestError,
  MalformedResponseError,
  SignatureError,
  type FieldIssue,
} from './errors.ts';
import type {
  ApmPaymentInput,
  BatchResult,
  CallOptions,
  CheckoutInput,
  DirectPaymentInput,
  GatewayClientConfig,
  PayoutInput,
  SearchInput,
} from './client-types.ts';
import { OPERATIONS, type Operation, type OperationName } from './operations.ts';
import { parseBody, parseLoosely, readPage } from './responses.ts';
import { DEFAULT_SCHEME, signed, verify, type SignatureScheme } from './signing.ts';
import { send, type RawResponse, type SendOptions } from './transport.ts';
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

function issuesOf(error: z.ZodError, prefix = ''): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: prefix + issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function invalid(issues: FieldIssue[]): InvalidRequestError {
  const summary = issues.map((issue) => `${issue.path || '(body)'}: ${issue.message}`).join('; ');
  return new InvalidRequestError(`invalid request: ${summary}`, { issues });
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export class GatewayClient {
  readonly #config: Required<
    Omit<GatewayClientConfig, 'encodings' | 'verificationKeys' | 'signatureScheme' | 'fetch'>
  >;
  readonly #verificationKeys: readonly string[];
  readonly #scheme: SignatureScheme;
  readonly #encodings: GatewayClientConfig['encodings'];
  readonly #fetch: typeof fetch | undefined;

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
  }

  /** A direct card payment, or a payment with a stored `token_id`. The result is the XML `respon`. */
  directPayment(order: DirectPaymentInput, options?: CallOptions): Promise<DirectPaymentResult> {
    return this.#call('directPayment', order, options) as Promise<DirectPaymentResult>;
  }

  /** An APM payment: send the payer to the result's `issuer_url`. */
  apmPayment(order: ApmPaymentInput, options?: CallOptions): Promise<ApmPaymentResult> {
    return this.#call('apmPayment', order, options) as Promise<ApmPaymentResult>;
  }

  /** A hosted checkout: the page that posts the shopper to the hosted payment page. */
  checkout(order: CheckoutInput, options?: CallOptions): Promise<CheckoutPage> {
    return this.#call('checkout', order, options) as Promise<CheckoutPage>;
  }

  /** Queries orders (the most recent 100 without filters). A long `order_no` list is split. */
  query(
    filters: SearchInput = {},
    options?: CallOptions,
  ): Promise<BatchResult<string, QueryOrder>> {
    return this.#search('query', 'orders_list', filters, options) as Promise<
      BatchResult<string, QueryOrder>
    >;
  }

  /** Searches refund records, like `query`. */
  refundSearch(
    filters: SearchInput = {},
    options?: CallOptions,
  ): Promise<BatchResult<string, RefundRecord>> {
    return this.#search('refundSearch', 'refund_orders', filters, options) as Promise<
      BatchResult<string, RefundRecord>
    >;
  }

  /** Captures authorised orders; any number, sent 50 a request. */
  capture(
    orders: readonly CaptureOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<CaptureOrder, CaptureOrderResult>> {
    return this.#batch('capture', orders, options);
  }

  /** Approves or rejects orders held for review; any number, sent 100 a request. */
  review(
    orders: readonly ReviewOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<ReviewOrder, ReviewOrderResult>> {
    return this.#batch('review', orders, options);
  }

  /** Cancels authorised orders; any number, sent 50 a request. */
  cancel(
    orders: readonly CancelOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<CancelOrder, CancelOrderResult>> {
    return this.#batch('cancel', orders, options);
  }

  /** Refunds captured orders, in full or in part; any number, sent 50 a request. */
  refund(
    orders: readonly RefundOrder[],
    options?: CallOptions,
  ): Promise<BatchResult<RefundOrder, RefundOrderResult>> {
    return this.#batch('refund', orders, options);
  }

  /** Cancels a recurring subscription at once: it is never charged again. */
  cancelSubscription(
    subscription: { recurring_id: string; contract_name: string },
    options?: CallOptions,
  ): Promise<CancelSubscriptionResult> {
    return this.#call(
      'cancelSubscription',
      subscription,
      options,
    ) as Promise<CancelSubscriptionResult>;
  }

  /**
   * Creates a payout. The same `request_id` is sent on every retry, so the service pays once; a
   * payout the service fails is thrown as `PayoutFailedError` with the record in `raw`.
   */
  payout(payout: PayoutInput, options?: CallOptions): Promise<PayoutRecord> {
    const fields = { ...payout, request_id: payout.request_id ?? randomUUID() };
    return this.#call('payout', fields, options) as Promise<PayoutRecord>;
  }

  #encoding(name: OperationName): Encoding {
    const operation: Operation = OPERATIONS[name];
    if (this.#encodings === 'sample') return operation.sample;
    if (this.#encodings === 'declared') return operation.declared;
    return this.#encodings?.[name] ?? operation.sample;
  }

  /** Signs, validates, sends and reads one request of operation `name`. */
  async #call(name: OperationName, fields: object, options: CallOptions = {}): Promise<unknown> {
    const operation: Operation = OPERATIONS[name];
    const body = signed(
      { merchant_id: this.#config.merchantId, account_id: this.#config.accountId, ...fields },
      this.#config.secretKey,
      this.#scheme,
    );
    const checked = operation.request.safeParse(body);
    if (!checked.success) throw invalid(issuesOf(checked.error));
    const { body: text, contentType } = encodeBody(body, this.#encoding(name));
    const sendOptions: SendOptions = {
      timeoutMs: options.timeoutMs ?? this.#config.timeoutMs,
      maxRetries: options.maxRetries ?? this.#config.maxRetries,
      backoffMs: this.#config.backoffMs,
      maxBackoffMs: 5_000,
      signal: options.signal,
    };
    const url = this.#config.baseUrl + operation.path;
    const response = await send(url, text, contentType, operation.retry, sendOptions, this.#fetch);
    return this.#read(operation, response);
  }

  #read(operation: Operation, response: RawResponse): unknown {
    if (response.status < 200 || response.status >= 300) {
      throw errorFromResponse(response.status, parseLoosely(response.text)) as GatewayError;
    }
    if (operation.response === 'html') return readPage(response);
    const body = parseBody(operation.response, response);
    if (!verify(body, this.#verificationKeys, this.#scheme)) {
      throw new SignatureError({ status: response.status, raw: body });
    }
    const result = (operation.result as z.ZodType).safeParse(body);
    if (!result.success) {
      const detail = issuesOf(result.error)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ');
      throw new MalformedResponseError(`the response does not match the interface: ${detail}`, {
        status: response.status,
        raw: body,
      });
    }
    const error = errorFromResponse(response.status, body);
    if (error) throw error;
    return result.data;
  }

  async #batch<Item, Result>(
    name: 'capture' | 'review' | 'cancel' | 'refund',
    items: readonly Item[],
    options?: CallOptions,
  ): Promise<BatchResult<Item, Result>> {
    const { field, item, limit } = OPERATIONS[name].batch;
    if (items.length === 0) throw invalid([{ path: field, message: 'at least one order' }]);
    const issues = items.flatMap((order, index) => {
      const checked = item.safeParse(order);
      return checked.success ? [] : issuesOf(checked.error, `${field}.${index}.`);
    });
    if (issues.length > 0) throw invalid(issues);
    return this.#inChunks(chunk(items, limit), options, (orders) => ({
      fields: { [field]: orders },
      name,
      field,
    }));
  }

  #search(
    name: 'query' | 'refundSearch',
    field: string,
    filters: SearchInput,
    options?: CallOptions,
  ): Promise<BatchResult<string, unknown>> {
    const { order_no, ...rest } = filters;
    const list = typeof order_no === 'string' ? order_no.split(',') : order_no;
    if (!list) return this.#inChunks([[]], options, () => ({ fields: rest, name, field }));
    return this.#inChunks(chunk(list, 100), options, (orders) => ({
      fields: { ...rest, order_no: orders.join(',') },
      name,
      field,
    }));
  }

  async #inChunks<Item, Result>(
    chunks: Item[][],
    options: CallOptions | undefined,
    request: (orders: Item[]) => { fields: object; name: OperationName; field: string },
  ): Promise<BatchResult<Item, Result>> {
    const merged: BatchResult<Item, Result> = { orders: [], failures: [], ok: true };
    for (const orders of chunks) {
      const { fields, name, field } = request(orders);
      try {
        const envelope = (await this.#call(name, fields, options)) as Record<string, unknown>;
        merged.orders.push(...((envelope[field] as Result[] | undefined) ?? []));
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
