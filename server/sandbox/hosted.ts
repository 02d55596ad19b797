/**
 * What the shopper does on the hosted payment page: pay with a card, pass or fail the simulated
 * 3-D Secure challenge, or cancel. Each ends with the address to send the shopper back to.
 */
import { newId, type Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { saveOrder, settleWithCard } from './payments.ts';
import { liveSession, returnLocation } from './sessions.ts';
import type { CardExpiry, Order, Session } from './records.ts';
import { transition } from './state-machine.ts';
import { cardBehaviour, CHALLENGE_CODE } from './test-inputs.ts';

export type HostedStep = { next: 'challenge' } | { next: 'return'; location: string; order: Order };

function close(engine: Engine, session: Session): void {
  engine.store.sessions.put({ token: session.token }, { ...session, expires_at: 0, card: '' });
}

/**
 * Ends the hosted page. A card the checkout asked to store (token_flag YES) that went through is
 * stored, and a `payment.card_saved` notification tells the merchant its token, masked number
 * and expiry: the merchant never saw the card on this page.
 */
function finish(engine: Engine, session: Session, order: Order): HostedStep {
  let settled = order;
  if (session.token_flag && session.card && order.order_status !== '0') {
    const tokenId = newId('TK');
    engine.store.cardTokens.put(
      { token_id: tokenId, merchant_id: order.merchant_id },
      { token_id: tokenId, merchant_id: order.merchant_id, card: session.card },
    );
    settled = engine.notifyOrder({ ...order, token_id: tokenId }, 'payment.card_saved', {
      token_id: tokenId,
      card: order.card,
      expiration_month: session.expiry?.month,
      expiration_year: session.expiry?.year,
    });
    saveOrder(engine, settled);
  }
  close(engine, session);
  return { next: 'return', location: returnLocation(engine, session, settled), order: settled };
}

/** The card form was sent. A card that asks for 3-D Secure goes to the challenge first. */
export function payOnHostedPage(
  engine: Engine,
  token: string,
  card: string,
  expiry?: CardExpiry,
): HostedStep {
  return engine.store.transaction(() => {
    const { session, order } = liveSession(engine, token, 'checkout');
    if (order.payment_status !== 'pending')
      throw new HttpError(400, 'this payment is already finished');
    const withCard = { ...session, card, ...(expiry ? { expiry } : {}) };
    if (cardBehaviour(card).behaviour === 'challenge') {
      engine.store.sessions.put({ token }, withCard);
      return { next: 'challenge' };
    }
    return finish(engine, withCard, settleWithCard(engine, order, card, false));
  });
}

/** The 3-D Secure challenge was answered: the right code authenticates, any other fails it. */
export function answerChallenge(engine: Engine, token: string, code: string): HostedStep {
  return engine.store.transaction(() => {
    const { session, order } = liveSession(engine, token, 'checkout');
    if (!session.card || order.payment_status !== 'pending')
      throw new HttpError(400, 'no challenge is waiting for this payment');
    if (code === CHALLENGE_CODE)
      return finish(engine, session, settleWithCard(engine, order, session.card, true));
    return finish(
      engine,
      session,
      end(engine, order, 'failed', 'challenge-failed', '3002:3-D Secure authentication failed'),
    );
  });
}

/** The shopper cancelled on the hosted page. */
export function cancelOnHostedPage(engine: Engine, token: string): HostedStep {
  return engine.store.transaction(() => {
    const { session, order } = liveSession(engine, token, 'checkout');
    if (order.payment_status !== 'pending') return finish(engine, session, order);
    // The shopper's own choice, not a failure: the payment is cancelled, and says who did it.
    return finish(
      engine,
      session,
      end(engine, order, 'cancelled', 'shopper-cancelled', '4001:Cancelled by the shopper'),
    );
  });
}

function end(
  engine: Engine,
  order: Order,
  to: 'failed' | 'cancelled',
  event: string,
  resultInfo: string,
): Order {
  const moved = transition(order, to, event, engine.now());
  if (!moved.ok) throw new HttpError(400, moved.error);
  const ended = engine.notifyOrder(
    { ...moved.order, order_status: '0', result_info: resultInfo },
    `payment.${to}`,
  );
  saveOrder(engine, ended);
  return ended;
}
