/**
 * The service's word as the reconciliation job and the answer to a session's request read it
 * (attempt-machine/reports.ts), at the edges attempt-machine.test.ts leaves: a payment method's
 * issuer address, the recovery window's last millisecond, an order without an attempt, what a
 * carried-out step counts as, and when an attempt is past its lifetime. Pure: no stack.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderStatus } from 'acquiring-checkout/contract';
import {
  onDue,
  onReport,
  onServiceAnswer,
  settlementOf,
  statusAfter,
  type AttemptFacts,
  type ReportStep,
  type Word,
} from '../../../server/companion/attempt-machine/reports.ts';
import { moveOf } from '../../../server/companion/attempt-machine/transitions.ts';

const NOW = 1_000_000;
const WINDOW = 120_000;
const clock = { now: NOW, recoverAfterMs: WINDOW };
const facts = (patch: Partial<AttemptFacts>): AttemptFacts => ({
  state: 'unknown', mode: 'checkout', created_at: NOW - 1_000, error: null, page_html: '<form>', issuer_url: null, ...patch,
}); // prettier-ignore
const said = (status: string): Word => ({ found: true, status });
const settle = (event: Parameters<typeof moveOf>[0], status?: OrderStatus): ReportStep => ({
  step: 'settle',
  move: moveOf(event, status),
});

describe("the answer to a session's request", () => {
  it("holds a payment method's issuer address pending, as a checkout's page", () => {
    assert.deepEqual(onServiceAnswer({ kind: 'issuer' }), moveOf('answered', 'pending'));
  });
});

describe('an interrupted attempt the service holds pending', () => {
  const cases: [string, AttemptFacts, ReportStep][] = [
    ['a checkout whose page was kept: adopted', facts({}), settle('adopted', 'pending')],
    ['a payment method whose issuer address was kept: adopted', facts({ mode: 'apm', page_html: null, issuer_url: 'https://issuer.test/pay' }), settle('adopted', 'pending')],
    ['a payment method whose issuer address was lost: nobody can pay it', facts({ mode: 'apm', page_html: '<form>', issuer_url: null }), settle('unpayable')],
  ]; // prettier-ignore
  for (const [name, attempt, step] of cases)
    it(name, () => assert.deepEqual(onReport('unknown', attempt, said('pending'), clock), step));
});

describe("the recovery window's edge", () => {
  const creating = (age: number, error: string | null = null) =>
    facts({ state: 'creating', created_at: NOW - age, error });

  it('at exactly recoverAfterMs a request may still arrive: no record is not yet news', () => {
    assert.deepEqual(onReport('created', creating(WINDOW), { found: false }, clock), {
      step: 'ignore',
    });
  });

  it('one millisecond later it never arrived', () => {
    assert.deepEqual(
      onReport('created', creating(WINDOW + 1), { found: false }, clock),
      settle('never-arrived'),
    );
  });

  it('a request that failed for a reason of its own (not an answer) may still arrive', () => {
    assert.deepEqual(onReport('created', creating(1_000, 'timeout'), { found: false }, clock), {
      step: 'ignore',
    });
  });
});

describe('an order with no attempt the machine can read', () => {
  it('takes no news of a record the service does not have', () => {
    assert.deepEqual(onReport('created', undefined, { found: false }, clock), { step: 'ignore' });
  });

  it("takes the service's unpaid end as a status, with no attempt to end", () => {
    assert.deepEqual(onReport('pending', undefined, said('declined'), clock), {
      step: 'record',
      status: 'declined',
    });
  });

  it('an attempt past its lifetime takes a late decline as a status, and stays expired', () => {
    assert.deepEqual(onReport('expired', facts({ state: 'expired' }), said('declined'), clock), {
      step: 'record',
      status: 'declined',
    });
  });
});

describe("the order's status after a step", () => {
  const cases: [string, ReportStep, OrderStatus | undefined][] = [
    ['nothing to record: none', { step: 'ignore' }, undefined],
    ['a status recorded: that status', { step: 'record', status: 'authorised' }, 'authorised'],
    ["an attempt adopted: the service's status", settle('adopted', 'captured'), 'captured'],
    ['an attempt that never arrived: failed', settle('never-arrived'), 'failed'],
  ];
  for (const [name, step, status] of cases) it(name, () => assert.equal(statusAfter(step), status));
});

describe('what the reconciliation job counts a carried-out step as', () => {
  const cases: [string, ReportStep, boolean, string][] = [
    ['a status recorded', { step: 'record', status: 'authorised' }, true, 'settled'],
    ['a status nobody wrote (another writer was first)', { step: 'record', status: 'authorised' }, false, 'unchanged'],
    ['nothing to record', { step: 'ignore' }, true, 'unchanged'],
    ['an attempt adopted', settle('adopted', 'pending'), true, 'settled'],
    ['an attempt that ended unpaid', settle('adopted-over', 'declined'), true, 'settled'],
    ['an attempt settled by another writer', settle('adopted', 'pending'), false, 'unchanged'],
    ['a request that never arrived', settle('never-arrived'), true, 'never-arrived'],
    ['an attempt whose page was lost', settle('unpayable'), true, 'abandoned'],
    ['an attempt past its lifetime', settle('expired'), true, 'expired'],
  ]; // prettier-ignore
  for (const [name, step, written, settlement] of cases)
    it(`${name}: ${settlement}`, () => assert.equal(settlementOf(step, written), settlement));
});

describe('a due order: a query, or past its lifetime one last look', () => {
  const TTL = 900_000;
  const cases: [string, number, 'query' | 'last look'][] = [
    ['a young attempt', NOW - 1_000, 'query'],
    ['at exactly its lifetime', NOW - TTL, 'query'],
    ['one millisecond past it', NOW - TTL - 1, 'last look'],
  ];
  for (const [name, attemptAt, due] of cases)
    it(`${name}: ${due}`, () => assert.equal(onDue(attemptAt, NOW, TTL), due));
});
