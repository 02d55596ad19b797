/**
 * Test controls, off unless `admin` is set: fault knobs per merchant, the sandbox clock, and a
 * look at the notifications. Never enable on a sandbox others can reach.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import type { Engine } from './engine.ts';

const Faults = z.strictObject({
  merchant_id: z.string().min(1),
  delay_ms: z.number().int().min(0).max(120_000).optional(),
  drop_connection: z.number().int().min(0).optional(),
  drop_after_acting: z.number().int().min(0).optional(),
  status_5xx: z.number().int().min(0).optional(),
  bad_signature: z.number().int().min(0).optional(),
  drop_notifications: z.number().int().min(0).optional(),
  deny_framing: z.boolean().optional(),
});

const Clock = z.strictObject({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(10 * 366 * 86_400_000),
});

export function adminRouter(engine: Engine): Router {
  const router = express.Router();
  router.use(express.json({ limit: '10kb' }));

  /** Replaces the merchant's faults with these (an empty set clears them). */
  router.post('/faults', (request, response) => {
    const parsed = Faults.safeParse(request.body);
    if (!parsed.success)
      return void response
        .status(400)
        .json({ error: 'invalid_input', issues: z.flattenError(parsed.error).fieldErrors });
    const { merchant_id, ...faults } = parsed.data;
    engine.setFaults(merchant_id, faults);
    response.json({ merchant_id, ...faults });
  });

  router.get('/faults/:merchantId', (request, response) => {
    response.json(engine.faults(request.params.merchantId));
  });

  /** Moves the sandbox clock forward, then runs the due charges and settlements. */
  router.post('/clock', async (request, response) => {
    const parsed = Clock.safeParse(request.body);
    if (!parsed.success)
      return void response
        .status(400)
        .json({ error: 'invalid_input', issues: z.flattenError(parsed.error).fieldErrors });
    engine.advanceClock(parsed.data.advance_ms);
    await engine.tickNow();
    response.json({ now: new Date(engine.now()).toISOString() });
  });

  router.post('/tick', async (_request, response) => {
    await engine.tickNow();
    response.json({ now: new Date(engine.now()).toISOString() });
  });

  /** The sandbox's record of a payment by its order_no: status, history and the data it came with. */
  router.get('/orders/:orderNo', (request, response) => {
    const [order] = engine.store.orders.where('order_no = ?', request.params.orderNo);
    if (!order) return void response.status(404).json({ error: 'record_not_found' });
    response.json(order);
  });

  router.get('/notifications', (_request, response) => {
    response.json(engine.store.notifications());
  });
  return router;
}
