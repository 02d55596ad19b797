/**
 * Wire formats: JSON, form and XML bodies, written and read.
 *
 * The interface declares JSON for most bodies, a form for the two queries and XML for checkout and
 * subscription cancel, while its samples send JSON text under a form or XML content type. So a body
 * is read by what it looks like, never by its Content-Type, and written in the encoding the
 * operation's table row asks for (operations.ts).
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';
import { isRecord, messageOf } from '../unknown.ts';

/** How a body is written: `json`, a real `form`, real `xml`, or a JSON text under another type. */
export type Encoding = 'json' | 'form' | 'xml' | 'json-as-form' | 'json-as-xml';

/** Thrown for a body that is not well-formed JSON, form or XML, or that XML refuses. */
export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
  /** The form field at fault, or `(body)` for the body as a whole. */
  constructor(
    message: string,
    readonly field = '(body)',
  ) {
    super(message);
  }
}

/**
 * Fields that hold lists. XML cannot tell a list of one from a single element, so these are always
 * read as arrays; the names are those of the interface.
 */
const LIST_FIELDS = new Set([
  'cart_items', 'account_owner', 'total_discount', 'additional_information',
  'orders_list', 'review_orders', 'capture_orders', 'cancel_orders', 'refund_orders',
  'fraud_check_result', 'person_documents', 'labels',
]); // prettier-ignore

/** Fields that hold an object or a list; a form carries them as JSON text. */
const STRUCTURED_FIELDS = new Set([
  ...LIST_FIELDS,
  'subscription', 'person', 'documents', 'bank_account', 'bank', 'risk_reasons',
  'delivery_information', 'subscription_result', 'beneficiary', 'payer', 'additional_info',
  'address', 'bank_details',
]); // prettier-ignore

const CONTENT_TYPES: Record<Encoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  xml: 'application/xml',
  'json-as-form': 'application/x-www-form-urlencoded',
  'json-as-xml': 'application/xml',
};

const XML_ESCAPES: Record<string, string> = {
  '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&',
}; // prettier-ignore

/** Only the five predefined entities and character references; nothing is ever expanded. */
function unescapeXml(text: string): string {
  return text.replace(/&(?:lt|gt|quot|apos|amp|#[0-9]+|#x[0-9a-fA-F]+);/g, (ref) => {
    if (ref[1] !== '#') return XML_ESCAPES[ref] ?? ref;
    const code = ref[2] === 'x' ? parseInt(ref.slice(3, -1), 16) : parseInt(ref.slice(2, -1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : ref;
  });
}

const xmlParser = new XMLParser({
  processEntities: false,
  parseTagValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 20,
  isArray: (name) => LIST_FIELDS.has(name),
  tagValueProcessor: (_name, value) => unescapeXml(value),
});

const xmlBuilder = new XMLBuilder({ ignoreAttributes: true, suppressEmptyNode: false });

/** Writes a body: the text and the Content-Type to send it with. */
export function encodeBody(
  fields: Readonly<Record<string, unknown>>,
  encoding: Encoding,
  xmlRoot = 'request',
): { body: string; contentType: string } {
  const contentType = CONTENT_TYPES[encoding];
  switch (encoding) {
    case 'json':
    case 'json-as-form':
    case 'json-as-xml':
      return { body: JSON.stringify(fields), contentType };
    case 'form':
      return { body: encodeForm(fields), contentType };
    case 'xml':
      return { body: encodeXml(fields, xmlRoot), contentType };
  }
}

function encodeForm(fields: Readonly<Record<string, unknown>>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

/** Writes `fields` as an XML document with the given root element. */
export function encodeXml(fields: Readonly<Record<string, unknown>>, root: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${xmlBuilder.build({ [root]: fields })}`;
}

/**
 * Reads a JSON, form or XML body by its look: `{` or `[` starts JSON, `<` starts XML, anything else is a
 * form. An XML body gives the fields under its root element.
 */
export function decodeBody(text: string): Record<string, unknown> {
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') return decodeJson(text);
  if (start === '<') return decodeXml(text).fields;
  return decodeForm(text);
}

/** JSON.parse, refusing first a text nested deeper than MAX_JSON_DEPTH (`what` names it). */
function parseJson(text: string, what: string, field?: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new WireFormatError(`${what} is nested deeper than ${MAX_JSON_DEPTH} levels`, field);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WireFormatError(`${what} is not valid JSON: ${messageOf(error)}`, field);
  }
}

function decodeJson(text: string): Record<string, unknown> {
  const value = parseJson(text, 'body');
  if (!isRecord(value) || Array.isArray(value)) {
    throw new WireFormatError('body is JSON but not an object');
  }
  return value;
}

function decodeForm(text: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name))
      throw new WireFormatError(`form field "${name}" is repeated`, name);
    fields[name] =
      STRUCTURED_FIELDS.has(name) && /^\s*[[{]/.test(value) ? parseNested(name, value) : value;
  }
  return fields;
}

function parseNested(name: string, value: string): unknown {
  return parseJson(value, `form field "${name}"`, name);
}

/** Deeper than any document of the interface (about 5), far below what would exhaust a stack. */
export const MAX_XML_DEPTH = 32;

/** How deep the elements of `text` nest, read by a flat scan (no recursion, whatever the input). */
function xmlDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, selfClosing] of text.matchAll(/<(\/?)[A-Za-z_][^<>]*?(\/?)>/g)) {
    if (closing) depth--;
    else if (!selfClosing) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/**
 * Reads an XML document safely: a DOCTYPE (the only way to declare entities) is refused outright,
 * so is nesting deeper than MAX_XML_DEPTH, nothing is expanded, and every value stays a string
 * (`10.50` stays `10.50`).
 */
export function decodeXml(text: string): { root: string; fields: Record<string, unknown> } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new WireFormatError('XML with a DOCTYPE or entity declaration is refused');
  }
  if (xmlDepth(text) > MAX_XML_DEPTH) {
    throw new WireFormatError(`XML nested deeper than ${MAX_XML_DEPTH} elements is refused`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new WireFormatError(
      `body is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`,
    );
  }
  const document: unknown = xmlParser.parse(text);
  const roots = isRecord(document) ? Object.keys(document) : [];
  const root = roots[0];
  if (roots.length !== 1 || root === undefined) {
    throw new WireFormatError('XML body must have exactly one root element');
  }
  const fields = isRecord(document) ? document[root] : undefined;
  return { root, fields: isRecord(fields) ? fields : {} };
}
