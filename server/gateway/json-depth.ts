/**
 * How deep a JSON text nests, found by a flat scan before any parser recurses: a body of 20 000
 * `[` exhausts the stack of a recursive reader (JSON.parse survives it; what walks the result,
 * a signature's canonical form or a schema, does not).
 */

/** The deepest nesting a body may have: the interface's and the contract's are 4 or 5. */
export const MAX_JSON_DEPTH = 16;

/** The depth of the deepest nesting of objects and arrays in `text`; strings are skipped. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
