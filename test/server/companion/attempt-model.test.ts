/**
 * The attempt lifecycle, tested against a model (fast-check's model-based commands): random
 * sequences of session requests, payments and declines, lost, late and replayed notifications,
 * reconciliations, crashes at durable steps and clock jumps, against the real store (SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set) and the real sandbox. After every step: at most one
 * live attempt per order (creating, ready or unknown), nothing charged twice, every request
 * answered (within a second while the order's attempt is being recovered), and the store
 * agreeing with the service about every settled order; after every reconciliation, nothing left
 * waiting on the service past its lifetime; at the end of each run, all of it once settled.
 *
 * A fixed seed and 30 runs in `npm test`; MODEL_SEED and MODEL_RUNS for a longer run (figures in
 * docs/site/companion/crash-consistency.md), MODEL_PATH to run a failed run's sequence again.
 */
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { COMMANDS, type Model } from './model/commands.ts';
import { checkSettled } from './model/invariants.ts';
import { ModelSystem } from './model/system.ts';

const SEED = Number(process.env.MODEL_SEED ?? 20261124);
const RUNS = Number(process.env.MODEL_RUNS ?? 30);
/** A failed run's `path` (from its report), to run that sequence alone again. */
const PATH = process.env.MODEL_PATH;
const MAX_COMMANDS = 16;

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

    it(`holds its invariants over ${RUNS} random runs (seed ${SEED})`, async (t) => {
      let run = 0;
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.commands(COMMANDS, { maxCommands: MAX_COMMANDS, size: 'max' }),
          async (commands) => {
            const refs = [0, 1].map((i) => `mug.m${database.name[0]}${run}x${i}`);
            run++;
            steps += [...commands].length;
            const model: Model = { refs, pages: new Map(), shown: new Map() };
            await fc.asyncModelRun(() => ({ model, real: system }), commands);
            await checkSettled(system, refs);
          },
        ),
        {
          seed: SEED,
          numRuns: RUNS,
          endOnFailure: true,
          includeErrorInReport: true,
          ...(PATH ? { path: PATH } : {}),
        },
      );
      t.diagnostic(`${run} runs, ${steps} steps, ${system.crashes} crashes (seed ${SEED})`);
    });
  });
}
