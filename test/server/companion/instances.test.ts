import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { POSTGRES_URL, TEST_DATABASES } from '../helpers/databases.ts';
import { askAsTheWidget, sessionBody, SHOP, startCompanion } from '../helpers/companion.ts';
import { startSandbox } from '../helpers/sandbox.ts';

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');

describe(
  'several companion processes on one PostgreSQL',
  { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    it('two companions raced on one order make one payment at the service', async () => {
      const database = await (postgres as NonNullable<typeof postgres>).create();
      const sandbox = await startSandbox();
      const a = await startCompanion(sandbox.url, { database: database.location });
      const b = await startCompanion(sandbox.url, { database: database.location });
      try {
        // As the widget does: a 503 with Retry-After (the attempt is still being created, on a
        // busy machine for over the second a request waits) is asked again once it says.
        const post = async (url: string): Promise<{ status: number; order_no: string }> => {
          const answer = await askAsTheWidget(() =>
            fetch(`${url}/api/checkout-sessions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: SHOP },
              body: JSON.stringify(sessionBody('tee.pg1')),
            }),
          );
          const body = (await answer.json()) as { order_no: string };
          return { ...body, status: answer.status };
        };
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => post(i % 2 ? a.url : b.url)),
        );
        assert.deepEqual(new Set(answers.map((x) => x.status)), new Set([201]));
        assert.deepEqual(new Set(answers.map((x) => x.order_no)), new Set(['tee.pg1-1']));
        const atService = await sandbox.client().query({ order_no: ['tee.pg1-1', 'tee.pg1-2'] });
        assert.equal(atService.orders.length, 1);
      } finally {
        await a.close();
        await b.close();
        await sandbox.close();
        await database.drop();
      }
    });
  },
);
