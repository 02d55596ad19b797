/**
 * The ORDER_RESOLVER contract (docs/site/companion/order-resolver.md) kept by backends that are
 * not Node: the examples' resolver in Python (its standard library) and in PHP (its built-in
 * server) each price an order that the companion's bin, compiled as shipped, then pays through
 * the sandbox over HTTP; `doctor` asks each with the token and without it. Needs Debian's
 * `python3` and `php-cli` (npm test installs them when run as root, as .ci/run is).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GatewayClient } from 'acquiring-checkout-server/gateway';
import { startSandbox, type RunningSandbox } from 'acquiring-checkout-server/sandbox';
import { payOverHttp } from '../../../scripts/http-shopper.ts';
import { companionBinEnv, freePort, killStarted, run, type Bin } from '../helpers/bins.ts';
import { SHOP } from '../helpers/companion.ts';
import { until } from '../helpers/until.ts';

const TOKEN = 'resolver-token-for-tests-0123456789';
const EXAMPLES = resolve('examples');

/** Each backend: how it is started on `port` with the token in its environment. */
const BACKENDS: { language: string; start(port: number): ChildProcess }[] = [
  {
    language: 'Python',
    start: (port) =>
      spawn('python3', [join(EXAMPLES, 'python/resolver.py')], {
        env: { PATH: process.env.PATH, PORT: String(port), ORDER_RESOLVER_TOKEN: TOKEN },
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
  },
  {
    language: 'PHP',
    start: (port) =>
      spawn('php', ['-S', `127.0.0.1:${port}`, join(EXAMPLES, 'php/resolver.php')], {
        env: { PATH: process.env.PATH, ORDER_RESOLVER_TOKEN: TOKEN },
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
  },
];

for (const backend of BACKENDS) {
  describe(`a resolver in ${backend.language}`, () => {
    let service: RunningSandbox;
    let child: ChildProcess;
    let companion: Bin;
    let address: string;
    let url: string;
    let dir: string;
    /** The bin's environment against the sandbox and this backend. */
    const environment = (port: number, token = TOKEN) => ({
      ...companionBinEnv(service, port, address),
      ORDER_RESOLVER_TOKEN: token,
    });

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'resolver-test-'));
      service = await startSandbox();
      const port = await freePort();
      child = backend.start(port);
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      address = `http://127.0.0.1:${port}/orders/{order_ref}`;
      // Up once it answers, whatever it answers (401 without the token).
      await until(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            () => true,
            () => child.exitCode !== null,
          ),
        (answered) => answered,
        { timeoutMs: 15_000, what: `the ${backend.language} resolver` },
      );
      assert.equal(child.exitCode, null, stderr);
      const companionPort = await freePort();
      companion = run('companion', dir, environment(companionPort));
      url = `http://127.0.0.1:${companionPort}`;
      await companion.line(/"msg":"companion listening"/, 30_000);
    });
    after(async () => {
      killStarted();
      child?.kill();
      await service?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('prices an order that the companion then pays, at the price the backend gave', async () => {
      const payment = await payOverHttp(url, SHOP, 'order-1001');
      assert.equal(payment.status, 'authorised');
      const client = new GatewayClient(service.gateway);
      const [order] = (await client.query({ order_no: payment.order_no })).orders;
      // Two T-shirts at 25.00 and a mug at 12.00: the backend's figures, not the browser's.
      assert.deepEqual([order?.amount, order?.currency], ['62.00', 'USD']);
    });

    it('answers an order it does not know with 404, which the widget gets', async () => {
      const answer = await fetch(`${url}/api/order-summaries/order-9999`, {
        headers: { origin: SHOP },
      });
      assert.equal(answer.status, 404);
    });

    it('is asked by doctor with the token, and refuses doctor without it', async () => {
      const ask = async (token: string) => {
        const doctor = run('companion', dir, { ...environment(0, token), PUBLIC_URL: url }, [
          'doctor',
          'order-1002',
        ]);
        await doctor.exit(30_000);
        return (
          doctor
            .stdout()
            .split('\n')
            .find((line) => line.includes('order resolver')) ?? ''
        );
      };
      assert.equal(await ask(TOKEN), '✓ order resolver: order-1002 is 36.00 USD');
      assert.match(await ask('not-the-token'), /^✗ order resolver: .*answered 401 for order-1002/);
    });
  });
}
