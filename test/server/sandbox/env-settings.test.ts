/**
 * The sandbox bin's environment, each variable with values that cannot work: refused at start,
 * naming the variable, never a silent default. Its frame-ancestors go into the payment pages' CSP
 * as they are, so a `;` there would add a directive.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxConfigFromEnv } from 'acquiring-checkout-server/sandbox';

const BAD: [string, string, RegExp][] = [
  ['SANDBOX_PORT', '0x0C1C', /SANDBOX_PORT: a port, in digits/],
  ['SANDBOX_PORT', '65536', /SANDBOX_PORT: a port of at most 65535/],
  ['SANDBOX_PUBLIC_URL', 'javascript:alert(1)', /SANDBOX_PUBLIC_URL: an http\(s\) address/],
  ['SANDBOX_PUBLIC_URL', 'ftp://sandbox.example', /SANDBOX_PUBLIC_URL: an http\(s\) address/],
  ['SANDBOX_FRAME_ANCESTORS', 'https://a.example; script-src *', /SANDBOX_FRAME_ANCESTORS: "https:\/\/a\.example; script-src \*" is not a frame-ancestors source/],
  ['SANDBOX_FRAME_ANCESTORS', 'https://a.example/path', /is not a frame-ancestors source/],
  ['SANDBOX_QUERY_IPS', '127.0.0.1,not-an-ip', /SANDBOX_QUERY_IPS: "not-an-ip" is not an IP address/],
  ['SANDBOX_RETENTION_HOURS', '1e3', /SANDBOX_RETENTION_HOURS: a whole number of hours, in digits/],
]; // prettier-ignore

describe("the sandbox bin's environment", () => {
  for (const [variable, value, message] of BAD)
    it(`refuses ${variable}=${value}, naming it`, () => {
      assert.throws(() => sandboxConfigFromEnv({ [variable]: value }), message);
    });

  it('takes good values, and a variable set but empty as not set', () => {
    const { config, port } = sandboxConfigFromEnv({
      SANDBOX_PORT: '',
      SANDBOX_FRAME_ANCESTORS: "'self', https://shop.example, https://*.shop.example:8443",
      SANDBOX_QUERY_IPS: '127.0.0.1, ::1',
      SANDBOX_RETENTION_HOURS: '',
    });
    assert.equal(port, 3100);
    assert.deepEqual(config.frameAncestors, [
      "'self'",
      'https://shop.example',
      'https://*.shop.example:8443',
    ]);
    assert.deepEqual(config.queryIps, ['127.0.0.1', '::1']);
    assert.equal(config.retentionMs, undefined);
  });
});
