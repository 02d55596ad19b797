/**
 * Reading the service's answers: a body as the XML or JSON its operation answers in, any body as
 * well as it can be read (for an error's detail), and the checkout's HTML page with its form.
 */
import { MalformedResponseError } from './errors.ts';
import { readCheckoutForm } from './html.ts';
import { CheckoutPage } from './schemas/payment.ts';
import type { RawResponse } from './transport.ts';
import { decodeXml, WireFormatError } from './wire.ts';

export function parseLoosely(text: string): unknown {
  try {
    return text.trimStart().startsWith('<') ? decodeXml(text).fields : JSON.parse(text);
  } catch {
    return text;
  }
}

export function parseBody(format: 'xml' | 'json', response: RawResponse): Record<string, unknown> {
  try {
    if (format === 'xml') {
      const { root, fields } = decodeXml(response.text);
      if (root !== 'respon')
        throw new WireFormatError(`expected the root element respon, got ${root}`);
      return fields;
    }
    const body: unknown = JSON.parse(response.text);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new WireFormatError('expected a JSON object');
    }
    return body as Record<string, unknown>;
  } catch (error) {
    throw new MalformedResponseError(
      `the response could not be read: ${(error as Error).message}`,
      {
        status: response.status,
        raw: response.text,
        cause: error,
      },
    );
  }
}

export function readPage(response: RawResponse): CheckoutPage {
  const form = readCheckoutForm(response.text);
  const page = CheckoutPage.safeParse({
    html: response.text,
    action: form?.action,
    inputs: form?.inputs,
  });
  if (!form || form.method !== 'post' || !page.success) {
    throw new MalformedResponseError(
      'the checkout response is not a page with a form that posts to an http(s) address',
      {
        status: response.status,
        raw: response.text,
      },
    );
  }
  return page.data;
}
