/**
 * The session path's queries compiled once per shape (store/compiled.ts): run again with new
 * values on both stores, a column left undefined left out as kysely leaves it, and a shape key
 * that missed a value refused rather than bound wrong.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import {
  CompiledQueries,
  listValues,
  rowValues,
  shapeOf,
} from '../../../server/companion/store/compiled.ts';
import { CompanionStore } from '../../../server/companion/store/store.ts';
import type { Database } from '../../../server/companion/store/schema.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';

for (const database of TEST_DATABASES) {
  describe(`compiled queries on ${database.name}`, () => {
    let store: CompanionStore;
    let db: Kysely<Database>;
    let drop: () => Promise<void>;
    before(async () => {
      const created = await database.create();
      drop = created.drop;
      store = await CompanionStore.open(created.location);
      db = store.db;
    });
    after(async () => {
      await store.close();
      await drop();
    });

    // Each token of the run its own: the tests share one database a store.
    let made = 0;
    const token = (name: string, used_at?: number) => ({
      token: `${name}-${++made}`,
      order_no: `${name}-1`,
      expires_at: 1_000,
      used_at,
    });

    it('compiles a shape once and binds each run its own values', async () => {
      const compiled = new CompiledQueries();
      let builds = 0;
      const insert = (row: ReturnType<typeof token>) =>
        compiled.query(`t:${shapeOf(row)}`, rowValues('', row), (slots) => {
          builds++;
          return db.insertInto('page_tokens').values(slots.row('', row));
        });
      const [a, b] = [token('a', 5), token('b', 7)];
      await db.executeQuery(insert(a));
      await db.executeQuery(insert(b));
      assert.equal(builds, 1);
      const rows = await db.selectFrom('page_tokens').select(['token', 'used_at'])
        .where('token', 'in', [a.token, b.token]).orderBy('token').execute(); // prettier-ignore
      assert.deepEqual(
        rows.map((r) => [r.token, Number(r.used_at)]),
        [
          [a.token, 5],
          [b.token, 7],
        ],
      );
    });

    it('leaves an undefined column out, as kysely does, in a shape of its own', async () => {
      const compiled = new CompiledQueries();
      const row = token('c');
      assert.equal(shapeOf(row), 'token,order_no,expires_at');
      await db.executeQuery(
        compiled.query(`t:${shapeOf(row)}`, rowValues('', row), (slots) =>
          db.insertInto('page_tokens').values(slots.row('', row)),
        ),
      );
      const stored = await db.selectFrom('page_tokens').select('used_at')
        .where('token', '=', row.token).executeTakeFirstOrThrow(); // prettier-ignore
      assert.equal(stored.used_at, null);
    });

    it('fills an in-list slot by slot, its length part of the shape', async () => {
      const compiled = new CompiledQueries();
      const tokens = [token('d'), token('e')];
      for (const row of tokens) await db.insertInto('page_tokens').values(row).execute();
      const names = tokens.map((t) => t.token);
      const { rows } = await db.executeQuery(
        compiled.query(`sel:${shapeOf(names)}`, listValues('in.', names), (slots) =>
          db
            .selectFrom('page_tokens')
            .select('token')
            .where('token', 'in', slots.list('in.', names)),
        ),
      );
      assert.deepEqual(rows.map((r) => r.token).sort(), [...names].sort());
    });

    it('refuses a column set to an expression, whose SQL would be the first run’s', () => {
      assert.throws(() => rowValues('', { used_at: sql`used_at + 1` }), /used_at is an expression/);
    });

    it('refuses a run whose values miss a slot, instead of binding the wrong value', () => {
      const compiled = new CompiledQueries();
      // A value written into the SQL itself needs no slot, and no value.
      compiled.query('literal', {}, () =>
        db.selectFrom('page_tokens').select('token').where('token', '=', sql.lit('x')),
      );
      assert.throws(
        () =>
          compiled.query('shape', {}, (slots) =>
            db
              .selectFrom('page_tokens')
              .select('token')
              .where('token', '=', slots.value<string>('token')),
          ),
        /compiled query shape: no value for token/,
      );
    });
  });
}
