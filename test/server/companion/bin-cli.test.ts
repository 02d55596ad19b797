/**
 * What both bins answer before they start (server/bin/cli.ts), each bin × each case: `--help`
 * and `--version`; an argument they do not know; a Node older than the package's floor (a preload
 * makes the bin see Node 18.20.4, which the package once ran on unchecked); a port in use
 * and a host that is not this machine's, each said by its variable and
 * the fix, never as a stack.
 */
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, killStarted, run, writeEnv } from '../helpers/bins.ts';
import { ENV } from '../helpers/settings.ts';

const { version, engines } = JSON.parse(readFileSync('server/package.json', 'utf8')) as {
  version: string;
  engines: { node: string };
};

/** Each bin: its name, and the variables of its port and host. */
const BINS = [
  { bin: 'companion', name: 'acquiring-checkout-companion', port: 'PORT', host: 'HOST' },
  {
    bin: 'sandbox',
    name: 'acquiring-checkout-sandbox',
    port: 'SANDBOX_PORT',
    host: 'SANDBOX_HOST',
  },
] as const;

/** A companion environment that passes its checks (nothing is asked before it listens). */
const COMPANION_ENV = { ...ENV, ORDER_RESOLVER: 'https://shop.internal/orders/{order_ref}' };

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bin-cli-test-'))));
afterEach(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});

for (const { bin, name, port, host } of BINS) {
  describe(`${name}`, () => {
    it('answers --help with its usage and where its settings come from, and exits 0', async () => {
      const started = run(bin, dir, {}, ['--help']);
      assert.equal(await started.exit(), 0);
      assert.match(started.stdout(), new RegExp(`^${name} ${version}\\n\\nUsage: ${name}`));
      assert.match(started.stdout(), /--version, -v +prints its version/);
      assert.match(started.stdout(), /\.env\.example/);
      assert.match(started.stdout(), /\nDocs: https:\/\/\S+\n$/);
    });

    it('answers --version with the package’s, and exits 0', async () => {
      const started = run(bin, dir, {}, ['--version']);
      assert.equal(await started.exit(), 0);
      assert.equal(started.stdout(), `${version}\n`);
    });

    it('refuses an argument it does not know, with its usage, exiting 2', async () => {
      const started = run(bin, dir, {}, ['--port=3000']);
      assert.equal(await started.exit(), 2);
      assert.match(started.stderr(), new RegExp(`^${name}: no command or option --port=3000\\n\\n${name} `)); // prettier-ignore
      assert.equal(started.stdout(), '');
    });

    it('refuses a Node older than its floor, naming both, before it reads a setting', async () => {
      const preload = join(dir, 'node-18.mjs');
      writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '18.20.4' });\n"); // prettier-ignore
      const started = run(bin, dir, { NODE_OPTIONS: `--import=${preload}` });
      assert.equal(await started.exit(), 1);
      const floor = /\d+\.\d+/.exec(engines.node)?.[0];
      assert.equal(started.stderr(), `acquiring-checkout-server needs Node ${floor} or newer (its engines: ${engines.node}), and this is Node 18.20.4: install Node ${floor} or newer (nodejs.org, or your distribution's nodejs package)\n`); // prettier-ignore
    });

    describe('names what it cannot listen on, and the fix, without a stack', () => {
      const settings = (values: Record<string, string>) =>
        bin === 'companion' ? { ...COMPANION_ENV, ...values } : { SANDBOX_DATABASE: ':memory:', ...values }; // prettier-ignore

      it('a port in use', async () => {
        const taken = createServer();
        const at = await freePort();
        await new Promise<void>((resolve) => taken.listen(at, '127.0.0.1', resolve));
        try {
          writeEnv(dir, settings({ [port]: String(at) }));
          const started = run(bin, dir);
          assert.equal(await started.exit(), 1);
          assert.equal(started.stderr(), `${port}=${at} is in use on 127.0.0.1: stop what listens there, or set ${port} to a free port (0 takes any)\n`); // prettier-ignore
        } finally {
          taken.close();
        }
      });

      it('a host that is not an address of this machine', async () => {
        // TEST-NET-1 (RFC 5737): never this machine's.
        writeEnv(dir, settings({ [port]: '0', [host]: '192.0.2.1' }));
        const started = run(bin, dir);
        assert.equal(await started.exit(), 1);
        assert.equal(started.stderr(), `${host}=192.0.2.1 is not an address of this machine: set ${host} to one of its addresses, 127.0.0.1, or 0.0.0.0 for all of them\n`); // prettier-ignore
      });
    });
  });
}
