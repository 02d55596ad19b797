/**
 * The attempt machine is the only place an order's status or an attempt's state is written or
 * compared: the companion's other sources name them only through it (its events, its functions'
 * answers, its derived lists). This reads every source file outside attempt-machine/ and lists
 * each string literal that spells a status or a state; the few that mean something else (a Redis
 * event, a column, a payout's status, a token's role) are listed below with what they are, exactly as often as
 * they occur, so a new one anywhere fails.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ORDER_STATUSES } from 'acquiring-checkout/contract';
import { ATTEMPT_STATES } from '../../../server/companion/attempt-machine/transitions.ts';

const COMPANION = fileURLToPath(new URL('../../../server/companion/', import.meta.url));
const MACHINE = 'attempt-machine';
const WORDS = new Set<string>([...ORDER_STATUSES, ...ATTEMPT_STATES]);

/** Literals that spell a status but are not one: file → literal → how often, and what it is. */
const NOT_STATUSES: Record<string, Record<string, [number, string]>> = {
  'observability/health.ts': { ready: [1, "a Redis client's event"] },
  'http/rate-limit-store.ts': { ready: [3, "a Redis client's event"] },
  'store/rows.ts': { captured: [1, 'the amount column'], refunded: [1, 'the amount column'] },
  'store/migrations.ts': { captured: [1, 'the amount column'], refunded: [1, 'the amount column'] },
  'http/routes/payout-operation.ts': { failed: [3, "a payout's status (the service's)"] },
  'http/routes/operations.ts': { unknown: [1, "an interrupted operation's outcome"] },
  'http/routes/audit.ts': {
    failed: [3, "an audit entry's outcome"],
    unknown: [1, "an order's answer in an audit entry: the service's outcome unknown"],
  },
  'http/routes/batch.ts': {
    unknown: [1, "an order's answer in an audit entry: the outcome unknown"],
  },
  'store/audit-schema.ts': { failed: [1, "an audit entry's outcome"] },
  'http/routes/operations-table.ts': {
    cancelled: [1, "a subscription's recurring_status"],
    review: [1, 'the role the review operation needs'],
  },
  'config/access.ts': { review: [1, 'a role of the operations tokens'] },
  'observability/metrics.ts': { failed: [1, "a reconciliation run's outcome label"] },
  'settlement/reconcile.ts': { failed: [1, "a reconciliation run's outcome label"] },
};

/** The companion's TypeScript sources outside the machine, relative to the companion. */
function sources(folder = COMPANION): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === MACHINE ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [relative(COMPANION, path)] : [];
  });
}

/** How often each status word is a string literal in `file` (comments and prose aside). */
function statusLiterals(file: string): Record<string, number> {
  const text = readFileSync(join(COMPANION, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Record<string, number> = {};
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && WORDS.has(node.text))
      found[node.text] = (found[node.text] ?? 0) + 1;
    ts.forEachChild(node, visit);
  }; // prettier-ignore
  visit(source);
  return found;
}

describe("the companion's sources outside the attempt machine", () => {
  const files = sources();

  it('are all read (the walk finds the companion)', () => {
    assert.ok(files.includes('settlement/notifications.ts') && files.includes('store/attempts.ts'));
    assert.ok(!files.some((file) => file.startsWith(MACHINE)));
  });

  it('write or compare no order status or attempt state of their own', () => {
    const found = Object.fromEntries(
      files
        .map((file) => [file, statusLiterals(file)] as const)
        .filter(([, literals]) => Object.keys(literals).length > 0),
    );
    const known = Object.fromEntries(
      Object.entries(NOT_STATUSES).map(([file, literals]) => [
        file,
        Object.fromEntries(Object.entries(literals).map(([word, [count]]) => [word, count])),
      ]),
    );
    assert.deepEqual(found, known);
  });
});
