/**
 * The page frame (`PAGE_FRAME_PATH`): a page of the companion's that the widget loads in its
 * payment page's frame before Pay, and that posts the service's form it is then given (the
 * session's `page_form`) into that same frame. Pay so costs the service's page alone: no hop
 * through the one-time `/pay/:token` page, whose document the frame would otherwise load, run
 * and leave after Pay. Only a storefront may frame it (frame-ancestors), only its parent may give
 * it a form, and it posts one: the widget loads it again for another page.
 */
import { PAGE_FORM_MESSAGE_TYPE } from 'acquiring-checkout/contract';
import { inlineScriptHashes } from './inline-scripts.ts';

/** Its one script, inline (allowed by its hash): a form from its parent, posted once. */
const SCRIPT = `(() => {
  let posted = false;
  addEventListener('message', (event) => {
    const form = event.data && event.data.type === '${PAGE_FORM_MESSAGE_TYPE}' && event.data.form;
    if (posted || event.source !== parent || !form || !/^https?:/.test(form.action)) return;
    posted = true;
    const element = document.createElement('form');
    element.method = form.method === 'get' ? 'get' : 'post';
    element.action = form.action;
    for (const [name, value] of Object.entries(form.fields || {})) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = String(value);
      element.append(input);
    }
    document.body.append(element);
    element.submit();
  });
})();`;

/** The page: nothing to see (it is replaced by the service's page before it is shown). */
export const PAGE_FRAME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment page</title></head><body><script>${SCRIPT}</script></body></html>`;

/**
 * Its policy: its script; forms to any http(s) address (it posts only what the storefront that
 * frames it gives it, and that storefront could send its frame anywhere itself); framed by the
 * storefronts (`ancestors`). No sandbox of its own, unlike `/pay/:token` (pages.ts), whose page is
 * the service's HTML: this page's one script is ours and takes nothing from its address, so being
 * same-origin with a storefront that mounts the companion gives nobody anything; an opaque origin
 * would put it in a process of its own in Chromium, hidden and so slow to run (34 ms from the
 * widget's message to its post, measured), and the widget's message could name no origin.
 */
export function pageFramePolicy(ancestors: string): string {
  return [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(PAGE_FRAME_HTML).join(' ')}`,
    'form-action https: http:',
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
  ].join('; ');
}
