/**
 * A node:test reporter that writes, for each test file, the seconds its top-level tests and
 * suites took, one `file<TAB>seconds` line each, to the file TEST_TIMES_REPORT names: the test
 * runner groups files by these times (scripts/test/times.json), and a group runs several files
 * in one process. A top-level test's start is written too (`file<TAB>0`), so that a file is seen
 * to have run even when its end is not.
 *
 * It writes synchronously, as each event arrives, rather than yielding to a destination:
 * --test-force-exit ends the process once the run's own stream closes, before a destination
 * stream has flushed, and the last file's lines were lost so (seen in CI as "no test ran" in a
 * file that had passed).
 */
import { appendFileSync } from 'node:fs';

// A reporter is a generator of what it prints; this one prints nothing (its destination is /dev/null).
// eslint-disable-next-line require-yield
export default async function* times(source) {
  const report = process.env.TEST_TIMES_REPORT;
  for await (const event of source) {
    const { nesting, file, details } = event.data ?? {};
    if (!report || nesting !== 0 || !file) continue;
    if (event.type === 'test:start') appendFileSync(report, `${file}\t0\n`);
    if (event.type === 'test:pass' || event.type === 'test:fail')
      appendFileSync(report, `${file}\t${(details.duration_ms ?? 0) / 1000}\n`);
  }
}
