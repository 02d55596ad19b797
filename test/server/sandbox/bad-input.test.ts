/** The sandbox, given bad input: a 4xx naming what is wrong, never a 500 (F6), and expired cards. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cardPayment, startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

describe('the sandbox, given bad input', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  const nested = (depth: number) => `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`;

  it('refuses XML nested 3,000 deep (under 100 kB) with 400 on /v1/authorise and /v1/checkout', async () => {
    const body = `<?xml version="1.0"?>${nested(3_000)}`;
    assert.ok(body.length < 100_000);
    for (const path of ['/v1/authorise', '/v1/checkout']) {
      const answer = await sandbox.post(path, body, 'application/xml');
      assert.equal(answer.status, 400, path);
      assert.match(answer.json().message as string, /nested deeper than 32/);
    }
  });

  it('still reads XML of the depth real requests have', async () => {
    const answer = await sandbox.post(
      '/v1/authorise',
      `<respon>${nested(5)}</respon>`,
      'application/xml',
    );
    assert.notEqual(answer.status, 500);
    assert.ok(answer.status < 500, String(answer.status));
  });

  it('refuses an unknown charset or content encoding with 415', async () => {
    const response = await fetch(`${sandbox.url}/v1/authorise`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=x-bogus', 'content-encoding': 'x-evil' },
      body: '{}',
    });
    assert.equal(response.status, 415);
  });

  it('refuses a control character in any field with 400 naming it (a NUL in order_no was authorised)', async () => {
    const client = sandbox.client();
    const cases = [
      ['order_no', { ...cardPayment('nul-1'), order_no: 'nul\u0000x' }],
      ['order_no', { ...cardPayment('nul-2'), order_no: 'bell\u0007' }],
      ['billing_address', { ...cardPayment('nul-3'), billing_address: 'a\u001bb' }],
    ] as const;
    for (const [field, payment] of cases)
      await assert.rejects(
        client.directPayment(payment),
        (error: { status?: number; raw?: { field?: string }; message: string }) =>
          error.status === 400 &&
          error.raw?.field === field &&
          error.message.startsWith(`${field}: holds a control character`),
        JSON.stringify(payment[field as keyof typeof payment]),
      );
    // Tabs and line breaks stay text.
    const lines = await client.directPayment({
      ...cardPayment('nul-4'),
      billing_address: 'a\nb\tc',
    });
    assert.equal(lines.order_status, '1');
  });

  it('declines a card whose expiry has passed (12/1999) with the expired-card result code', async () => {
    const result = await sandbox.client().directPayment({
      ...cardPayment('expired-1'),
      expiration_month: '12',
      expiration_year: '1999',
    });
    assert.equal(result.order_status, '0');
    assert.equal(result.result_info, '2054:Expired card');
  });
});
