/** The model-based test's commands' common part: act, let the system settle, check the invariants. */
import fc from 'fast-check';
import type { ModelSystem } from './system.ts';
import { checkInvariants } from './invariants.ts';
import type { Model } from './knowledge.ts';

export type Command = fc.AsyncCommand<Model, ModelSystem>;

/** A command: does its part, then the system settles and the invariants are checked. */
export abstract class Step implements Command {
  abstract toString(): string;
  abstract act(model: Model, system: ModelSystem): Promise<void>;
  check(): boolean {
    return true;
  }
  async run(model: Model, system: ModelSystem): Promise<void> {
    await this.act(model, system);
    // A crash in the command: the companion is started again before anything else happens.
    await system.quiesce();
    await checkInvariants(system, model);
  }
}
