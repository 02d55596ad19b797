/**
 * Reading values whose type nothing promises: a caught error, a parsed body, a row's JSON. These
 * check what they read, where a cast would only assert it.
 */

/** A non-null object, whose properties may be read (each still `unknown`). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What a caught value says: an error's message, anything else as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `value`, which the caller knows is there (a row it has just written or read under a lock, a
 * field its state guarantees): one that is missing is a bug, thrown with `what` names.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** `text` read as JSON: what it holds is for the caller to check. */
export function parsedJson(text: string): unknown {
  return JSON.parse(text);
}
