/**
 * The addresses a companion is given (server/companion/config/addresses.ts), checked alike both
 * ways in: each value of the table below, as `createCompanion`'s option and as the bin's
 * variable, is taken or refused with its fix. Then the database that cannot be opened at start,
 * named as DATABASE_URL with the fix, by `createCompanion` and by the bin.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompanion } from '../../../server/companion/app.ts';
import {
  checkCompanionConfig,
  companionEnv,
  type CompanionConfig,
} from '../../../server/companion/config/index.ts';
import { freePort, run, writeEnv } from '../helpers/bins.ts';
import { POSTGRES_URL } from '../helpers/databases.ts';
import { MERCHANT } from '../helpers/sandbox.ts';
import { ENV, OPTIONS } from '../helpers/settings.ts';

/** Each address: its option, its variable, and values with the fix expected (undefined: taken). */
const TABLE: { option: string; variable: string; values: [string, RegExp | undefined][] }[] = [
  {
    option: 'publicUrl',
    variable: 'PUBLIC_URL',
    values: [
      ['https://pay.shop.example', undefined],
      ['https://shop.example/payments/', undefined],
      ['https://shop.example/payments?x=1', /has a query: .*; write https:\/\/shop\.example\/payments$/],
      ['https://shop.example/payments/?', /has a query: .*; write https:\/\/shop\.example\/payments$/],
      ['https://shop.example/#pay', /has a fragment: .*; write https:\/\/shop\.example$/],
      ['ftp://shop.example', /is not an http\(s\) address/],
      ['http://u:secret@127.0.0.1:3499', /"http:\/\/u:\*\*\*@127\.0\.0\.1:3499\/" has a user name or password: .*; write http:\/\/127\.0\.0\.1:3499$/],
    ],
  },
  {
    option: 'gateway.baseUrl',
    variable: 'GATEWAY_BASE_URL',
    values: [
      ['http://127.0.0.1:3100', undefined],
      ['https://gateway.example/acquiring', undefined],
      ['http://127.0.0.1:3100/v1', /ends in \/v1, .*: write http:\/\/127\.0\.0\.1:3100$/],
      ['https://gateway.example/acquiring/v1/', /ends in \/v1, .*: write https:\/\/gateway\.example\/acquiring$/],
      ['gateway.example', /is not an address/],
    ],
  },
  {
    option: 'database',
    variable: 'DATABASE_URL',
    values: [
      ['postgres://app@db.internal:5432/orders', undefined],
      ['postgresql://app@db.internal/orders', undefined],
      ['data/companion.sqlite', undefined],
      [':memory:', undefined],
      ['mysql://root:hunter2@127.0.0.1:3306/x', /"mysql:\/\/root:\*\*\*@127\.0\.0\.1:3306\/x" is not a database the companion opens: PostgreSQL is postgres:\/\//],
      ['sqlite:///var/data/companion.sqlite', /is not a database the companion opens: .*without a URL it is SQLite, a file path/],
      ['Postgress://app@db/orders', /is not a database the companion opens/],
      ['postgresql:/u:p@127.0.0.1/db', /"postgresql:\/u:\*\*\*@127\.0\.0\.1\/db" is not a database the companion opens/],
      ['postgres:', /is not a database the companion opens/],
      ['postgres', /is not a database the companion opens/],
      ['file:/tmp/companion.sqlite', /is not a database the companion opens/],
      ['/var/lib/companion/store.db', undefined],
      ['C:\\data\\companion.sqlite', undefined],
      ['companion.db', undefined],
    ],
  },
]; // prettier-ignore

/** `config` with `option` (a dotted path) set to `value`. */
function withOption(option: string, value: string): CompanionConfig {
  if (option === 'gateway.baseUrl')
    return { ...OPTIONS, gateway: { ...OPTIONS.gateway, baseUrl: value } };
  return { ...OPTIONS, [option]: value };
}

/** The problem `createCompanion` names before it opens anything, or undefined. */
function optionProblem(config: CompanionConfig): string | undefined {
  try {
    checkCompanionConfig(config);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

for (const { option, variable, values } of TABLE) {
  describe(`${option} (${variable})`, () => {
    for (const [value, fix] of values) {
      it(`${fix ? 'refuses' : 'takes'} ${value} in code`, () => {
        const problem = optionProblem(withOption(option, value));
        if (!fix) return assert.equal(problem, undefined);
        assert.match(
          problem ?? '',
          new RegExp(`^  ${option.replace('.', '\\.')} \\(${variable}\\): `, 'm'),
        );
        assert.match(problem ?? '', fix);
      });
      it(`${fix ? 'refuses' : 'takes'} ${value} from the environment`, () => {
        const read = () => companionEnv({ ...ENV, [variable]: value });
        if (!fix) return void read();
        assert.throws(read, (error: Error) => {
          assert.match(error.message, new RegExp(`^  ${variable}: `, 'm'));
          assert.match(error.message, fix);
          return true;
        });
      });
    }
  });
}

describe('a database that cannot be opened at start, named as DATABASE_URL with the fix', () => {
  it('nothing listening at its port', async () => {
    const url = `postgres://app:hunter2@127.0.0.1:${await freePort()}/orders`;
    await assert.rejects(createCompanion({ ...OPTIONS, database: url }), (error: Error) => {
      assert.match(
        error.message,
        /^DATABASE_URL \(database\): PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\/orders cannot be opened \(connect ECONNREFUSED 127\.0\.0\.1:\d+\): nothing answers at its host and port/,
      );
      assert.doesNotMatch(error.message, /hunter2/);
      return true;
    });
  });

  it('a database the server does not have', async (t) => {
    if (!POSTGRES_URL) return t.skip('TEST_DATABASE_URL is not set');
    const url = new URL(POSTGRES_URL);
    url.pathname = '/nosuchdb';
    await assert.rejects(
      createCompanion({ ...OPTIONS, database: url.toString() }),
      /^Error: DATABASE_URL \(database\): .*database "nosuchdb" does not exist\): create that database \(createdb\), or name one that exists$/,
    );
  });

  it('a SQLite file whose folder cannot be made, naming DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'addresses-test-'));
    try {
      writeEnv(dir, {}); // a file where the folder would be
      const database = join(dir, '.env', 'companion.sqlite');
      await assert.rejects(
        createCompanion({ ...OPTIONS, database }),
        /^Error: DATA_DIR \(database\): the SQLite file .* cannot be opened \(.*\): check that its folder exists or can be made/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('by the bin, which stops with 1 and the same message, without a stack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'addresses-test-'));
    try {
      const port = await freePort();
      writeEnv(dir, {
        ...ENV,
        ...MERCHANT_ENV,
        ORDER_RESOLVER: 'https://shop.internal/orders',
        DATABASE_URL: `postgres://app@127.0.0.1:${port}/orders`,
      });
      const bin = run('companion', dir);
      assert.equal(await bin.exit(30_000), 1);
      assert.equal(
        bin.stderr(),
        `DATABASE_URL (database): PostgreSQL at postgres://app@127.0.0.1:${port}/orders cannot be opened (connect ECONNREFUSED 127.0.0.1:${port}): nothing answers at its host and port: check them, and that the server is up\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const MERCHANT_ENV = { MERCHANT_ID: MERCHANT.merchant_id, ACCOUNT_ID: MERCHANT.account_id };
