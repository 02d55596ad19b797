/**
 * notify_url: the raw body's signature header is checked in constant time before the body is
 * parsed; a forged or stale notification is refused and changes nothing.
 */
import express, { type Router } from 'express';
import { NOTIFICATION_SIGNATURE_HEADER, verifyNotification } from '../../../gateway/index.ts';
import { forRequest, scoped, type EdgeContext } from '../edge-context.ts';
import { applyNotification, readNotification } from '../../settlement/index.ts';
import { reached, Problem, refusal } from '../../core/index.ts';

export function notifyRouter(ctx: EdgeContext): Router {
  const router = express.Router();
  // The signature is over the raw bytes: a host app's body parser in front of the companion has
  // consumed them, and no re-serialisation is certain to give them back. Say so loudly (a 500,
  // so the service keeps retrying until the mount is fixed) rather than refuse every notification.
  router.post('/', (request, response, next) => {
    // Express 5 leaves req.body undefined until a parser fills it.
    if (request.body === undefined) return next();
    forRequest(ctx, response).log.error(
      'a body parser ran before the companion router: notifications cannot be verified',
    );
    throw new Problem(
      500,
      'Companion mounted after a body parser',
      'mount the companion router before express.json() or any other body parser: a notification is verified over its raw body',
    );
  });
  router.post(
    '/',
    express.raw({ type: () => true, limit: '64kb' }),
    scoped(ctx, async (ctx, request, response) => {
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const keys = ctx.config.gateway.verificationKeys ?? [ctx.config.gateway.secretKey];
      const check = verifyNotification(raw, request.get(NOTIFICATION_SIGNATURE_HEADER), keys);
      if (!check.ok) {
        ctx.metrics.notifications.inc({ outcome: check.problem });
        ctx.log.warn({ reason: check.reason }, 'notification refused');
        throw refusal(401, 'Notification refused', NOTIFICATION_SIGNATURE_HEADER, check.reason);
      }
      const reading = readNotification(ctx, raw);
      if (!reading.ok) {
        ctx.metrics.notifications.inc({ outcome: 'unreadable' });
        ctx.log.warn({ field: reading.field, reason: reading.reason }, 'notification unreadable');
        throw refusal(400, 'Not a notification', reading.field, reading.reason);
      }
      const { notification } = reading;
      const { body } = notification;
      const stored = await ctx.store.notifications.record({
        notification_id: body.notification_id,
        order_no: notification.kind === 'payment' ? notification.body.order_no : null,
        event: body.event,
        sequence: body.sequence,
        body: raw,
      });
      if (stored) reached('notification.stored');
      else ctx.metrics.notifications.inc({ outcome: 'duplicate' });
      const lag = secondsSince(body.event_time);
      if (stored && lag !== undefined) ctx.metrics.notificationLag.observe(lag);
      response.status(200).json({ received: true, duplicate: !stored });
      if (!stored) return;
      // Acknowledged first: the service need not wait for us, and what is stored is applied even
      // if this process stops now (applyPending runs at start-up).
      setImmediate(() => {
        reached('notification.acknowledged');
        applyNotification(ctx, notification).catch((error: unknown) =>
          ctx.log.error({ err: error }, 'applying a notification failed'),
        );
      });
    }),
  );
  return router;
}

/** Seconds since a service timestamp (`YYYYMMDDhhmmss`, read as UTC); undefined if it is none. */
function secondsSince(eventTime: string | undefined): number | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(eventTime ?? '');
  if (!parts) return undefined;
  const [y = 0, mo = 0, d, h, mi, s] = parts.slice(1).map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(at) ? undefined : Math.max(0, (Date.now() - at) / 1000);
}
