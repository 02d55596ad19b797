/**
 * Request ids and the request log of a real companion: the id an answer carries, the JSON line
 * each request leaves, and the id on what handlers log while serving it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { startCompanion, type RunningCompanion } from '../helpers/companion.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Line {
  level: number;
  msg: string;
  request_id?: string;
  method?: string;
  path?: string;
  status?: number;
  duration_ms?: number;
}

describe('request ids and the request log', () => {
  let sandbox: RunningSandbox;
  let running: RunningCompanion;
  const lines: Line[] = [];
  before(async () => {
    sandbox = await startSandbox();
    const sink = new Writable({
      write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Line), done()),
    });
    running = await startCompanion(sandbox.url, { logger: pino({ level: 'info' }, sink) });
  });
  after(async () => {
    await running.close();
    await sandbox.close();
  });

  /** The request line of the request `id`, once the request has ended. */
  async function requestLine(id: string): Promise<Line> {
    for (;;) {
      const line = lines.find((l) => l.msg === 'request' && l.request_id === id);
      if (line) return line;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('keeps a well-formed id the caller sends, and logs the request under it', async () => {
    const response = await fetch(`${running.url}/api/csp`, {
      headers: { 'x-request-id': 'lb-7f3a.2' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-request-id'), 'lb-7f3a.2');
    const line = await requestLine('lb-7f3a.2');
    assert.deepEqual(
      [line.method, line.path, line.status, typeof line.duration_ms],
      ['GET', '/api/csp', 200, 'number'],
    );
  });

  it('replaces an id that is too long or carries other characters, and never logs it', async () => {
    for (const given of ['x'.repeat(65), 'a b', 'id"}{']) {
      const response = await fetch(`${running.url}/healthz`, {
        headers: { 'x-request-id': given },
      });
      const id = response.headers.get('x-request-id') ?? '';
      assert.match(id, UUID, given);
      assert.ok(!JSON.stringify(lines).includes(given), `${given} reached the log`);
    }
  });

  it('logs a payment page address without its token, and without the query', async () => {
    const response = await fetch(`${running.url}/pay/secret-token-123?x=1`);
    const line = await requestLine(response.headers.get('x-request-id') ?? '');
    assert.equal(line.path, '/pay/[redacted]');
    assert.ok(!JSON.stringify(lines).includes('secret-token-123'));
  });

  it("gives what a handler logs the request's id", async () => {
    const response = await fetch(`${running.url}/api/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'notify-1' },
      body: JSON.stringify({ event: 'payment.authorised', signature: 'forged' }),
    });
    assert.ok(response.status >= 400 && response.status < 500, String(response.status));
    await requestLine('notify-1');
    const handlerLines = lines.filter((l) => l.request_id === 'notify-1' && l.msg !== 'request');
    assert.ok(handlerLines.length > 0, 'the handler logged nothing under the id');
  });
});
