/**
 * The attempt lifecycle, tested against a model (fast-check's model-based commands): random
 * sequences of payments of every kind (checkout sessions, cards, a payment method, a saved card),
 * payment pages opened (the latest or an older one) and paid or declined there, pages prepared
 * before Pay (loaded out of sight, shown at Pay, paid or declined on later), lost, late and
 * replayed notifications, reconciliations, crashes at durable steps and clock jumps, against the
 * real store (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and the real sandbox. Every
 * command predicts its answer from what the test knows (model/knowledge.ts: a new attempt, the
 * live one again, paid, busy, try again; a page served or gone; a prepared page opened or gone)
 * and fails on any other. After
 * every step: at most one live attempt per order, nothing charged twice, every request answered
 * (within a second while the order's attempt is being recovered), and the store agreeing with
 * the service about every settled order; after every reconciliation, nothing left waiting on the
 * service past its lifetime; at the end of each run, once the clock moves, every order the
 * service holds money for paid at the companion and every other one ended.
 *
 * `npm test`: a fixed seed, MODEL_RUNS runs of at most MODEL_STEPS commands (the budget that kills
 * the planted bugs in docs/site/project/testing.md); `npm run test:model` a longer run on a new
 * seed. MODEL_SEED to repeat one, MODEL_PATH to run a failed run's (shrunk) sequence again.
 */
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { COMMANDS } from './model/commands.ts';
import { newModel } from './model/knowledge.ts';
import { checkSettled } from './model/invariants.ts';
import { ModelSystem } from './model/system.ts';

/** The CI's seed; `random` (npm run test:model) a new one each run, printed to repeat it. */
const SEED =
  process.env.MODEL_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.MODEL_SEED ?? 20261124);
const RUNS = Number(process.env.MODEL_RUNS ?? 40);
/** A failed run's `path` (from its report), to run that sequence alone again. */
const PATH = process.env.MODEL_PATH;
const MAX_COMMANDS = Number(process.env.MODEL_STEPS ?? 20);

for (const database of TEST_DATABASES) {
  describe(`the attempt lifecycle against its model, on ${database.name}`, () => {
    let system: ModelSystem;
    let drop: () => Promise<void> = async () => undefined;
    const folder = mkdtempSync(join(tmpdir(), 'attempt-model-'));
    before(async () => {
      const created =
        database.name === 'sqlite'
          ? { location: join(folder, 'companion.sqlite'), drop: async () => undefined }
          : await database.create();
      drop = created.drop;
      system = await ModelSystem.start(created.location, 2_000);
    });
    after(async () => {
      await system?.close();
      await drop();
      rmSync(folder, { recursive: true, force: true });
    });

    it(`predicts every answer and holds its invariants over ${RUNS} random runs of at most ${MAX_COMMANDS} commands (seed ${SEED})`, async (t) => {
      // Printed first: a run cut short still says which seed to repeat.
      t.diagnostic(`seed ${SEED}, ${RUNS} runs, at most ${MAX_COMMANDS} commands`);
      let run = 0;
      let steps = 0;
      const depth = new Map<string, { sent: number; ok: number }>();
      await fc.assert(
        fc.asyncProperty(
          fc.commands(COMMANDS, { maxCommands: MAX_COMMANDS, size: 'max' }),
          async (commands) => {
            const refs = [0, 1].map((i) => `mug.m${database.name[0]}${run}x${i}`);
            run++;
            steps += [...commands].length;
            const model = newModel(refs, system.savedCard);
            try {
              await fc.asyncModelRun(() => ({ model, real: system }), commands);
              await checkSettled(system, model);
            } finally {
              for (const [what, { sent, ok }] of model.depth) {
                const seen = depth.get(what) ?? { sent: 0, ok: 0 };
                depth.set(what, { sent: seen.sent + sent, ok: seen.ok + ok });
              }
            }
          },
        ),
        {
          seed: SEED,
          numRuns: RUNS,
          // Shrinking on: a failure comes back as the shortest sequence that still fails.
          includeErrorInReport: true,
          ...(PATH ? { path: PATH } : {}),
        },
      );
      const reached = [...depth].map(([what, { sent, ok }]) => `${what} ${ok}/${sent}`).join(', ');
      t.diagnostic(`${run} runs, ${steps} steps, ${system.crashes} crashes (seed ${SEED}); answered 2xx: ${reached}`); // prettier-ignore
      // The budget reaches every kind: each way to pay started, pages served, prepared and shown.
      for (const what of ['checkout', 'card', 'apm', 'saved_card', 'page', 'posted', 'opened'])
        assert.ok((depth.get(what)?.ok ?? 0) > 0, `no ${what} answered 2xx in ${run} runs`);
    });
  });
}
