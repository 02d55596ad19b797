/**
 * Sessions prepared before Pay, against the test stack's real companion: Pay takes the prepared
 * session when it asks for the same, and gets a fresh one when the form changed.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { startPayment } from '../../widget/src/companion-client.ts';
import {
  preconnect,
  requestKey,
  SessionPreparer,
  type SessionBody,
} from '../../widget/src/prepare.ts';
import type { SessionResponse } from '../../widget/src/protocol.ts';
import { savedAttempt } from '../../widget/src/saved-attempt.ts';
import { countRequests, elementWith, fillValid, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

let counter = 0;

function body(
  orderRef: string,
  email = 'ada@example.com',
  checkoutTime = 1_790_000_000,
): SessionBody {
  return {
    order_ref: orderRef,
    attempt_key: `attempt-${orderRef.replace(/\./g, '-')}`,
    client_secret: `secret-${orderRef.replace(/\./g, '-')}`.padEnd(32, '0'),
    shopper: { email },
    device: { session_id: 'prepare-test', checkout_time: checkoutTime, platform_source: 'web' },
  };
}

/** A preparer on the real companion, counting the sessions it starts. */
function preparer(pauseMs = 0) {
  const started: SessionBody[] = [];
  const sessions = new SessionPreparer((b): Promise<SessionResponse> => {
    started.push(b);
    return startPayment(companion, '/checkout-sessions', b);
  }, pauseMs);
  return { sessions, started };
}

const newRef = () => `mug.prep${Date.now().toString(36)}${++counter}`;

describe('SessionPreparer', () => {
  it('hands Pay the prepared session when Pay asks for the same', async () => {
    const { sessions, started } = preparer();
    const ref = newRef();
    sessions.prepare(body(ref));
    await waitUntil(() => started.length === 1, 'the session was not prepared');
    // A later clock is not a change: the same request.
    const session = await sessions.take(body(ref, 'ada@example.com', 1_790_000_060));
    expect(started.length).to.equal(1);
    expect(session.order_no).to.equal(`${ref}-1`);
    expect(session.frame_url).to.match(/\/pay\//);
  });

  it('starts a fresh session at Pay when the form changed since', async () => {
    const { sessions, started } = preparer();
    const ref = newRef();
    sessions.prepare(body(ref));
    await waitUntil(() => started.length === 1, 'the session was not prepared');
    const session = await sessions.take(body(ref, 'grace@example.com'));
    expect(started.length).to.equal(2);
    expect(session.order_no, 'the unopened prepared attempt is replaced').to.equal(`${ref}-2`);
  });

  it('starts one session for a form that keeps changing, after it stays as it is', async () => {
    const { sessions, started } = preparer(50);
    const ref = newRef();
    for (const email of ['a@example.co', 'a@example.com', 'ab@example.com'])
      sessions.prepare(body(ref, email));
    sessions.prepare(body(ref, 'ab@example.com'));
    await waitUntil(() => started.length === 1, 'the session was not prepared');
    expect((started[0]?.shopper as { email: string }).email).to.equal('ab@example.com');
    sessions.prepare(body(ref, 'ab@example.com'));
    const session = await sessions.take(body(ref, 'ab@example.com'));
    expect(started.length, 'the same request is not started twice').to.equal(1);
    expect(session.order_no).to.equal(`${ref}-1`);
  });

  it('starts nothing once cancelled, and Pay starts its own', async () => {
    const { sessions, started } = preparer(0);
    const ref = newRef();
    sessions.prepare(body(ref));
    sessions.cancel();
    // Timers of the same delay fire in the order they were set: the cancelled one would be first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started.length).to.equal(0);
    expect((await sessions.take(body(ref))).order_no).to.equal(`${ref}-1`);
    expect(started.length).to.equal(1);
  });

  it('asks again at Pay when the prepared session failed', async () => {
    const { sessions, started } = preparer();
    const unknown = `nothing.prep${++counter}`;
    sessions.prepare(body(unknown));
    await waitUntil(() => started.length === 1, 'the session was not prepared');
    let failure: unknown;
    await sessions.take(body(unknown)).catch((error: unknown) => (failure = error));
    expect(started.length, "Pay's own request").to.equal(2);
    expect((failure as { code?: string }).code).to.equal('http_404');
  });
});

describe('the element, before Pay', () => {
  const sessions = '/api/checkout-sessions';
  let requests: ReturnType<typeof countRequests>;
  beforeEach(() => (requests = countRequests(sessions)));
  afterEach(() => requests.restore());

  /** An element for `ref`, its form filled in, once it has started a session (one request). */
  async function filledAndPrepared(ref: string): Promise<AcquiringCheckout> {
    const el = await elementWith({ companion, 'order-ref': ref });
    await fillValid(el);
    await waitUntil(() => requests.count() === 1, 'no session was prepared', { timeout: 5_000 });
    return el;
  }

  /** Presses Pay and answers the order number of the attempt mounted in the frame. */
  async function pay(el: AcquiringCheckout): Promise<string> {
    const mounted = oneEvent(el, 'acquiring-frame-mounted');
    part(el, 'pay-button').click();
    return (await mounted).detail.order_no as string;
  }

  it('starts the session Pay would start once the form is valid, and Pay takes it', async () => {
    const ref = orderRef('prep');
    const el = await filledAndPrepared(ref);
    // Prepared, not started: a reload would show the form, not "Continue your payment".
    expect(savedAttempt(companion, ref)).to.equal(undefined);
    expect(await pay(el)).to.equal(`${ref}-1`);
    expect(requests.count(), 'Pay sent nothing more').to.equal(1);
    expect(savedAttempt(companion, ref)?.order_no, 'saved once Pay took it').to.equal(`${ref}-1`);
  });

  it('prepares a form the page filled in, with no key pressed', async () => {
    const ref = orderRef('prep');
    const el = await elementWith({ companion, 'order-ref': ref });
    el.shopper = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
    await waitUntil(() => requests.count() === 1, 'no session was prepared', { timeout: 5_000 });
    expect(await pay(el)).to.equal(`${ref}-1`);
    expect(requests.count(), 'Pay sent nothing more').to.equal(1);
  });

  it('prepares afresh when the form changes, and Pay takes the new one', async () => {
    const ref = orderRef('prep');
    const el = await filledAndPrepared(ref);
    await type(el, 'email', 'grace@example.com');
    await waitUntil(() => requests.count() === 2, 'the change was not prepared', {
      timeout: 5_000,
    });
    // The companion replaced the unopened first attempt.
    expect(await pay(el)).to.equal(`${ref}-2`);
    expect(requests.count()).to.equal(2);
  });
});

describe('requestKey', () => {
  it('is the same for the same request in another key order, at another second', () => {
    const a = body('mug.k1');
    const b = {
      device: { ...(a.device as object), checkout_time: 1 },
      ...a,
      attempt_key: 'other-key-1',
    };
    expect(requestKey({ ...b, device: { ...(a.device as object), checkout_time: 1 } })).to.equal(
      requestKey(a),
    );
  });

  it('differs when a shopper field differs', () => {
    expect(requestKey(body('mug.k2', 'x@example.com'))).not.to.equal(requestKey(body('mug.k2')));
  });
});

describe('preconnect', () => {
  it('adds each origin once, with and without crossorigin for the companion', () => {
    const doc = document.implementation.createHTMLDocument('hints');
    preconnect('http://companion.test/payments', ['http://service.test/v1'], doc);
    preconnect('http://companion.test', ['http://service.test'], doc);
    const links = [...doc.head.querySelectorAll('link[rel="preconnect"]')].map(
      (link) => `${link.getAttribute('href')} ${link.getAttribute('crossorigin') ?? '-'}`,
    );
    expect(links).to.deep.equal([
      'http://companion.test anonymous',
      'http://companion.test -',
      'http://service.test -',
    ]);
  });
});
