/**
 * Text no store can keep: a NUL character (PostgreSQL refuses it in text) or half of a UTF-16
 * surrogate pair (it has no UTF-8 form). The edge refuses it in requests (http/input-limits.ts),
 * settlement in notifications, before either reaches the store.
 */

/** A surrogate without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function oddReason(text: string): string | undefined {
  if (text.includes('\0')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text))
    return 'contains half of a UTF-16 surrogate pair (not valid Unicode)';
  return undefined;
}

/** The first key or string of `value` that no store can keep, with its path and what is wrong. */
export function oddText(value: unknown, path: string[] = []): [string, string] | undefined {
  if (typeof value === 'string') {
    const reason = oddReason(value);
    return reason ? [path.join('.') || '(body)', reason] : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const reason = oddReason(key);
    if (reason) return [[...path, key].join('.'), `its name ${reason}`];
    const found = oddText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}
