/** The little HTML the gateway writes and reads: escaping, and the checkout page's form. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
}; // prettier-ignore

/** Escapes text for an HTML element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => {
    const map: Record<string, string> = {
      amp: '&',
      lt: '<',
      gt: '>',
      quot: '"',
      '#39': "'",
      '#x27': "'",
    };
    return map[name] ?? _;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  const value = match?.[2] ?? match?.[3];
  return value === undefined ? undefined : unescapeHtml(value);
}

/**
 * Reads the auto-submitting form of a checkout page: its action, method and named inputs. Returns
 * `undefined` when the page has no form.
 */
export function readCheckoutForm(
  html: string,
): { action: string; method: string; inputs: Record<string, string> } | undefined {
  const form = /<form\b[^>]*>/i.exec(html);
  if (!form) return undefined;
  const inputs: Record<string, string> = {};
  for (const [tag] of html.slice(form.index).matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (name !== undefined) inputs[name] = attribute(tag, 'value') ?? '';
  }
  return {
    action: attribute(form[0], 'action') ?? '',
    method: (attribute(form[0], 'method') ?? 'get').toLowerCase(),
    inputs,
  };
}
