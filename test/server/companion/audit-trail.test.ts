/**
 * The audit trail's entry is written before the call is sent and completed after it is answered:
 * the attempt is on record even when the client hangs up mid-call, the connection to the service
 * is reset, or the process dies between the send and the answer. On each store.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OPS_TOKEN,
  PAYOUT,
  sessionBody,
  startCompanion,
  type RunningCompanion,
} from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { MERCHANT, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { until } from '../helpers/until.ts';
import { createWorld, type World } from './crash/world.ts';
import type { Entry } from '../helpers/audit.ts';
import type { AuditEntry } from '../../../server/companion/store/audit.ts';

/**
 * A real HTTP hop between the companion and the sandbox that holds the requests to `path` while
 * `holding` is set, until `release()`: a call to the service caught in flight.
 */
async function startGate(target: string) {
  let holding: string | undefined;
  const held: (() => void)[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await read(request);
      if (request.url === holding) await new Promise<void>((resolve) => held.push(resolve));
      const answer = await fetch(target + (request.url ?? ''), {
        method: request.method ?? 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' ? {} : { body }),
      });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.socket?.destroy()); // the service's reset, passed on
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: (path: string) => void (holding = path),
    held: () => held.length,
    release() {
      holding = undefined;
      for (const go of held.splice(0)) go();
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
} // prettier-ignore

for (const database of TEST_DATABASES) {
  describe(`the audit trail around the call to the service, on ${database.name}`, () => {
    let sandbox: RunningSandbox;
    let gate: Awaited<ReturnType<typeof startGate>>;
    let companion: RunningCompanion;
    let drop: () => Promise<void>;
    before(async () => {
      sandbox = await startSandbox();
      gate = await startGate(sandbox.url);
      const created = await database.create();
      drop = created.drop;
      companion = await startCompanion(gate.url, { database: created.location });
    });
    after(async () => {
      await companion.close();
      await gate.close();
      await sandbox.close();
      await drop();
    });

    const ops = async (path: string, body: unknown, signal?: AbortSignal) => {
      const response = await fetch(`${companion.url}/api/ops${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json', 'x-actor': 'ada' },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
      return response.status;
    }; // prettier-ignore
    const entriesOf = async (ref: string) => {
      const response = await fetch(`${companion.url}/api/ops/audit?order_ref=${ref}`, {
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
      });
      return ((await response.json()) as { entries: Entry[] }).entries;
    };
    const store = () => companion.companion.context.store;

    async function paidOrder(ref: string): Promise<void> {
      const session = await fetch(`${companion.url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { origin: 'http://shop.test', 'content-type': 'application/json' },
        body: JSON.stringify(sessionBody(ref)),
      });
      const { frame_url } = (await session.json()) as { frame_url: string };
      const page = await (await fetch(frame_url)).text();
      const token = /name="session_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
      const form = { card: '4111111111111111', expiry: '12/30', security_code: '123', name: 'Ada' };
      await fetch(`${sandbox.url}/hosted/${token}/pay`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' }); // prettier-ignore
      await until(() => store().orders.get(ref), (o) => o?.status === 'authorised', { what: `${ref} authorised` }); // prettier-ignore
    }

    it('writes the entry before the call is sent, and completes it once answered though the client hung up', async () => {
      await paidOrder('mug.trail1');
      gate.hold('/v1/capture');
      const client = new AbortController();
      const capture = ops('/capture', { orders: [{ order_ref: 'mug.trail1' }] }, client.signal).catch(() => 0);
      await until(gate.held, (count) => count === 1, { what: 'the capture held on its way to the service' });

      const [inFlight] = await entriesOf('mug.trail1');
      assert.deepEqual(
        [inFlight?.outcome, inFlight?.status_code, inFlight?.results, inFlight?.completed_at, inFlight?.actor],
        ['requested', null, null, null, 'ada'],
      );
      assert.deepEqual(inFlight?.amounts, [{ ref: 'mug.trail1', amount: '12.00', amount_minor: 1200, currency: 'USD' }]);
      client.abort();
      assert.equal(await capture, 0, 'the client hung up before the answer');
      gate.release();

      const [completed] = await until(() => entriesOf('mug.trail1'), ([e]) => e?.outcome !== 'requested', { what: 'the entry completed' }); // prettier-ignore
      assert.deepEqual([completed?.id, completed?.outcome, completed?.status_code], [inFlight?.id, 'done', 200]);
      assert.deepEqual(completed?.results, [{ ref: 'mug.trail1', ok: true, status: 'success' }]);
      assert.equal((await store().orders.get('mug.trail1'))?.status, 'captured');
    }); // prettier-ignore

    it('a connection reset after the service acted completes the entry as failed, with the error', async () => {
      await paidOrder('mug.trail2');
      await sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id, drop_after_acting: 1 });
      try {
        await ops('/capture', { orders: [{ order_ref: 'mug.trail2' }] });
      } finally {
        await sandbox.admin('/faults', { merchant_id: MERCHANT.merchant_id });
      }
      const [entry] = await entriesOf('mug.trail2');
      assert.equal(entry?.outcome, 'failed');
      assert.deepEqual(
        entry?.amounts.map((a) => a.amount_minor),
        [1200],
      );
      assert.equal(entry?.error?.code, 'connection_failed');
      assert.equal(entry?.results?.[0]?.status, 'unknown');
    });
  });

  describe(`a process that dies between the send and the answer, on ${database.name}`, () => {
    let world: World;
    before(async () => (world = await createWorld(database)));
    after(() => world.close());

    const payouts = async (): Promise<AuditEntry[]> =>
      (await world.store()).audit.list({ operation: 'payouts' }, 500);
    const payout = { ...PAYOUT, reference: 'crash-payout-1' };

    it('leaves the entry requested, with its amount; the retry is an entry of its own', async () => {
      await world.start('operation.answered');
      assert.equal((await world.ops('/payouts', payout, 'payout-crash-1')).status, 0, 'no answer');
      assert.equal(await world.killed(), 'SIGKILL');
      const [crashed] = await payouts();
      assert.deepEqual(
        [crashed?.outcome, crashed?.status_code, crashed?.completed_at, crashed?.targets],
        ['requested', null, null, ['crash-payout-1']],
      );
      assert.deepEqual(crashed?.lines, [{ ref: 'crash-payout-1', amount: 5000, currency: 'EUR' }]);

      await world.start();
      await until(() => world.ops('/payouts', payout, 'payout-crash-1'), (a) => a.status === 201, { timeoutMs: 10_000, everyMs: 100, what: 'the payout settled' }); // prettier-ignore
      const entries = await payouts();
      assert.deepEqual([entries.at(-1)?.id, entries.at(-1)?.outcome], [crashed?.id, 'requested'], 'the crashed entry stays as it was');
      assert.equal(entries[0]?.outcome, 'done');
      assert.deepEqual(entries[0]?.lines, crashed?.lines);
    }); // prettier-ignore
  });
}
