/**
 * The embedded SQLite engine (server/sqlite.ts): WebAssembly, so nothing is compiled at install;
 * one process owns a database file, and a process killed with the file open leaves nothing that
 * stops the next one.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../../server/sqlite.ts';
import { waitForLine } from '../consumer/helpers.ts';

const SQLITE = fileURLToPath(new URL('../../server/sqlite.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'embedded-sqlite-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A process that opens `file`, writes a row, says OPEN and waits to be killed. */
function holder(file: string) {
  const script = `
    const { openSqlite } = await import(${JSON.stringify(SQLITE)});
    const db = openSqlite(${JSON.stringify(file)});
    db.exec('CREATE TABLE IF NOT EXISTS t (v TEXT)');
    db.transaction(() => db.prepare('INSERT INTO t VALUES (?)').run(['from the holder']));
    console.log('OPEN');
    setInterval(() => undefined, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, exited, open: waitForLine(child, /OPEN/) };
}

describe('the embedded SQLite engine', () => {
  it('refuses a file another live process has open, and says to use PostgreSQL', async () => {
    const file = join(dir, 'shared.sqlite');
    const other = holder(file);
    try {
      await other.open;
      assert.throws(
        () => openSqlite(file),
        new RegExp(`in use by process ${other.child.pid}.*one PostgreSQL \\(DATABASE_URL`),
      );
    } finally {
      other.child.kill('SIGKILL');
      await other.exited;
    }
  });

  it('opens a file whose process was killed with it open, with every committed row', async () => {
    const file = join(dir, 'killed.sqlite');
    const other = holder(file);
    await other.open;
    other.child.kill('SIGKILL');
    await other.exited;
    assert.ok(existsSync(`${file}.lock`), 'the killed process left its lock behind');
    const db = openSqlite(file);
    try {
      assert.deepEqual(db.prepare('SELECT v FROM t').all(), [{ v: 'from the holder' }]);
    } finally {
      db.close();
    }
  });

  it('refuses the same file twice in one process', () => {
    const file = join(dir, 'twice.sqlite');
    const db = openSqlite(file);
    try {
      assert.throws(() => openSqlite(file), /already open in this process/);
    } finally {
      db.close();
    }
    openSqlite(file).close();
  });

  it('rolls back a transaction that throws, and a nested one alone', () => {
    const db = openSqlite(':memory:');
    try {
      db.exec('CREATE TABLE t (v INTEGER)');
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      assert.throws(() =>
        db.transaction(() => {
          insert.run([1]);
          throw new Error('no');
        }),
      );
      db.transaction(() => {
        insert.run([2]);
        assert.throws(() =>
          db.transaction(() => {
            insert.run([3]);
            throw new Error('inner');
          }),
        );
      });
      assert.deepEqual(db.prepare('SELECT v FROM t').all(), [{ v: 2 }]);
    } finally {
      db.close();
    }
  });

  it('tells kysely which statements return rows and counts what a write changed', () => {
    const db = openSqlite(':memory:');
    try {
      db.exec('CREATE TABLE t (v INTEGER)');
      assert.equal(db.prepare('SELECT v FROM t').reader, true);
      assert.equal(db.prepare('INSERT INTO t VALUES (?) RETURNING v').reader, true);
      const update = db.prepare('UPDATE t SET v = ? WHERE v = ?');
      assert.equal(update.reader, false);
      db.prepare('INSERT INTO t VALUES (?)').run([1]);
      assert.equal(update.run([5, 1]).changes, 1);
      assert.equal(update.run([5, 1]).changes, 0, 'a guarded update that lost changes nothing');
    } finally {
      db.close();
    }
  });
});
