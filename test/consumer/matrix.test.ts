/**
 * The configurations a merchant uses, each a cell: the packed tarballs installed into a fresh
 * app, the shop (matrix/shop.mjs) and, for the bin, the companion and sandbox bins started from
 * that app, and one payment in Chromium. Cells: the companion mounted on the shop's origin or on
 * its own; the embedded store, PostgreSQL, and PostgreSQL installed without optional
 * dependencies; the router in the merchant's Express app or the bin with `.env`; a signed-in
 * shopper (resolveShopper) saving a card and then paying with it in one click, on either origin.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import { payAsShopper } from '../../scripts/storefront.ts';
import { TEST_DATABASES } from '../server/helpers/databases.ts';
import { packBoth, installInto, type Install } from './install.ts';
import { freePort, waitForLine } from './helpers.ts';
import { payWithNewCardAndSave, payWithSavedCard } from './matrix/shopper.ts';

interface Cell {
  name: string;
  /** The companion's router in the shop's app, or the standalone bin with its `.env`. */
  run: 'router' | 'bin';
  /** Where the companion answers: the shop's own origin, or an origin of its own. */
  origin: 'shop' | 'own';
  store: 'sqlite' | 'postgres';
  /** `npm install --omit=optional`, as a PostgreSQL-only merchant installs. */
  omitOptional?: boolean;
  /** A signed-in shopper saves a card, then pays the next order with it in one click. */
  savedCard?: boolean;
}

const CELLS: Cell[] = [
  {
    name: 'router · shop origin · SQLite · saved card',
    run: 'router',
    origin: 'shop',
    store: 'sqlite',
    savedCard: true,
  },
  {
    name: 'router · own origin · SQLite · saved card',
    run: 'router',
    origin: 'own',
    store: 'sqlite',
    savedCard: true,
  },
  { name: 'router · shop origin · PostgreSQL', run: 'router', origin: 'shop', store: 'postgres' },
  {
    name: 'bin with .env · own origin · SQLite · saved card',
    run: 'bin',
    origin: 'own',
    store: 'sqlite',
    savedCard: true,
  },
  {
    name: 'bin with .env · own origin · PostgreSQL, installed --omit=optional',
    run: 'bin',
    origin: 'own',
    store: 'postgres',
    omitOptional: true,
  },
]; // prettier-ignore: one cell a line reads as the matrix it is

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
const SECRET_KEY = 'matrix-sandbox-secret-key-0123456789abcdef';

// The cells run side by side: most of each is an npm install, which overlap well.
describe(
  'the configuration matrix: each cell a fresh app from the tarballs, paying in Chromium',
  { concurrency: true },
  () => {
    const work = mkdtempSync(join(tmpdir(), 'acquiring-matrix-'));
    const children: ChildProcess[] = [];
    const drops: (() => Promise<void>)[] = [];
    let tarballs: string[];
    let browser: Browser;

    before(async () => {
      tarballs = packBoth(work);
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      for (const child of children) child.kill('SIGKILL');
      for (const drop of drops) await drop();
      rmSync(work, { recursive: true, force: true });
    });

    let shared: Promise<Install> | undefined;
    /**
     * A fresh app in `dir` with the tarballs and Express installed. The cells that install alike
     * share one npm install, each copying it into its own app (an install per cell cost a core
     * for some 15 s each); the cell installed --omit=optional installs on its own.
     */
    async function appFor(cell: Cell, dir: string): Promise<Install> {
      const specs = [...tarballs, 'express@5'];
      if (cell.omitOptional) return installInto(dir, specs, { omitOptional: true });
      const template = join(work, 'shared-install');
      shared ??= (mkdirSync(template), installInto(template, specs));
      const installed = await shared;
      cpSync(installed.dir, dir, { recursive: true, verbatimSymlinks: true });
      return {
        dir,
        bin: (name) => join(dir, 'node_modules/.bin', name),
        summary: `${installed.summary} (one install for the cells alike, copied)`,
      };
    }

    /** Starts `command` in `cwd` with `env` added; resolves once it prints `ready`. */
    async function start(cwd: string, args: string[], env: Record<string, string>, ready: RegExp) {
      const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
      children.push(child);
      await waitForLine(child, ready);
      return child;
    }

    async function database(cell: Cell): Promise<string | undefined> {
      if (cell.store === 'sqlite') return undefined;
      const created = await postgres!.create();
      drops.push(created.drop);
      return created.location;
    }

    /** The standalone sandbox and companion, as bins of the app, with the companion's `.env`. */
    async function startBins(app: Install, shop: string, location: string | undefined) {
      const sandboxPort = await freePort();
      await start(
        app.dir,
        [app.bin('acquiring-checkout-sandbox')],
        { SANDBOX_PORT: String(sandboxPort), SANDBOX_SECRET_KEY: SECRET_KEY },
        /^sandbox of the acquiring service: /m,
      );
      const companion = `http://127.0.0.1:${await freePort()}`;
      const env: Record<string, string> = {
        PORT: new URL(companion).port,
        PUBLIC_URL: companion,
        GATEWAY_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
        MERCHANT_ID: 'sandbox-merchant',
        ACCOUNT_ID: 'sandbox-account',
        SECRET_KEY,
        ALLOWED_ORIGINS: shop,
        OPERATIONS_TOKEN: 'a-long-random-token-for-the-back-office',
        ORDER_RESOLVER: './merchant.mjs',
        DIRECT_CARD_PAYMENTS: '1',
        ...(location ? { DATABASE_URL: location } : {}),
      };
      writeFileSync(
        join(app.dir, '.env'),
        Object.entries(env)
          .map(([name, value]) => `${name}=${value}`)
          .join('\n'),
      );
      await start(app.dir, [app.bin('acquiring-checkout-companion')], {}, /companion listening/);
      return companion;
    }

    for (const cell of CELLS) {
      const skip = cell.store === 'postgres' && !postgres ? 'TEST_DATABASE_URL is not set' : false;
      it(cell.name, { skip, timeout: 180_000 }, async () => {
        const dir = join(work, cell.name.replace(/[^a-z0-9]+/gi, '-'));
        mkdirSync(dir);
        const app = await appFor(cell, dir);
        console.log(`${cell.name}: ${app.summary}`);
        for (const file of ['shop.mjs', 'merchant.mjs'])
          copyFileSync(new URL(`./matrix/${file}`, import.meta.url), join(dir, file));

        const shop = `http://127.0.0.1:${await freePort()}`;
        const location = await database(cell);
        const env: Record<string, string> = {
          SHOP_URL: shop,
          ...(location ? { DATABASE: location } : {}),
        };
        if (cell.run === 'bin') env.COMPANION = await startBins(app, shop, location);
        else if (cell.origin === 'own') {
          env.COMPANION = 'own';
          env.COMPANION_ORIGIN = `http://127.0.0.1:${await freePort()}`;
        } else env.COMPANION = 'shop';
        await start(dir, ['shop.mjs'], env, /shop on/);

        const context = await browser.newContext();
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        // Every request the page makes is answered; none is refused (the favicon aside).
        const errors: string[] = [];
        page.on('console', (m) => {
          // Chromium warns of a frame page that is same-origin with the shop while the frame
          // allows scripts and same-origin (for the service's page). On a mounted companion those
          // are the companion's own pages: the one-time /pay page, whose CSP sandbox gives it an
          // opaque origin (Chromium reads the attribute and the address, not the CSP), and the
          // return page, which runs only the companion's script (docs/site/widget/security.md).
          // Anywhere else the warning is a defect, and so is any other warning or error.
          const known = cell.origin === 'shop' && /allow-same-origin .* can escape/.test(m.text());
          const loud = m.type() === 'error' || m.type() === 'warning';
          if (!known && (loud || /sandbox/i.test(m.text()))) errors.push(m.text());
        });
        page.on('response', (r) => {
          if (r.status() >= 400 && !r.url().endsWith('/favicon.ico'))
            errors.push(`${r.status()} ${r.url()}`);
        });
        try {
          if (cell.savedCard) {
            await page.goto(`${shop}/sign-in`);
            assert.equal((await payWithNewCardAndSave(page)).status, 'authorised');
            await page.goto(`${shop}/?mode=card`);
            assert.equal((await payWithSavedCard(page)).status, 'authorised');
          } else {
            await page.goto(shop);
            assert.equal((await payAsShopper(page)).status, 'authorised');
          }
          assert.deepEqual(
            errors.filter((e) => !/^Failed to load resource/.test(e)),
            [],
            'no error',
          );
        } finally {
          await context.close();
        }
      });
    }
  },
);
