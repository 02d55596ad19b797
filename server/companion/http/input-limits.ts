/**
 * What the companion refuses of any request before a route reads it, each with a 400 naming the
 * field: a body that is not UTF-8, or not a JSON object, JSON nested deeper than MAX_JSON_DEPTH
 * (found on the raw text, before the parser recurses),
 * a path that is not valid percent-encoded UTF-8, and text no store can keep: a NUL character
 * (PostgreSQL refuses it in text) or half of a UTF-16 surrogate pair (it has no UTF-8 form).
 */
import type { RequestHandler } from 'express';
import { jsonDepth, MAX_JSON_DEPTH } from '../../gateway/index.ts';
import { refusal } from '../core/index.ts';
import { oddReason, oddText } from '../store/index.ts';

const refuse = (field: string, reason: string) => refusal(400, 'Invalid request', field, reason);

/** Fatal: bytes that are not UTF-8 throw, where a plain decoder would put U+FFFD in their place. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * For express.json's `verify`, before parsing: refuses a body that is not UTF-8 (it would be
 * kept with its bad bytes silently replaced), or nested deeper than MAX_JSON_DEPTH.
 */
export function checkRawBody(_request: unknown, _response: unknown, body: Buffer): void {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw refuse('(body)', 'is not valid UTF-8');
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw refuse('(body)', `nested deeper than ${MAX_JSON_DEPTH} levels`);
}

/**
 * Refuses a parsed body that is not a JSON object (express.json's strict mode lets an array
 * through), or whose text no store can keep.
 */
export const checkBodyText: RequestHandler = (request, _response, next) => {
  if (Array.isArray(request.body)) return next(refuse('(body)', 'not a JSON object'));
  const found = oddText(request.body);
  next(found ? refuse(...found) : undefined);
};

/** The `charset` a Content-Type header names, lower case; undefined when it names none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1];
  return charset?.toLowerCase();
}

/**
 * Refuses a path that does not decode, or whose parts or query hold text no store can keep: the
 * routes' path parameters are read from it, and reach the store as they are.
 */
export const checkPathAndQuery: RequestHandler = (request, _response, next) => {
  for (const segment of request.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return next(refuse('(path)', 'is not valid percent-encoded UTF-8'));
    }
    const reason = oddReason(decoded);
    if (reason) return next(refuse('(path)', reason));
  }
  const found = oddText(request.query);
  next(found ? refuse(...found) : undefined);
};
