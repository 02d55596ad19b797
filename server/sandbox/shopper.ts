/**
 * The routes a shopper's browser uses: the hosted payment page, its 3-D Secure challenge, the APM
 * issuer page. Each page has a strict CSP of its own: one script by its hash (the focus on a
 * wrong field, pages.ts), styles from the sandbox, forms
 * only to the sandbox and to the merchant's return address. Every address a page or a redirect
 * hands the browser starts with the path of config.publicUrl, so the routes also work with the
 * sandbox mounted under a path of a bigger app (same origin, so `'self'` still covers them).
 */
import express, { type Response, type Router } from 'express';
import helmet from 'helmet';
import { basePath } from './config.ts';
import type { Engine } from './engine.ts';
import { answerChallenge, cancelOnHostedPage, payOnHostedPage, type HostedStep } from './hosted.ts';
import { HttpError } from './http-error.ts';
import { finishApm, liveSession } from './sessions.ts';
import {
  cardFormPage,
  type CardFormError,
  challengePage,
  issuerPage,
  FOCUS_SCRIPT_HASH,
  messagePage,
  STYLESHEET,
  STYLESHEET_PATH,
} from './pages.ts';
import type { CardExpiry, Session } from './records.ts';
import { pageLanguage } from './page-texts.ts';
import { cardBehaviour, isExpired } from './test-inputs.ts';
import { isRecord } from '../unknown.ts';

function origin(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/** One script by its hash; styles from the sandbox; forms to `formAction`; framed by `frameAncestors`. */
function contentSecurityPolicy(formAction: string, frameAncestors: string): string {
  return [
    "default-src 'none'",
    `script-src '${FOCUS_SCRIPT_HASH}'`,
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${formAction}`,
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
  ].join('; ');
}

/**
 * A page's own policy: its forms may lead to the sandbox and to the merchant's return address
 * (a form's redirect counts), and it may be framed as configured, or by no one under the
 * deny_framing fault.
 */
function pagePolicy(engine: Engine, response: Response, session: Session): void {
  const returnOrigin = origin(session.return_url);
  const deny = engine.faults(session.merchant_id).deny_framing === true;
  const ancestors = deny ? "'none'" : engine.config.frameAncestors.join(' ');
  response.set(
    'Content-Security-Policy',
    contentSecurityPolicy(`'self'${returnOrigin ? ` ${returnOrigin}` : ''}`, ancestors),
  );
  if (deny) response.set('X-Frame-Options', 'DENY');
}

/** Sends the shopper on from the hosted page: to its challenge (under `base`), or back. */
function step(response: Response, base: string, token: string, outcome: HostedStep): void {
  const challenge = `${base}/hosted/${encodeURIComponent(token)}/3ds`;
  response.redirect(303, outcome.next === 'challenge' ? challenge : outcome.location);
}

const CARD = /^\d{12,19}$/;
const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/** Reads the card form; returns the card number or what is wrong with the form. */
function readCard(
  form: Record<string, string>,
  now: number,
): { card: string; expiry: CardExpiry } | CardFormError {
  const card = (form.card ?? '').replace(/[\s-]/g, '');
  if (!CARD.test(card)) return { field: 'card', message: 'enter_card' };
  const expiry = EXPIRY.exec((form.expiry ?? '').trim());
  if (!expiry) return { field: 'expiry', message: 'enter_expiry' };
  if (isExpired({ month: expiry[1] ?? '', year: expiry[2] ?? '' }, now))
    return { field: 'expiry', message: 'card_expired' };
  if (!/^\d{3,4}$/.test(form.security_code ?? ''))
    return { field: 'security_code', message: 'enter_code' };
  const year = expiry[2] ?? '';
  return { card, expiry: { month: expiry[1] ?? '', year: year.length === 2 ? `20${year}` : year } };
}

/** What a page set for its own CSP in `response.locals` (Express's), else `otherwise`. */
function local(response: object, name: string, otherwise: string): string {
  const locals: unknown = Reflect.get(response, 'locals');
  const value = isRecord(locals) ? locals[name] : undefined;
  return typeof value === 'string' ? value : otherwise;
}

export function shopperRouter(engine: Engine): Router {
  const base = basePath(engine.config.publicUrl);
  const router = express.Router();
  router.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: [`'${FOCUS_SCRIPT_HASH}'`],
          styleSrc: ["'self'"],
          imgSrc: ["'self'"],
          formAction: ["'self'", (_request, response) => local(response, 'formAction', "'self'")],
          frameAncestors: [(_request, response) => local(response, 'frameAncestors', "'none'")],
          baseUri: ["'none'"],
        },
      },
      frameguard: false,
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  router.use(express.urlencoded({ extended: false, limit: '20kb' }));
  router.use((_request, response, next) => {
    response.set('Cache-Control', 'no-store');
    next();
  });

  router.get(STYLESHEET_PATH, (_request, response) => {
    response.set('Cache-Control', 'public, max-age=3600').type('text/css').send(STYLESHEET);
  });

  // What a merchant's server asks to learn whether the page may be framed: the framing headers
  // the page would have. The sandbox answers for its merchants together (one, unless configured).
  router.head('/hosted/checkout', (_request, response) => {
    const deny = engine.config.merchants.some((m) => engine.faults(m.merchant_id).deny_framing);
    response.set(
      'Content-Security-Policy',
      contentSecurityPolicy("'self'", deny ? "'none'" : engine.config.frameAncestors.join(' ')),
    );
    if (deny) response.set('X-Frame-Options', 'DENY');
    response.status(204).end();
  });

  /**
   * The hosted card form of a live checkout session, in the session's language; for a stored card
   * that asks for 3-D Secure (a checkout with its `token_id`), the challenge at once: nothing to
   * type but the code.
   */
  const hostedPage = (response: Response, token: string) => {
    const { session, order } = liveSession(engine, token, 'checkout');
    pagePolicy(engine, response, session);
    const language = pageLanguage(session.lang);
    const challenge = session.stored_card && cardBehaviour(session.card ?? '').behaviour === 'challenge'; // prettier-ignore
    response
      .type('html')
      .send(
        challenge
          ? challengePage(base, session.token, order, language)
          : cardFormPage(base, session.token, order, language),
      );
  };

  // The checkout response's form lands here; the session token names the payment. The page is
  // the answer (no 303 to /hosted/:token): one request from the form to the card form, as a
  // frame showing /hosted/:token makes, so a payment page costs a shopper one round trip to the
  // service however it is reached (the bench's floor is that address, framed directly).
  router.post('/hosted/checkout', (request, response) => {
    hostedPage(response, String(request.body?.session_token ?? ''));
  });

  router.get('/hosted/done', (request, response) => {
    const status = String(request.query.payment_status ?? 'unknown');
    const message = `The payment is ${status}. You can close this page.`;
    response.type('html').send(messagePage(base, 'Payment finished', message));
  });

  router.get('/hosted/:token', (request, response) => hostedPage(response, request.params.token));

  router.post('/hosted/:token/pay', (request, response) => {
    const { session, order } = liveSession(engine, request.params.token, 'checkout');
    pagePolicy(engine, response, session);
    const form: Record<string, string> = request.body ?? {};
    const read = readCard(form, engine.now());
    if ('field' in read) {
      // What the shopper typed comes back, except the card number and its code.
      const typed = { expiry: form.expiry ?? '', name: form.name ?? '' };
      return void response
        .status(400)
        .type('html')
        .send(cardFormPage(base, session.token, order, pageLanguage(session.lang), read, typed));
    }
    step(
      response,
      base,
      session.token,
      payOnHostedPage(engine, session.token, read.card, read.expiry),
    );
  });

  router.get('/hosted/:token/3ds', (request, response) => {
    const { session, order } = liveSession(engine, request.params.token, 'checkout');
    pagePolicy(engine, response, session);
    response
      .type('html')
      .send(challengePage(base, session.token, order, pageLanguage(session.lang)));
  });

  router.post('/hosted/:token/3ds', (request, response) => {
    step(
      response,
      base,
      request.params.token,
      answerChallenge(engine, request.params.token, String(request.body?.code ?? '')),
    );
  });

  router.post('/hosted/:token/cancel', (request, response) => {
    const { token } = request.params;
    step(response, base, token, cancelOnHostedPage(engine, token));
  });

  router.get('/issuer/:token', (request, response) => {
    const { session, order } = liveSession(engine, request.params.token, 'apm');
    pagePolicy(engine, response, session);
    const method = order.payment_method ?? 'APM';
    response
      .type('html')
      .send(issuerPage(base, session.token, order, method, pageLanguage(session.lang)));
  });

  for (const action of ['pay', 'cancel'] as const) {
    router.post(`/issuer/:token/${action}`, (request, response) => {
      response.redirect(303, finishApm(engine, request.params.token, action === 'pay').location);
    });
  }

  router.use(
    (error: unknown, _request: express.Request, response: Response, next: express.NextFunction) => {
      if (!(error instanceof HttpError)) return next(error);
      response
        .status(error.status)
        .type('html')
        .send(messagePage(base, 'Payment page', error.message));
    },
  );
  return router;
}
