/**
 * The audit trail (issue 24): every operations request that can move money is written with who
 * asked (`X-Actor`, else the token's name), on which orders, for how much (minor units and
 * currency, per order) and what the service answered (per order, with its error), refusals
 * included. On each store.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAYOUT, sessionBody, stackOn, startStack, type Stack } from '../helpers/companion.ts';
import { cardPayment } from '../helpers/sandbox.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { until } from '../helpers/until.ts';
import type { Entry } from '../helpers/audit.ts';

const REVIEW_CARD = '4000000000009235';

for (const database of TEST_DATABASES) {
  describe(`the audit trail of the operations API, on ${database.name}`, () => {
    const suite = stackOn(database);
    const ops = (path: string, body?: unknown, headers?: Record<string, string>) =>
      suite.stack.ops(path, body, headers);
    /** An order's entries, newest first. */
    const entriesOf = async (ref: string) =>
      (await ops(`/audit?order_ref=${encodeURIComponent(ref)}`)).body.entries as Entry[];
    /** What an entry says in a line: operation, who, each order's amount, outcome, results. */
    const said = (e: Entry | undefined) => [
      e?.operation,
      e?.actor,
      e?.amounts.map((a) => `${a.ref} ${a.amount_minor} ${a.currency}${a.decision ? ` ${a.decision}` : ''}`),
      e?.outcome,
      e?.results?.map((r) => `${r.ref} ${r.status}${r.ok ? '' : ' (not ok)'}`) ?? null,
    ]; // prettier-ignore

    async function paidOrder(ref: string, card = '4111111111111111'): Promise<void> {
      const session = await suite.stack.widget('/checkout-sessions', sessionBody(ref));
      await suite.stack.payHosted(String(session.body.frame_url), card);
      await suite.stack.waitForStatus(ref, card === REVIEW_CARD ? 'review' : 'authorised');
    }

    it('records a capture with its actor and amount, a refused refund, and a replay, newest first', async () => {
      await paidOrder('mug.audit1');
      const actor = { 'x-actor': 'ada@shop.example', 'idempotency-key': 'audit-capture-1' };
      const capture = { orders: [{ order_ref: 'mug.audit1' }] };
      assert.equal((await ops('/capture', capture, actor)).status, 200);
      const refused = await ops('/refund', { orders: [{ order_ref: 'mug.audit1', amount: '-1' }] }, { 'idempotency-key': 'audit-refund-1' });
      assert.equal(refused.status, 400);
      assert.equal((await ops('/capture', capture, actor)).headers.get('idempotent-replayed'), 'true');

      const [replay, refund, first] = await entriesOf('mug.audit1');
      assert.deepEqual(
        [first, refund, replay].map((e) => [e?.operation, e?.actor, e?.targets, e?.status_code, e?.outcome]),
        [
          ['capture', 'ada@shop.example', ['mug.audit1'], 200, 'done'],
          ['refund', 'default', ['mug.audit1'], 400, 'refused'],
          ['capture', 'ada@shop.example', ['mug.audit1'], 200, 'replayed'],
        ],
      );
      assert.deepEqual(first?.amounts, [{ ref: 'mug.audit1', amount: '12.00', amount_minor: 1200, currency: 'USD' }]);
      assert.deepEqual(first?.results, [{ ref: 'mug.audit1', ok: true, status: 'success' }]);
      assert.equal(first?.idempotency_key, 'audit-capture-1');
      assert.match(first?.request_id ?? '', /^[\w.-]+$/);
      assert.ok((first?.completed_at ?? 0) >= (first?.at ?? Infinity), 'completed after it was requested');
      assert.deepEqual(refund?.error, { code: 'Invalid request', message: 'orders.0.amount: a decimal string like 10.50' });
    }); // prettier-ignore

    it('records a refused request whatever it names: an order reference too long for any index', async () => {
      const long = `mug.${'x'.repeat(6_000)}`;
      const refused = await ops('/capture', { orders: [{ order_ref: long }] }, { 'x-actor': 'fuzzer' });
      assert.equal(refused.status, 400);
      const { entries } = (await ops('/audit?actor=fuzzer')).body as { entries: Entry[] };
      assert.deepEqual(
        entries.map((e) => [e.operation, e.outcome, e.status_code, e.targets[0]?.length]),
        [['capture', 'refused', 400, long.length]],
      );
    }); // prettier-ignore

    it('refuses a payout reference longer than the list can filter on, naming it', async () => {
      const payout = { ...PAYOUT, reference: 'r'.repeat(3_000) };
      const refused = await ops('/payouts', payout, { 'idempotency-key': 'audit-payout-long' });
      assert.equal(refused.status, 400);
      assert.match(String(refused.body.detail), /^reference: at most 64 characters/);
    });

    it('records each order of a batch with its own amount and answer: a partial capture, and a refusal', async () => {
      await paidOrder('tee.audit2');
      await paidOrder('mug.audit3');
      assert.equal((await ops('/cancel', { orders: [{ order_ref: 'mug.audit3' }] })).status, 200);
      const batch = {
        orders: [{ order_ref: 'tee.audit2', amount: '5.00' }, { order_ref: 'mug.audit3' }],
      };
      assert.equal((await ops('/capture', batch, { 'x-actor': 'grace' })).status, 200);

      const [capture] = await entriesOf('tee.audit2');
      assert.deepEqual(said(capture), [
        'capture', 'grace', ['tee.audit2 500 USD', 'mug.audit3 1200 USD'], 'partial',
        ['tee.audit2 success', 'mug.audit3 failed (not ok)'],
      ]); // prettier-ignore
      assert.match(capture?.results?.[1]?.error_message ?? '', /cancelled/);
      assert.equal(capture?.error?.message, capture?.results?.[1]?.error_message);
      const [cancel] = (await entriesOf('mug.audit3')).slice(1);
      assert.deepEqual(said(cancel), ['cancel', 'default', ['mug.audit3 1200 USD'], 'done', ['mug.audit3 success']]); // prettier-ignore
    });

    it('records refunds, and the service’s refusal of one above what is left, with its message', async () => {
      await paidOrder('mug.audit4');
      await ops('/capture', { orders: [{ order_ref: 'mug.audit4' }] });
      const refund = (amount: string) => ops('/refund', { orders: [{ order_ref: 'mug.audit4', amount }] }, { 'x-actor': 'refund-desk' }); // prettier-ignore
      await refund('10.00');
      await refund('2.01');
      const [above, partial] = await entriesOf('mug.audit4');
      assert.deepEqual(said(partial), ['refund', 'refund-desk', ['mug.audit4 1000 USD'], 'done', ['mug.audit4 success']]); // prettier-ignore
      assert.deepEqual(said(above), ['refund', 'refund-desk', ['mug.audit4 201 USD'], 'refused', ['mug.audit4 failed (not ok)']]); // prettier-ignore
      assert.equal(
        above?.error?.message,
        'refund of 2.01 USD is above what is left to refund, 2.00 USD',
      );
    });

    it('records a review decision', async () => {
      await paidOrder('mug.audit5', REVIEW_CARD);
      const decision = { orders: [{ order_ref: 'mug.audit5', decision: 'approve' }] };
      assert.equal((await ops('/review', decision, { 'x-actor': 'risk-team' })).status, 200);
      const [review] = await entriesOf('mug.audit5');
      assert.deepEqual(said(review), ['review', 'risk-team', ['mug.audit5 1200 USD approve'], 'done', ['mug.audit5 approved']]); // prettier-ignore
    });

    it('records a subscription cancelled, with the amount it would have gone on charging', async () => {
      await paidOrder('coffee.audit6');
      await suite.stack.companion.companion.reconcile();
      const answer = await ops('/cancel-subscription', { order_ref: 'coffee.audit6' }, { 'x-actor': 'support' }); // prettier-ignore
      assert.equal(answer.body.cancel_status, 'success');
      const [cancelled] = await entriesOf('coffee.audit6');
      assert.deepEqual(said(cancelled), ['cancel-subscription', 'support', ['coffee.audit6 1500 USD'], 'done', ['coffee.audit6 success']]); // prettier-ignore
    });

    it('records a direct payment with a stored card', async () => {
      const saved = await suite.stack.sandbox.client().directPayment({ ...cardPayment('audit-token-1'), token_flag: 'YES' }); // prettier-ignore
      const paid = await ops('/direct-payments', { order_ref: 'tee.audit7', token_id: saved.token_id }, { 'x-actor': 'billing-job' }); // prettier-ignore
      assert.equal(paid.status, 201);
      const [payment] = await entriesOf('tee.audit7');
      assert.deepEqual(said(payment), ['direct-payments', 'billing-job', ['tee.audit7 2500 USD'], 'done', ['tee.audit7 authorised']]); // prettier-ignore
    });

    it('records a payout under its reference, and one the service refused', async () => {
      const payout = { ...PAYOUT, reference: 'audit-payout-1' };
      const paid = await ops('/payouts', payout, { 'idempotency-key': 'audit-payout-1', 'x-actor': 'treasury' }); // prettier-ignore
      assert.equal(paid.status, 201);
      const [entry] = await entriesOf('audit-payout-1');
      assert.deepEqual(said(entry).slice(0, 4), ['payouts', 'treasury', ['audit-payout-1 5000 EUR'], 'done']); // prettier-ignore
      assert.equal(entry?.results?.[0]?.ok, true);

      const unconvertible = { ...payout, reference: 'audit-payout-2', source_currency: 'CHF' };
      const refused = await ops('/payouts', unconvertible, { 'idempotency-key': 'audit-payout-2' });
      // The service refused a field the caller gave: the caller's to change (payout-operation.ts).
      assert.equal(refused.status, 422);
      const [failed] = await entriesOf('audit-payout-2');
      assert.deepEqual([failed?.outcome, failed?.status_code, failed?.amounts[0]?.amount_minor], ['refused', 422, 5000]); // prettier-ignore
      assert.match(failed?.error?.code ?? '', /^[a-z_]+$/);
      assert.match(failed?.error?.message ?? '', /source_currency/);
    });

    it('records a reconciliation run by hand', async () => {
      const answer = await ops('/reconcile', {}, { 'x-actor': 'ops-on-call' });
      assert.equal(answer.status, 200);
      const { entries } = (await ops('/audit?operation=reconcile')).body as { entries: Entry[] };
      assert.deepEqual(
        [entries[0]?.actor, entries[0]?.outcome, entries[0]?.amounts, entries[0]?.status_code],
        ['ops-on-call', 'done', [], 200],
      );
    });

    it('refuses an X-Actor with control characters, naming the header', async () => {
      const answer = await ops('/capture', { orders: [{ order_ref: 'x' }] }, { 'x-actor': 'a\tb', 'idempotency-key': 'audit-bad-actor' }); // prettier-ignore
      assert.equal(answer.status, 400);
      assert.equal((answer.body.issues as { path: string }[])[0]?.path, 'x-actor');
    });
  });
}

describe('named operations tokens', () => {
  const ADA = 'ada-token-0123456789abcdefghij';
  const JOB = 'job-token-0123456789abcdefghij';
  let stack: Stack;
  before(async () => (stack = await startStack({ companion: { operationsTokens: { ada: ADA, 'refund-job': JOB } } })));
  after(() => stack.close());

  const query = (token: string) =>
    stack.ops('/query', { order_no: ['nobody-1'] }, { authorization: `Bearer ${token}` });

  it('tells their holders apart in the audit trail', async () => {
    assert.equal((await query(ADA)).status, 200);
    assert.equal((await query(JOB)).status, 200);
    const entries = await until(
      async () => (await stack.ops('/audit')).body.entries as Entry[],
      (list) => list.length >= 2,
      { what: 'two audit entries' },
    );
    assert.deepEqual(entries.slice(0, 2).map((e) => [e.token_name, e.actor]), [['refund-job', 'refund-job'], ['ada', 'ada']]);
    const byToken = (await stack.ops('/audit?token=ada')).body.entries as Entry[];
    assert.deepEqual(byToken.map((e) => e.token_name), ['ada']);
  });

  it('revokes one by leaving it out, the other still working', async () => {
    const revoked = await startStack({ companion: { operationsTokens: { 'refund-job': JOB } } });
    try {
      const call = (token: string) => revoked.ops('/query', { order_no: ['nobody-1'] }, { authorization: `Bearer ${token}` });
      assert.equal((await call(ADA)).status, 401);
      assert.equal((await call(JOB)).status, 200);
    } finally {
      await revoked.close();
    }
  });

  it('refuses a token named default, or one too short, at start', async () => {
    await assert.rejects(startStack({ companion: { operationsTokens: { default: ADA } } }), /operationsTokens \(OPERATIONS_TOKENS\): default is operationsToken/);
    await assert.rejects(startStack({ companion: { operationsTokens: { ada: 'short' } } }), /operationsTokens\.ada \(OPERATIONS_TOKENS\): at least 24 characters/);
  });
}); // prettier-ignore
