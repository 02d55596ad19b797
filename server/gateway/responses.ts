/**
 * Reading the service's answers: an answer as its operation's result (`readResult`), from a body
 * in the XML or JSON its operation answers in, or the checkout's HTML page with its form; and any
 * body as well as it can be read, for an error's detail.
 */
import { isRecord, messageOf } from '../unknown.ts';
import {
  errorFromResponse,
  errorFromStatus,
  issuesOf,
  MalformedResponseError,
  SignatureError,
} from './errors.ts';
import { readCheckoutForm } from './html.ts';
import type { Operation } from './operations.ts';
import type { RawResponse } from './transport.ts';
import { decodeXml, WireFormatError } from './wire.ts';

function parseLoosely(text: string): unknown {
  try {
    return text.trimStart().startsWith('<') ? decodeXml(text).fields : JSON.parse(text);
  } catch {
    return text;
  }
}

function parseBody(format: 'xml' | 'json', response: RawResponse): Record<string, unknown> {
  try {
    if (format === 'xml') {
      const { root, fields } = decodeXml(response.text);
      if (root !== 'respon')
        throw new WireFormatError(`expected the root element respon, got ${root}`);
      return fields;
    }
    const body: unknown = JSON.parse(response.text);
    if (!isRecord(body) || Array.isArray(body)) {
      throw new WireFormatError('expected a JSON object');
    }
    return body;
  } catch (error) {
    throw new MalformedResponseError(`the response could not be read: ${messageOf(error)}`, {
      status: response.status,
      raw: response.text,
      cause: error,
    });
  }
}

/**
 * The checkout's HTML page and what its form posts, for the checkout's result schema to check
 * (`CheckoutPage`); a page without a form that posts is refused here.
 */
function readPage(response: RawResponse): {
  html: string;
  action: string;
  inputs: Record<string, string>;
} {
  const form = readCheckoutForm(response.text);
  if (!form || form.method !== 'post') throw notAPage(response);
  return { html: response.text, action: form.action, inputs: form.inputs };
}

/** The checkout answered something that is not a page whose form posts to an http(s) address. */
function notAPage(response: RawResponse): MalformedResponseError {
  return new MalformedResponseError(
    'the checkout response is not a page with a form that posts to an http(s) address',
    { status: response.status, raw: response.text },
  );
}

/**
 * The answer as its operation's result: read, verified (`verifies`: the signature; the checkout's
 * page has none), checked against the result schema, and thrown as its error if it is a refusal.
 */
export function readResult<Result>(
  operation: Operation<unknown, Result>,
  response: RawResponse,
  verifies: (body: Record<string, unknown>) => boolean,
): Result {
  if (response.status < 200 || response.status >= 300) {
    throw errorFromStatus(response.status, parseLoosely(response.text));
  }
  if (operation.response === 'html') {
    const page = operation.result.safeParse(readPage(response));
    if (!page.success) throw notAPage(response);
    return page.data;
  }
  const body = parseBody(operation.response, response);
  if (!verifies(body)) throw new SignatureError({ status: response.status, raw: body });
  const result = operation.result.safeParse(body);
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
