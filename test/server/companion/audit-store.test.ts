/**
 * The audit trail's store: entries kept for `auditRetentionDays` (400 by default) and pruned by
 * the periodic job, told the time by the test; and the migration that took entries written once
 * answered to entries written before the call, on a database that already had some. On each store.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Context } from '../../../server/companion/core/context.ts';
import { prune } from '../../../server/companion/settlement/maintenance.ts';
import type { AuditRequest } from '../../../server/companion/store/audit.ts';
import { MIGRATIONS } from '../../../server/companion/store/migrations.ts';
import { CompanionStore } from '../../../server/companion/store/store.ts';
import { openSqlite } from '../../../server/sqlite.ts';
import { stackOn } from '../helpers/companion.ts';
import { TEST_DATABASES, type TestDatabase } from '../helpers/databases.ts';

const DAY = 86_400_000;

/** A request as the route records it, naming `targets`. */
const entry = (targets: string[]): AuditRequest => ({
  actor: 'ada', token_name: 'default', ip: '', operation: 'refund', targets, lines: [],
  idempotency_key: null, request_id: null,
}); // prettier-ignore

/** The context with these settings changed, as another companion's would be. */
const withSettings = (ctx: Context, settings: Partial<Context['config']>): Context =>
  Object.create(ctx, { config: { value: { ...ctx.config, ...settings } } }) as Context;

/** A database migrated up to (and with) the migration `last`, as an older companion left it. */
async function migratedUpTo(location: string, last: string): Promise<Kysely<unknown>> {
  const db = location.startsWith('postgres')
    ? new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: location, max: 1 }) }) })
    : new Kysely<unknown>({ dialect: new SqliteDialect({ database: openSqlite(location) }) });
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db).catch(() => ({ rows: [] }));
  const names = Object.keys(MIGRATIONS).filter((name) => name <= last);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => names.includes(name))) },
    ...(rows[0]?.schema ? { migrationTableSchema: rows[0].schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return db;
} // prettier-ignore

/** A fresh place for a store of `database` that outlives one connection: a file for SQLite. */
async function lasting(database: TestDatabase) {
  if (database.name !== 'sqlite') return database.create();
  const folder = mkdtempSync(join(tmpdir(), 'audit-'));
  return {
    location: join(folder, 'companion.sqlite'),
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

for (const database of TEST_DATABASES) {
  describe(`audit retention, on ${database.name}`, () => {
    const suite = stackOn(database);

    it('keeps entries 400 days by default, then the periodic job deletes them with their orders', async () => {
      const ctx = suite.stack.companion.companion.context;
      const now = Date.now();
      await ctx.store.audit.requested(entry(['mug.kept1', 'tee.kept1']));
      assert.equal((await prune(ctx, now + 399 * DAY)).audit, 0);
      assert.equal((await ctx.store.audit.list({ order_ref: 'mug.kept1' }, 10)).length, 1);

      assert.equal((await prune(ctx, now + 401 * DAY)).audit, 1);
      assert.deepEqual(await ctx.store.audit.list({}, 10), []);
      const targets = await ctx.store.db.selectFrom('audit_targets').selectAll().execute();
      assert.deepEqual(targets, [], 'no order is left pointing at a deleted entry');
    });

    it('keeps them auditRetentionDays, or for good with 0', async () => {
      const ctx = suite.stack.companion.companion.context;
      const now = Date.now();
      await ctx.store.audit.requested(entry(['mug.kept2']));
      assert.equal((await prune(withSettings(ctx, { auditRetentionDays: 0 }), now + 3650 * DAY)).audit, 0);
      assert.equal((await prune(withSettings(ctx, { auditRetentionDays: 30 }), now + 29 * DAY)).audit, 0);
      assert.equal((await prune(withSettings(ctx, { auditRetentionDays: 30 }), now + 31 * DAY)).audit, 1);
    }); // prettier-ignore
  });

  describe(`the audit migration on a database with entries, on ${database.name}`, () => {
    it('keeps each entry as answered, finds it by its orders, and writes new ones requested', async () => {
      const place = await lasting(database);
      try {
        const old = await migratedUpTo(place.location, '2026-11-27-audit');
        await sql`insert into audit (id, at, actor, token_name, ip, operation, targets, status_code, outcome, idempotency_key, request_id)
          values ('001795000000000.000000000001.abcdef12', 1795000000000, 'ada', 'default', '::1', 'capture', '["mug.m1","tee.m1"]', 200, 'done', 'key-m1-0001', 'req-1')`.execute(old); // prettier-ignore
        await old.destroy();

        const store = await CompanionStore.open(place.location);
        try {
          const [kept] = await store.audit.list({ order_ref: 'tee.m1' }, 10);
          assert.deepEqual(
            [kept?.actor, kept?.targets, kept?.status_code, kept?.outcome, kept?.completed_at, kept?.lines, kept?.results],
            ['ada', ['mug.m1', 'tee.m1'], 200, 'done', 1795000000000, [], null],
          ); // prettier-ignore
          const id = await store.audit.requested({ ...entry(['mug.m1']), lines: [{ ref: 'mug.m1', amount: 1200, currency: 'USD' }] }); // prettier-ignore
          const [fresh] = await store.audit.list({ order_ref: 'mug.m1', outcome: 'requested' }, 10);
          assert.deepEqual([fresh?.id, fresh?.status_code, fresh?.completed_at], [id, null, null]);
        } finally {
          await store.close();
        }
      } finally {
        await place.drop();
      }
    });
  });
}
