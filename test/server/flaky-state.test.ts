/**
 * The test pool's flaky jobs across runs (scripts/test/flaky-state.mjs): a job that failed and
 * then passed is reported, and the same job flaking on the next run too fails that run.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- a script's module, plain JavaScript without types
import { judgeFlakes, previousFlakes } from '../../scripts/test/flaky-state.mjs';

const job = (name: string, files?: string[]) => ({ name, ...(files ? { files } : {}) });

describe('flaky jobs, run after run', () => {
  it('fails a job only when it flaked on the previous run too, known by its files', () => {
    const folder = mkdtempSync(join(tmpdir(), 'flaky-'));
    const state = join(folder, 'flaky.json');
    try {
      const flows = job('e2e 3: 2 files', ['test/e2e/b.test.ts', 'test/e2e/a.test.ts']);
      const widget = job('widget: three engines');
      assert.deepEqual(judgeFlakes([flows], state), [], 'a first flake is reported, not failed');
      // The next run groups the same files under another number: still the same job.
      const again = job('e2e 5: 2 files', ['test/e2e/a.test.ts', 'test/e2e/b.test.ts']);
      assert.deepEqual(judgeFlakes([again, widget], state), [again]);
      assert.deepEqual(judgeFlakes([widget], state), [widget]);
      // A run with no flake clears the record: one flake later is a first one again.
      assert.deepEqual(judgeFlakes([], state), []);
      assert.deepEqual([...previousFlakes(state)], []);
      assert.deepEqual(judgeFlakes([widget], state), []);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
