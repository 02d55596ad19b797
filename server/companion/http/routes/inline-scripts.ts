/** The CSP sources that allow a page's own inline scripts, and no other. */
import { createHash } from 'node:crypto';

/** The sha256 CSP sources of a page's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}
