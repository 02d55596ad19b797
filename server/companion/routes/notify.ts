/**
 * notify_url: the raw body's signature header is checked in constant time before the body is
 * parsed; a forged or stale notification is refused and changes nothing.
 */
import express, { type Router } from 'express';
import { NOTIFICATION_SIGNATURE_HEADER, verifyNotification } from '../../gateway/index.ts';
import type { Context } from '../context.ts';
import { applyNotification, readNotification } from '../notifications.ts';
import { Problem } from '../problem.ts';

export function notifyRouter(ctx: Context): Router {
  const router = express.Router();
  router.post('/', express.raw({ type: () => true, limit: '64kb' }), async (request, response) => {
    const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const keys = ctx.config.gateway.verificationKeys ?? [ctx.config.gateway.secretKey];
    const check = verifyNotification(raw, request.get(NOTIFICATION_SIGNATURE_HEADER), keys);
    if (!check.ok) {
      ctx.log.warn({ reason: check.reason }, 'notification refused');
      throw new Problem(401, 'Notification refused', check.reason);
    }
    const notification = readNotification(ctx, raw);
    if (!notification)
      throw new Problem(400, 'Not a notification', 'the body is not a signed notification');
    const stored = await ctx.store.recordNotification({
      notification_id: notification.notification_id,
      order_no: notification.order_no ?? null,
      event: notification.event,
      sequence: notification.sequence,
      body: raw,
    });
    response.status(200).json({ received: true, duplicate: !stored });
    if (!stored) return;
    // Acknowledged first: the service need not wait for us, and what is stored is applied even
    // if this process stops now (applyPending runs at start-up).
    setImmediate(() => {
      applyNotification(ctx, notification).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'applying a notification failed'),
      );
    });
  });
  return router;
}
