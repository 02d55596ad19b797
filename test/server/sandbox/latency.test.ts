/**
 * The sandbox's per-response latency (`latencyMs`, `SANDBOX_LATENCY_MS`): a service far away, for
 * the bench's latency figures. Every answer waits it out; a bad value stops the start naming it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createSandbox,
  sandboxConfig,
  sandboxConfigFromEnv,
  startSandbox,
} from 'acquiring-checkout-server/sandbox';

/** Values that are not a whole number of ms from 0 to 10,000, as the environment gives them. */
const BAD_ENV = ['-1', '1.5', 'abc', '10001', '120ms'];
/** The same slips in code. */
const BAD_CODE = [-1, 1.5, Number.NaN, 10_001, Number.POSITIVE_INFINITY];

describe('the sandbox latency setting', () => {
  for (const value of BAD_ENV)
    it(`SANDBOX_LATENCY_MS=${value} is refused at start, naming the variable`, () => {
      assert.throws(
        () => sandboxConfigFromEnv({ SANDBOX_LATENCY_MS: value }),
        /invalid sandbox configuration:[\s\S]*SANDBOX_LATENCY_MS/,
      );
    });

  it('SANDBOX_LATENCY_MS is read as a whole number of ms, 0 when unset', () => {
    assert.equal(sandboxConfigFromEnv({ SANDBOX_LATENCY_MS: '120' }).config.latencyMs, 120);
    assert.equal(sandboxConfigFromEnv({}).config.latencyMs, 0);
  });

  for (const latencyMs of BAD_CODE)
    it(`createSandbox refuses latencyMs ${latencyMs}, naming the field`, () => {
      assert.throws(
        () => createSandbox(sandboxConfig({ publicUrl: 'http://127.0.0.1:1', latencyMs })),
        /latencyMs must be a whole number of ms/,
      );
    });

  // The delay's lower bound is the behaviour (an answer never comes before it), not a speed.
  for (const path of ['/assets/sandbox.css', '/v1/no-such-route'])
    it(`every answer waits latencyMs, the pages' and the API's (${path})`, async () => {
      const latencyMs = 1_000; // far beyond a loopback answer, even on a loaded machine
      const running = await startSandbox({ latencyMs });
      try {
        // A first answer, untimed: a fresh sandbox's first request also pays for its start.
        await (await fetch(running.url + path)).arrayBuffer();
        const started = performance.now();
        const response = await fetch(running.url + path);
        await response.arrayBuffer();
        assert.ok(
          performance.now() - started >= latencyMs - 1, // timers may fire up to 1 ms early
          `answered after ${performance.now() - started} ms`,
        );
      } finally {
        await running.close();
      }
    });
});
