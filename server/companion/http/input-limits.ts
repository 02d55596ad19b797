/**
 * What the companion refuses of any request before a route reads it, each with a 400 naming the
 * field: JSON nested deeper than MAX_JSON_DEPTH (found on the raw text, before the parser recurses),
 * a path that is not valid percent-encoded UTF-8, and text no store can keep: a NUL character
 * (PostgreSQL refuses it in text) or half of a UTF-16 surrogate pair (it has no UTF-8 form).
 */
import type { RequestHandler } from 'express';
import { jsonDepth, MAX_JSON_DEPTH } from '../../gateway/index.ts';
import { refusal } from '../core/index.ts';
import { oddReason, oddText } from '../store/index.ts';

const refuse = (field: string, reason: string) => refusal(400, 'Invalid request', field, reason);

/** For express.json's `verify`: refuses a body nested deeper than MAX_JSON_DEPTH before parsing. */
export function checkDepth(_request: unknown, _response: unknown, body: Buffer): void {
  if (jsonDepth(body.toString('utf8')) > MAX_JSON_DEPTH)
    throw refuse('(body)', `nested deeper than ${MAX_JSON_DEPTH} levels`);
}

/** Refuses a parsed body whose text no store can keep. */
export const checkBodyText: RequestHandler = (request, _response, next) => {
  const found = oddText(request.body);
  next(found ? refuse(...found) : undefined);
};

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
