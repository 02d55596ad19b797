/**
 * The pages the companion serves to the shopper's browser:
 * - /pay/:token — the service's checkout page under a one-time, short-lived address, with a CSP of
 *   its own that allows exactly that page's inline scripts (by hash) and its form's target, and
 *   that only the storefront origins may frame. Never srcdoc (DESIGN.md). Asked for by a frame
 *   when the service's page refuses to be framed by the storefront, it answers a page that tells
 *   the widget so, and the widget opens the payment page another way.
 * - /return/checkout/:ref — where the service sends the shopper back; it tells the storefront by
 *   postMessage with an explicit target origin, and finalises nothing.
 * - /return/apm/:ref — the APM payer's way back: on to the storefront's return address.
 */
import express, { type Response, type Router } from 'express';
import { escapeHtml, readCheckoutForm } from '../../../gateway/index.ts';
import { FRAMING_REFUSED_MESSAGE_TYPE, RETURN_MESSAGE_TYPE } from 'acquiring-checkout/contract';
import type { EdgeContext } from '../edge-context.ts';
import { pathParam } from '../params.ts';
import { inlineScriptHashes } from './inline-scripts.ts';
import { unknownOrder } from '../../core/index.ts';

/** The return page's script, served from the companion so no inline script is needed. */
export const RETURN_SCRIPT = `(() => {
  const data = document.body.dataset;
  const refused = data.message === 'framing-refused';
  const type = refused ? '${FRAMING_REFUSED_MESSAGE_TYPE}' : '${RETURN_MESSAGE_TYPE}';
  const message = { type, order_ref: data.orderRef };
  if (window.parent !== window) {
    window.parent.postMessage(message, data.targetOrigin);
  } else if (window.opener) {
    window.opener.postMessage(message, data.targetOrigin);
    window.close();
  } else if (data.returnUrl) {
    const back = new URL(data.returnUrl);
    back.searchParams.set('acquiring_order_ref', data.orderRef);
    location.replace(back.toString());
  }
})();
`;

function page(
  script: string,
  title: string,
  body: string,
  data: Record<string, string> = {},
  link?: string,
): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><script src="${escapeHtml(script)}" defer></script></head><body${attributes}><p>${escapeHtml(body)}</p>${link ? `<p><a href="${escapeHtml(link)}">Back to the shop</a></p>` : ''}</body></html>`;
}

/** Framed pages: never cached, and framed by the storefronts their own frame-ancestors names. */
function noStore(response: Response): void {
  response.set('Cache-Control', 'no-store');
  response.removeHeader('X-Frame-Options');
}

export function pagesRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  // The pages' script by path from the host: right wherever the merchant mounted the companion.
  const script = `${new URL(ctx.config.publicUrl).pathname.replace(/\/$/, '')}/assets/return.js`;
  const ancestors = ctx.config.allowedOrigins.join(' ') || "'none'";
  /** The policy of the companion's own small pages: its one script, framed by the storefronts. */
  const framingPolicy = (response: Response) =>
    response.set(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'`,
    );

  router.get('/assets/return.js', (_request, response) => {
    response
      .type('text/javascript')
      .set('Cache-Control', 'public, max-age=300')
      .send(RETURN_SCRIPT);
  });

  router.get('/pay/:token', ctx.limits.pageGuesses, async (request, response) => {
    noStore(response);
    const orderNo = await ctx.store.pageTokens.use(pathParam(request, 'token'));
    // Served once per address, and only while its attempt is live (not replaced, not expired);
    // from now on the attempt counts as opened and is never replaced (attempts.ts): whoever has
    // the page may pay on it. (A page loaded before Pay never comes this way: the widget posts
    // the session's form into its frame, and says the page is opened when it shows it.)
    const attempt = orderNo === undefined ? undefined : await ctx.store.attempts.opened(orderNo);
    if (!attempt?.page_html) {
      response
        .status(410)
        .type('html')
        .send(
          page(
            script,
            'Payment page expired',
            'This payment page has expired or was already opened. Go back to the shop and try again.',
          ),
        );
      return;
    }
    const form = readCheckoutForm(attempt.page_html);
    // Only a frame's request is probed (a window or a redirect is never refused). A browser that
    // sends no Sec-Fetch-Dest is left to the widget's load timer.
    const framed = request.get('sec-fetch-dest') === 'iframe';
    const order = framed && form ? await ctx.store.orders.get(attempt.order_ref) : undefined;
    if (
      form &&
      order?.storefront_origin &&
      !(await ctx.framing.verdict(form.action, order.storefront_origin))
    ) {
      framingPolicy(response);
      response.type('html').send(
        page(script, 'Opening the payment page', 'The payment page opens outside this frame…', {
          'order-ref': order.order_ref,
          'target-origin': order.storefront_origin,
          message: 'framing-refused',
        }),
      );
      return;
    }
    const target = form ? new URL(form.action).origin : "'none'";
    const scripts = inlineScriptHashes(attempt.page_html);
    response.set(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        `script-src ${scripts.length ? scripts.join(' ') : "'none'"}`,
        `form-action ${target}`,
        `frame-ancestors ${ancestors}`,
        "base-uri 'none'",
        // An origin of its own (opaque): mounted on the storefront's origin, this page would
        // otherwise be same-origin with it, and the frame's allow-same-origin (which the
        // service's page needs) would let its script reach the storefront. It needs neither.
        'sandbox allow-scripts allow-forms',
      ].join('; '),
    );
    response.type('html').send(attempt.page_html);
  });

  // Guesses at order references count as guesses at page addresses: the return pages answer
  // 404 for an order that does not exist, which would otherwise let anyone test references.
  router.get('/return/checkout/:order_ref', ctx.limits.pageGuesses, async (request, response) => {
    noStore(response);
    const orderRef = pathParam(request, 'order_ref');
    const order = await ctx.store.orders.get(orderRef);
    if (!order?.storefront_origin) throw unknownOrder(orderRef);
    framingPolicy(response);
    response.type('html').send(
      page(script, 'Returning to the shop', 'Payment finished. Returning to the shop…', {
        'order-ref': order.order_ref,
        'target-origin': order.storefront_origin,
        ...(order.storefront_return_url ? { 'return-url': order.storefront_return_url } : {}),
      }),
    );
  });

  // A page, not a 303: the payment method's form posts here, and a form's redirect to another
  // origin is checked against that page's form-action, which may name only this companion.
  router.get('/return/apm/:order_ref', ctx.limits.pageGuesses, async (request, response) => {
    noStore(response);
    const orderRef = pathParam(request, 'order_ref');
    const order = await ctx.store.orders.get(orderRef);
    if (!order?.storefront_return_url) throw unknownOrder(orderRef);
    const back = new URL(order.storefront_return_url);
    back.searchParams.set('acquiring_order_ref', order.order_ref);
    framingPolicy(response);
    response
      .type('html')
      .send(
        page(
          script,
          'Returning to the shop',
          'Payment finished. Returning to the shop…',
          { 'order-ref': order.order_ref, 'return-url': order.storefront_return_url },
          back.toString(),
        ),
      );
  });
  return router;
}
