/**
 * The interface's endpoints, made from the operations table (`OPERATIONS`: each operation's path
 * and request schema) and the sandbox's handler of each (operation-handlers.ts). Every request
 * goes through the same steps: read the body whatever its Content-Type, apply the merchant's
 * fault knobs, find the merchant, check the signature, validate, act, sign the answer.
 */
import express, { type Request, type Response, type Router } from 'express';
import {
  decodeBody,
  OPERATION_NAMES,
  OPERATIONS,
  verify,
  WireFormatError,
  type OperationName,
  type Operations,
} from '../gateway/index.ts';
import { firstIssue, refuse, type Call } from './answers.ts';
import type { Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { operationHandlers, type Handlers } from './operation-handlers.ts';

/** The operations table read by a name that is a type parameter: each schema keeps its type. */
const operations: Operations = OPERATIONS;

/** One operation's endpoint: its path in the table, and the request handler. */
interface Endpoint {
  path: string;
  claims: ((fields: Record<string, unknown>) => boolean) | undefined;
  handle: (request: Request, response: Response) => Promise<void>;
}

/**
 * Operation `name`'s endpoint: its request schema from the table, its handler's `act` for the
 * work. A fault knob may delay, drop or fail the request first.
 */
function endpoint<K extends OperationName>(engine: Engine, name: K, all: Handlers): Endpoint {
  const { path, request: schema } = operations[name];
  const handler = all[name];
  const handle = async (request: Request, response: Response): Promise<void> => {
    let fields: Record<string, unknown>;
    try {
      fields = decodeBody(typeof request.body === 'string' ? request.body : '');
    } catch (error) {
      if (!(error instanceof WireFormatError)) throw error;
      response
        .status(400)
        .json({ error: 'invalid_input', message: error.message, field: error.field });
      return;
    }
    const merchant = engine.merchant(fields.merchant_id, fields.account_id);
    if (!merchant) {
      response.status(404).json({
        error: 'record_not_found',
        message: 'record not found: merchant_id and account_id',
        field: 'merchant_id',
      });
      return;
    }
    const call: Call = { engine, merchant, fields, request, response, dropAnswer: false };
    const how = handler.refusal;
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
      const message = 'encryption_data: the signature does not verify';
      return refuse(call, how, 400, message, 'encryption_data');
    }
    const controlled = fieldWithControl(fields);
    if (controlled) {
      const message = `${controlled}: holds a control character (U+0000 to U+001F but tab and line breaks)`;
      return refuse(call, how, 400, message, controlled);
    }
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      return refuse(call, how, 400, message, field);
    }
    try {
      call.dropAnswer = engine.takeFault(merchant.merchant_id, 'drop_after_acting');
      await handler.act(call, parsed.data);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status === 413) throw error;
      refuse(call, how, error.status, error.message, error.field);
    }
  };
  return { path, claims: handler.claims, handle };
}

/** C0 controls but tab, LF and CR: no field of the interface holds one, and XML 1.0 cannot. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * The first field (its dotted path: `items.0.name`) whose text holds a control character: a NUL
 * in an `order_no` was authorised, and echoed into an XML answer no parser reads.
 */
function fieldWithControl(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path || '(body)' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithControl(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * The operations' endpoints, each at its path in the table. Where operations share a path, the
 * one that `claims` the body takes it, else the one that claims nothing (which also answers a
 * body that cannot be read).
 */
export function apiRouter(engine: Engine): Router {
  const router = express.Router();
  const text = express.text({ type: () => true, limit: engine.config.bodyLimit });
  const all = operationHandlers(engine);
  const endpoints = OPERATION_NAMES.map((name) => endpoint(engine, name, all));
  for (const path of new Set(endpoints.map((e) => e.path))) {
    const shared = endpoints.filter((e) => e.path === path);
    router.post(path, text, (request, response) => {
      let fields: Record<string, unknown> = {};
      try {
        if (shared.length > 1) fields = decodeBody(String(request.body ?? ''));
      } catch {
        // the endpoint that claims nothing answers the malformed body
      }
      const chosen = shared.find((e) => e.claims?.(fields)) ?? shared.find((e) => !e.claims);
      return chosen?.handle(request, response);
    });
  }
  return router;
}
