/**
 * The embedded store's group commit (store/group-commit.ts) on a real SQLite file: transactions
 * that end together share one commit and are each durable when their commit returns; one that
 * fails rolls back alone; a statement outside a transaction commits what is pending first; a
 * failed commit fails every transaction in it, and none of their rows is kept.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Kysely, sql } from 'kysely';
import {
  groupCommitDialect,
  type EmbeddedDatabase,
} from '../../../server/companion/store/group-commit.ts';
import { openSqlite } from '../../../server/sqlite.ts';

interface Db {
  t: { id: string };
}

/** A database on a fresh file, its commits counted, a commit made to fail when asked. */
async function open(file = join(mkdtempSync(join(tmpdir(), 'group-')), 'g.sqlite')) {
  const raw = openSqlite(file);
  const counted = { commits: 0, failNext: false };
  const spied: EmbeddedDatabase = {
    get inTransaction() {
      return raw.inTransaction;
    },
    prepare: (text) => raw.prepare(text),
    close: () => raw.close(),
    exec(text) {
      if (text === 'commit') {
        counted.commits++;
        if (counted.failNext) {
          counted.failNext = false;
          throw new Error('disk full (made up by the test)');
        }
      }
      raw.exec(text);
    },
  };
  const db = new Kysely<Db>({ dialect: groupCommitDialect(spied) });
  await sql`create table if not exists t (id text primary key)`.execute(db);
  counted.commits = 0;
  return { db, file, counted };
}

const insert = (db: Kysely<Db>, id: string) =>
  db.transaction().execute((trx) => trx.insertInto('t').values({ id }).execute());

const ids = async (db: Kysely<Db>) =>
  (await db.selectFrom('t').select('id').orderBy('id').execute()).map((row) => row.id);

describe('group commit on the embedded store', () => {
  it('commits ten transactions ending together once, each durable when it returns', async () => {
    const { db, file, counted } = await open();
    const names = Array.from({ length: 10 }, (_, i) => `order-${i}`);
    await Promise.all(names.map((id) => insert(db, id)));
    assert.equal(counted.commits, 1);
    await db.destroy();
    const again = await open(file);
    assert.deepEqual(await ids(again.db), names);
    await again.db.destroy();
  });

  it('rolls back a failing transaction alone; the others in its group are kept', async () => {
    const { db } = await open();
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 'lost' }).execute();
      throw new Error('refused by the transaction itself');
    });
    const results = await Promise.allSettled([insert(db, 'a'), failing, insert(db, 'b')]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(await ids(db), ['a', 'b']);
    await db.destroy();
  });

  it('commits what is pending before a statement outside a transaction', async () => {
    const { db, counted } = await open();
    const pending = insert(db, 'a');
    // Asked while the insert's commit waits for its group: it reads only what is committed.
    const read = ids(db);
    assert.deepEqual(await read, ['a']);
    await pending;
    assert.equal(counted.commits, 1);
    await db.destroy();
  });

  it('lets a connection scope go on after its transaction committed, without another’s writes', async () => {
    const { db } = await open();
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // A scope that commits a transaction, then writes outside it (kysely's Migrator can do this),
    // while another commits and a third writes across several turns, then fails.
    const scope = db.connection().execute(async (connection) => {
      await connection
        .transaction()
        .execute((trx) => trx.insertInto('t').values({ id: 'a1' }).execute());
      await connection.insertInto('t').values({ id: 'a2' }).execute();
    });
    const other = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 'b' }).execute();
      await turn();
      await turn();
    });
    // Then a transaction that writes across several turns, and fails.
    await turn();
    await turn();
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 'c1' }).execute();
      for (let i = 0; i < 6; i++) await turn();
      await trx.insertInto('t').values({ id: 'c2' }).execute();
      throw new Error('refused by the transaction itself');
    });
    const results = await Promise.allSettled([scope, other, failing]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected'],
    );
    assert.deepEqual(await ids(db), ['a1', 'a2', 'b']);
    await db.destroy();
  });

  it('fails every transaction of a group whose commit fails, and keeps none of them', async () => {
    const { db, counted } = await open();
    counted.failNext = true;
    const results = await Promise.allSettled([insert(db, 'a'), insert(db, 'b')]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.match(String((results[0] as PromiseRejectedResult).reason), /disk full/);
    assert.deepEqual(await ids(db), []);
    await insert(db, 'c');
    assert.deepEqual(await ids(db), ['c']);
    await db.destroy();
  });
});
