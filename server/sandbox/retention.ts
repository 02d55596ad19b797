/**
 * A public demo's sandbox forgets what is older than `retentionMs`: orders, their refunds, expired
 * payment sessions and notifications no longer due (payouts and card tokens are kept). Checked
 * at most once a minute, from the engine's tick.
 */
import type { Engine } from './engine.ts';

const EVERY_MS = 60_000;
const lastRun = new WeakMap<Engine, number>();

export function pruneOld(engine: Engine, retentionMs: number): void {
  const now = engine.now();
  if (now - (lastRun.get(engine) ?? 0) < EVERY_MS) return;
  lastRun.set(engine, now);
  const before = now - retentionMs;
  engine.store.transaction(() => {
    engine.store.db.prepare('DELETE FROM refunds WHERE created_at < ?').run([before]);
    engine.store.db.prepare('DELETE FROM orders WHERE created_at < ?').run([before]);
    engine.store.db
      .prepare("DELETE FROM sessions WHERE json_extract(doc, '$.expires_at') < ?")
      .run([before]);
    engine.store.db.prepare("DELETE FROM notifications WHERE state <> 'pending'").run();
  });
}
