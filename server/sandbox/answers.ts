/**
 * How the sandbox answers a request of the interface: signed JSON or XML, a batch's envelope, or
 * a refusal (HTTP 400/404 or a failing envelope, as the operation answers them), with the fault
 * knobs that spoil an answer (a wrong signature, a dropped connection).
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { encodeXml, signed } from '../gateway/index.ts';
import type { SandboxMerchant } from './config.ts';
import type { Engine } from './engine.ts';

/** How an operation answers a refusal: HTTP 400/404 (payments, payout) or a failing envelope. */
export type Refusal = 'http' | 'envelope';

export interface Call {
  engine: Engine;
  merchant: SandboxMerchant;
  fields: Record<string, unknown>;
  request: Request;
  response: Response;
  /** The drop_after_acting fault: act, then close the connection instead of answering. */
  dropAnswer: boolean;
}

export function answer(call: Call, contentType: string, body: string): void {
  if (call.dropAnswer) call.request.socket.destroy();
  else call.response.type(contentType).send(body);
}

/** Signs `fields` for the merchant, with a wrong key when the bad_signature fault is on. */
function sign(call: Call, fields: Record<string, unknown>): Record<string, unknown> {
  const wrong = call.engine.takeFault(call.merchant.merchant_id, 'bad_signature');
  return signed(fields, wrong ? `${call.merchant.secret_key}-wrong` : call.merchant.secret_key);
}

export function sendJson(call: Call, fields: Record<string, unknown>): void {
  answer(call, 'application/json', JSON.stringify(sign(call, fields)));
}

export function sendXml(call: Call, fields: Record<string, unknown>): void {
  answer(call, 'application/xml', encodeXml(sign(call, fields), 'respon'));
}

export function envelope(
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
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  return { field, message: `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid input'}` };
}

export function refuse(
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
