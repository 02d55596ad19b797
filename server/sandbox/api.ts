/**
 * The interface's endpoints, all POST under /v1. Every request goes through the same steps: read
 * the body whatever its Content-Type, apply the merchant's fault knobs, find the merchant, check
 * the signature, validate, act, sign the answer.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import {
  decodeBody,
  encodeXml,
  OPERATIONS,
  parseAmount,
  RETURN_STATUS_OK,
  signed,
  verify,
  WireFormatError,
  type ApmPaymentRequest,
  type CancelSubscriptionRequest,
  type CheckoutRequest,
  type DirectPaymentRequest,
  type PayoutRequest,
  type SearchRequest,
} from '../gateway/index.ts';
import type { SandboxMerchant } from './config.ts';
import type { Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { directPayment } from './payments.ts';
import { apmPayment, checkout } from './sessions.ts';
import {
  cancelOrders,
  captureOrders,
  queryOrders,
  refundOrders,
  reviewOrders,
  searchRefunds,
} from './batches.ts';
import { cancelSubscription } from './subscriptions.ts';
import { createPayout } from './payouts.ts';
import { checkoutResponsePage } from './pages.ts';
import { TEST_AMOUNTS } from './test-inputs.ts';

/** How an operation answers a refusal: HTTP 400/404 (payments, payout) or a failing envelope. */
type Refusal = 'http' | 'envelope';

interface Call {
  engine: Engine;
  merchant: SandboxMerchant;
  fields: Record<string, unknown>;
  request: Request;
  response: Response;
  /** The drop_after_acting fault: act, then close the connection instead of answering. */
  dropAnswer: boolean;
}

function answer(call: Call, contentType: string, body: string): void {
  if (call.dropAnswer) call.request.socket.destroy();
  else call.response.type(contentType).send(body);
}

/** Signs `fields` for the merchant, with a wrong key when the bad_signature fault is on. */
function sign(call: Call, fields: Record<string, unknown>): Record<string, unknown> {
  const wrong = call.engine.takeFault(call.merchant.merchant_id, 'bad_signature');
  return signed(fields, wrong ? `${call.merchant.secret_key}-wrong` : call.merchant.secret_key);
}

function sendJson(call: Call, fields: Record<string, unknown>): void {
  answer(call, 'application/json', JSON.stringify(sign(call, fields)));
}

function sendXml(call: Call, fields: Record<string, unknown>): void {
  answer(call, 'application/xml', encodeXml(sign(call, fields), 'respon'));
}

function envelope(
  call: Call,
  status: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  const { merchant_id, account_id } = call.merchant;
  sendJson(call, {
    merchant_id,
    account_id,
    return_status: status,
    return_message: message,
    ...extra,
  });
}

/** The first schema issue, as `field: message`. */
function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  return { field, message: `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid input'}` };
}

function refuse(
  call: Call,
  how: Refusal,
  status: 400 | 404,
  message: string,
  field?: string,
): void {
  if (how === 'http') {
    call.response.status(status).json({
      error: status === 404 ? 'record_not_found' : 'invalid_input',
      message,
      ...(field ? { field } : {}),
    });
  } else {
    envelope(call, '0', message);
  }
}

/**
 * One endpoint: `validate` is the operation's request schema, `act` does the work and answers.
 * A fault knob may delay, drop or fail the request first.
 */
function endpoint<T>(
  engine: Engine,
  how: Refusal,
  schema: z.ZodType<T>,
  act: (call: Call, fields: T) => Promise<void> | void,
) {
  return async (request: Request, response: Response): Promise<void> => {
    let fields: Record<string, unknown>;
    try {
      fields = decodeBody(typeof request.body === 'string' ? request.body : '');
    } catch (error) {
      if (!(error instanceof WireFormatError)) throw error;
      response.status(400).json({ error: 'invalid_input', message: error.message });
      return;
    }
    const merchant = engine.merchant(fields.merchant_id, fields.account_id);
    if (!merchant) {
      response.status(404).json({
        error: 'record_not_found',
        message: 'record not found: merchant_id and account_id',
      });
      return;
    }
    const call: Call = { engine, merchant, fields, request, response, dropAnswer: false };
    const faults = engine.faults(merchant.merchant_id);
    if (faults.delay_ms) await new Promise((resolve) => setTimeout(resolve, faults.delay_ms));
    if (engine.closed) return void request.socket.destroy();
    if (engine.takeFault(merchant.merchant_id, 'drop_connection'))
      return void request.socket.destroy();
    if (engine.takeFault(merchant.merchant_id, 'status_5xx')) {
      response.status(500).json({ error: 'internal_error', message: 'sandbox fault: HTTP 500' });
      return;
    }
    if (!verify(fields, [merchant.secret_key])) {
      return refuse(
        call,
        how,
        400,
        'encryption_data: the signature does not verify',
        'encryption_data',
      );
    }
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      return refuse(call, how, 400, message, field);
    }
    try {
      call.dropAnswer = engine.takeFault(merchant.merchant_id, 'drop_after_acting');
      await act(call, parsed.data);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status === 413) throw error;
      refuse(call, how, error.status, error.message, error.field);
    }
  };
}

/** The slow-answer test amount waits before acting. */
async function slowAnswer(
  engine: Engine,
  fields: { amount: string; currency: string },
): Promise<void> {
  if (parseAmount(fields.amount, fields.currency) % 100000 === TEST_AMOUNTS.slowAnswer) {
    await new Promise((resolve) => setTimeout(resolve, engine.config.slowAnswerMs));
  }
  if (engine.closed) throw new HttpError(404, 'the sandbox is shutting down');
}

export function apiRouter(engine: Engine): Router {
  const router = express.Router();
  router.use(express.text({ type: () => true, limit: engine.config.bodyLimit }));

  const authorise = {
    direct: endpoint(
      engine,
      'http',
      OPERATIONS.directPayment.request as z.ZodType<DirectPaymentRequest>,
      async (call, fields) => {
        await slowAnswer(engine, fields);
        sendXml(call, directPayment(engine, call.merchant, fields));
      },
    ),
    apm: endpoint(
      engine,
      'http',
      OPERATIONS.apmPayment.request as z.ZodType<ApmPaymentRequest>,
      async (call, fields) => {
        await slowAnswer(engine, fields);
        sendXml(call, apmPayment(engine, call.merchant, fields));
      },
    ),
  };
  // One path, two operations: an APM payment names its payment_method.
  router.post('/authorise', (request, response) => {
    let apm = false;
    try {
      apm = typeof decodeBody(String(request.body ?? '')).payment_method === 'string';
    } catch {
      // the endpoint answers the malformed body
    }
    return (apm ? authorise.apm : authorise.direct)(request, response);
  });

  router.post(
    '/checkout',
    endpoint(
      engine,
      'http',
      OPERATIONS.checkout.request as z.ZodType<CheckoutRequest>,
      async (call, fields) => {
        await slowAnswer(engine, fields);
        const { session } = checkout(engine, call.merchant, fields);
        const cancelUrl = fields.return_url ?? `${engine.config.publicUrl}/hosted/done`;
        const html = checkoutResponsePage(
          `${engine.config.publicUrl}/hosted/checkout`,
          call.fields,
          session.token,
          cancelUrl,
        );
        answer(call, 'text/html', html);
      },
    ),
  );

  router.post(
    '/retrievalTrans',
    endpoint(
      engine,
      'envelope',
      OPERATIONS.query.request as z.ZodType<SearchRequest>,
      (call, fields) => {
        const ip = call.request.socket.remoteAddress ?? '';
        if (!engine.config.queryIps.includes(ip)) {
          return envelope(call, '0', `the IP address ${ip} is not registered for queries`);
        }
        envelope(call, RETURN_STATUS_OK, 'OK', {
          orders_list: queryOrders(engine, call.merchant.merchant_id, fields),
        });
      },
    ),
  );
  router.post(
    '/retrievalRefund',
    endpoint(
      engine,
      'envelope',
      OPERATIONS.refundSearch.request as z.ZodType<SearchRequest>,
      (call, fields) => {
        envelope(call, RETURN_STATUS_OK, 'OK', {
          refund_orders: searchRefunds(engine, call.merchant.merchant_id, fields),
        });
      },
    ),
  );
  // Each schema has already checked its items when `run` gets them.
  type RunBatch = (engine: Engine, merchantId: string, items: never[]) => unknown[];
  const batches: [string, z.ZodType, string, RunBatch][] = [
    ['/capture', OPERATIONS.capture.request, 'capture_orders', captureOrders],
    ['/cancel', OPERATIONS.cancel.request, 'cancel_orders', cancelOrders],
    ['/review', OPERATIONS.review.request, 'review_orders', reviewOrders],
    ['/refund', OPERATIONS.refund.request, 'refund_orders', refundOrders],
  ];
  for (const [path, schema, field, run] of batches) {
    // The schema refuses more orders than the limit, as a whole.
    router.post(
      path,
      endpoint(engine, 'envelope', schema as z.ZodType<Record<string, unknown>>, (call, fields) => {
        const items = fields[field] as never[];
        envelope(call, RETURN_STATUS_OK, 'OK', {
          [field]: run(engine, call.merchant.merchant_id, items),
        });
      }),
    );
  }

  router.post(
    '/cancelsubscription',
    endpoint(
      engine,
      'envelope',
      OPERATIONS.cancelSubscription.request as z.ZodType<CancelSubscriptionRequest>,
      (call, fields) => {
        const { merchant_id, account_id } = call.merchant;
        const result = cancelSubscription(
          engine,
          merchant_id,
          fields.recurring_id,
          fields.contract_name,
        );
        sendJson(call, {
          merchant_id,
          account_id,
          recurring_id: fields.recurring_id,
          contract_name: fields.contract_name,
          ...result,
        });
      },
    ),
  );

  router.post(
    '/payout',
    endpoint(
      engine,
      'http',
      OPERATIONS.payout.request as z.ZodType<PayoutRequest>,
      (call, fields) => {
        sendJson(call, createPayout(engine, fields));
      },
    ),
  );
  return router;
}
