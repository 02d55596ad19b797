/**
 * `doctor()` and `acquiring-checkout-companion doctor`: a merchant's setup checked against a real
 * sandbox, a running companion, the embedded store or PostgreSQL, and Redis; each mistake printed
 * with its fix.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doctor } from 'acquiring-checkout-server/companion';
import { startSandbox, type RunningSandbox } from 'acquiring-checkout-server/sandbox';
import { companionBinEnv, freePort, killStarted, run, writeEnv } from '../helpers/bins.ts';
import { POSTGRES } from '../helpers/databases.ts';
import type { CompanionConfig } from '../../../server/companion/config/index.ts';
import { OPS_TOKEN, SHOP, startCompanion, type RunningCompanion } from '../helpers/companion.ts';

let dir: string;
let service: RunningSandbox;
let companion: RunningCompanion;
before(async () => {
  service = await startSandbox();
  companion = await startCompanion(service.url);
});
after(async () => {
  await companion.close();
  await service.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'doctor-test-'));
  writeFileSync(
    join(dir, 'resolve-order.mjs'),
    `export function resolveOrder(ref) {
  if (ref !== 'mug.1') return undefined;
  return { amount: '12.00', currency: 'USD', items: [{ name: 'Mug', unit_price: '12.00', quantity: 1 }] };
}\n`,
  );
});
afterEach(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

/** The setup of the running test companion, as a merchant's `.env` would give it. */
function environment(changes: Record<string, string> = {}): Record<string, string> {
  return {
    ...companionBinEnv(service, 0, join(dir, 'resolve-order.mjs')),
    PUBLIC_URL: companion.url,
    DATA_DIR: join(dir, 'data'),
    ...changes,
  };
}

async function examine(changes: Record<string, string> = {}, sampleOrderRef = 'mug.1') {
  const lines: string[] = [];
  const ok = await doctor(environment(changes), { sampleOrderRef, print: (l) => lines.push(l) });
  return { ok, lines, line: (check: string) => lines.find((l) => l.slice(2).startsWith(check)) };
}

describe('doctor', () => {
  it('passes every check of a working setup, on the embedded store', async () => {
    const { ok, lines } = await examine();
    assert.deepEqual(
      lines.map((line) => line.split(':')[0]),
      [
        '✓ environment',
        '✓ order resolver',
        '✓ database',
        '✓ redis',
        '✓ payment service key',
        '✓ PUBLIC_URL',
        '✓ notify route',
      ],
      lines.join('\n'),
    );
    assert.equal(ok, true);
  });

  it('reaches PostgreSQL and Redis when they are configured', async (t) => {
    const redis = process.env.TEST_REDIS_URL;
    if (!POSTGRES || !redis) return t.skip('TEST_DATABASE_URL and TEST_REDIS_URL are not set');
    // A schema of its own: the database's own may hold another version's migrations.
    const database = await POSTGRES.create();
    try {
      const { ok, line } = await examine({ DATABASE_URL: database.location, REDIS_URL: redis });
      assert.equal(line('database'), '✓ database: PostgreSQL reached and migrated');
      assert.equal(line('redis'), `✓ redis: ${redis} answers`);
      assert.equal(ok, true);
    } finally {
      await database.drop();
    }
  });

  describe('names each mistake with its fix', () => {
    it('an origin with a trailing slash, and nothing else checked', async () => {
      const { ok, lines } = await examine({ ALLOWED_ORIGINS: 'http://shop.test/' });
      assert.equal(ok, false);
      assert.equal(lines.length, 1);
      assert.match(lines[0]!, /^✗ environment: ALLOWED_ORIGINS: .*http:\/\/shop\.test\b/);
    });

    it('a wrong key, naming SECRET_KEY', async () => {
      const { ok, line } = await examine({ SECRET_KEY: 'x'.repeat(40) });
      assert.equal(ok, false);
      assert.match(line('payment service key') ?? '', /^✗ .*SECRET_KEY/);
    });

    it('an order the resolver does not know', async () => {
      const { ok, line } = await examine({}, 'mug.404');
      assert.equal(ok, false);
      assert.match(line('order resolver') ?? '', /^✗ .*ORDER_RESOLVER knows no order mug\.404/);
    });

    it('a companion not running at PUBLIC_URL, and its notify route', async () => {
      const { ok, line } = await examine({ PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
      assert.equal(ok, false);
      assert.match(line('PUBLIC_URL') ?? '', /^✗ .*start it, or set PUBLIC_URL/);
      assert.match(line('notify route') ?? '', /^✗ .*notifications would be lost/);
    });

    it('a Redis that does not answer, naming REDIS_URL', async () => {
      const { ok, line } = await examine({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
      assert.equal(ok, false);
      assert.match(line('redis') ?? '', /^✗ .*check REDIS_URL$/);
    });

    it('a PostgreSQL that does not answer, naming DATABASE_URL', async () => {
      const url = `postgres://postgres@127.0.0.1:${await freePort()}/test`;
      const { ok, line } = await examine({ DATABASE_URL: url });
      assert.equal(ok, false);
      assert.match(
        line('database') ?? '',
        /^✗ database: DATABASE_URL \(database\): PostgreSQL at .* \(connect ECONNREFUSED .*\): nothing answers at its host and port/,
      );
    });
  });

  describe('of the configuration given in code', () => {
    const MUG = { amount: '12.00', currency: 'USD', items: [] };
    /** The running test companion's setup, as the merchant's code gives createCompanion. */
    function options(changes: Partial<CompanionConfig> = {}): CompanionConfig {
      return {
        publicUrl: companion.url,
        gateway: service.gateway,
        database: join(dir, 'orders.sqlite'),
        allowedOrigins: [SHOP],
        operationsToken: OPS_TOKEN,
        resolveOrder: (ref) => (ref === 'mug.1' ? MUG : undefined),
        ...changes,
      };
    }
    const examineCode = async (config: CompanionConfig, sampleOrderRef = 'mug.1') => {
      const lines: string[] = [];
      const ok = await doctor(config, {
        sampleOrderRef,
        print: (l) => lines.push(...l.split('\n')),
      });
      return { ok, lines };
    };

    it('passes every check of a working setup, resolveOrder asked for the sample', async () => {
      const { ok, lines } = await examineCode(options());
      assert.equal(lines[0], `✓ options: every option valid; storefront origins ${SHOP}`);
      assert.ok(lines.includes('✓ order resolver: mug.1 is 12.00 USD'), lines.join('\n'));
      assert.deepEqual(
        lines.map((line) => line[0]),
        Array(7).fill('✓'),
        lines.join('\n'),
      );
      assert.equal(ok, true);
    });

    it('names each wrong option with its variable, and checks nothing else', async () => {
      const wrong = { publicUrl: `${companion.url}/?shop=1`, database: 'mysql://root@db/orders' };
      const { ok, lines } = await examineCode(options(wrong));
      assert.equal(ok, false);
      assert.equal(lines.length, 3, lines.join('\n'));
      assert.equal(lines[0], '✗ options: ');
      assert.match(lines[1]!, /^ {4}publicUrl \(PUBLIC_URL\): .* has a query/);
      assert.match(
        lines[2]!,
        /^ {4}database \(DATABASE_URL\): "mysql:\/\/root@db\/orders" is not a database/,
      );
    });

    it('says which order resolveOrder does not know', async () => {
      const { ok, lines } = await examineCode(options(), 'mug.404');
      assert.equal(ok, false);
      assert.ok(
        lines.includes(
          '✗ order resolver: resolveOrder knows no order mug.404: give a reference your shop prices',
        ),
        lines.join('\n'),
      );
    });
  });

  it('says what each missing variable is, in words rather than a parser’s', async () => {
    const lines: string[] = [];
    assert.equal(await doctor({}, { print: (l) => lines.push(l) }), false);
    const text = lines.join('\n');
    for (const variable of [
      'GATEWAY_BASE_URL',
      'MERCHANT_ID',
      'ACCOUNT_ID',
      'SECRET_KEY',
      'ALLOWED_ORIGINS',
      'OPERATIONS_TOKEN',
      'ORDER_RESOLVER',
    ])
      assert.match(text, new RegExp(`^ {4}${variable}: required: \\w`, 'm'), text);
    assert.doesNotMatch(text, /Invalid input|expected \w+, received/);
  });

  it('runs as the bin’s doctor command, exiting 1 on a failed check', async () => {
    writeEnv(dir, environment({ SECRET_KEY: 'y'.repeat(40) }));
    const bin = run('companion', dir, {}, ['doctor', 'mug.1']);
    assert.equal(await bin.exit(60_000), 1);
    assert.match(bin.stdout(), /^✓ order resolver: mug\.1 is 12\.00 USD$/m);
    assert.match(bin.stdout(), /^✗ payment service key: .*SECRET_KEY/m);
  });
});
