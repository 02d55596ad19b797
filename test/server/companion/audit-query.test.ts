/**
 * `GET /api/ops/audit`: filters by order, actor, token, operation, outcome and time, a page at a
 * time with an opaque cursor, and a 400 naming the field for a query it cannot read. On each store.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AuditAnswer, AuditRequest } from '../../../server/companion/store/audit.ts';
import type { AuditPage } from '../helpers/audit.ts';
import { stackOn } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';

const T0 = Date.parse('2026-11-27T09:00:00Z');
const HOUR = 3_600_000;

/** A request as the route would record it, with these fields changed. */
const request = (change: Partial<AuditRequest>): AuditRequest => ({
  actor: 'ada', token_name: 'default', role: 'admin', ip: '127.0.0.1', operation: 'capture', targets: [], lines: [],
  idempotency_key: null, request_id: null, ...change,
}); // prettier-ignore
const done: AuditAnswer = { outcome: 'done', status_code: 200, results: [], error_code: null, error_message: null }; // prettier-ignore

for (const database of TEST_DATABASES) {
  describe(`GET /api/ops/audit, on ${database.name}`, () => {
    const suite = stackOn(database, {
      operationsTokens: { grace: 'grace-token-0123456789abcdef' },
    });
    const list = async (query: string) => {
      const answer = await suite.stack.ops(`/audit?${query}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body as unknown as AuditPage;
    };
    /** The entries' actors (the tests name each entry by its actor), newest first. */
    const actors = async (query: string) => (await list(query)).entries.map((e) => e.actor);

    it('narrows by order, actor, token, operation, outcome and time', async () => {
      const audit = suite.stack.companion.companion.context.store.audit;
      const line = (ref: string) => ({ ref, amount: 1200, currency: 'USD' });
      await audit.answered(request({ actor: 'f1', targets: ['mug.q1'], lines: [line('mug.q1')] }), done);
      await audit.answered(request({ actor: 'f2', targets: ['mug.q1', 'tee.q2'], operation: 'refund', token_name: 'grace' }), { ...done, outcome: 'refused', status_code: 404 });
      await audit.requested(request({ actor: 'f3', targets: ['tee.q2'], operation: 'cancel', lines: [line('tee.q2')] }));
      // Their times, an hour apart from T0.
      const db = suite.stack.companion.companion.context.store.db;
      for (const [actor, at] of [['f1', T0], ['f2', T0 + HOUR], ['f3', T0 + 2 * HOUR]] as const)
        await db.updateTable('audit').set({ at }).where('actor', '=', actor).execute();

      assert.deepEqual(await actors('order_ref=mug.q1'), ['f2', 'f1']);
      assert.deepEqual(await actors('order_ref=tee.q2'), ['f3', 'f2']);
      assert.deepEqual(await actors('actor=f1'), ['f1']);
      assert.deepEqual(await actors('token=grace'), ['f2']);
      assert.deepEqual(await actors('operation=cancel'), ['f3']);
      assert.deepEqual(await actors('outcome=requested&order_ref=tee.q2'), ['f3']);
      assert.deepEqual(await actors('from=2026-11-27T10:00:00Z&to=2026-11-27T11:00:00%2B00:00'), ['f2']);
      assert.deepEqual(await actors('from=2026-11-27T09:00:00Z&order_ref=mug.q1&operation=capture'), ['f1']);
      const [f1] = (await list('actor=f1')).entries;
      assert.deepEqual(f1?.amounts, [{ ref: 'mug.q1', amount: '12.00', amount_minor: 1200, currency: 'USD' }]);
      assert.equal(f1?.time, '2026-11-27T09:00:00.000Z');
    }); // prettier-ignore

    it('pages newest first with an opaque cursor, never repeating or skipping an entry', async () => {
      const audit = suite.stack.companion.companion.context.store.audit;
      for (let i = 1; i <= 7; i++) await audit.answered(request({ actor: 'pager', targets: [`pg.${i}`] }), done);
      const first = await list('actor=pager&limit=3');
      // Written meanwhile: newer than every page, so it moves nothing on the pages after.
      await audit.answered(request({ actor: 'pager', targets: ['pg.8'] }), done);
      const second = await list(`actor=pager&limit=3&cursor=${first.next_cursor}`);
      const third = await list(`actor=pager&limit=3&cursor=${second.next_cursor}`);
      const refs = [first, second, third].map((page) => page.entries.map((e) => e.targets[0]));
      assert.deepEqual(refs, [['pg.7', 'pg.6', 'pg.5'], ['pg.4', 'pg.3', 'pg.2'], ['pg.1']]);
      assert.equal(third.next_cursor, null, 'no page after the last');
      assert.match(first.next_cursor ?? '', /^[A-Za-z0-9_-]+$/);
    }); // prettier-ignore

    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['order_ref=', 'order_ref'],
      ['actor=a&actor=b', 'actor'],
      ['token=Ada%20Lovelace', 'token'],
      ['operation=steal', 'operation'],
      ['outcome=maybe', 'outcome'],
      ['from=yesterday', 'from'],
      ['from=2026-11-27T09:00:00', 'from'],
      ['from=2026-11-27T10:00:00Z&to=2026-11-27T09:00:00Z', 'to'],
      ['order=mug.q1', 'order'],
    ]) {
      it(`answers ?${query} with 400 naming ${field}`, async () => {
        const answer = await suite.stack.ops(`/audit?${query}`);
        assert.equal(answer.status, 400);
        const issues = answer.body.issues as { path: string }[];
        assert.deepEqual(
          issues.map((i) => i.path),
          [field],
        );
      });
    }

    it('has no route that changes or deletes an entry', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
        const answer = await fetch(`${suite.stack.companion.url}/api/ops/audit`, {
          method,
          headers: { authorization: 'Bearer ops-token-for-tests-0123456789' },
        });
        assert.equal(answer.status, 404, method);
      }
    });
  });
}
