/**
 * Lighthouse's scores (0–100) of the demo's storefront, its playground and a docs page (Getting
 * started, at /docs), as `npm start` serves them (sandbox, companion and demo in one process,
 * started here as a child on free ports), in Debian's Chromium with the project's headless flags;
 * Lighthouse's default run (a phone, simulated throttling). Lighthouse 12 is the newest whose
 * engines accept Node 20.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The pages measured, each with the prefix of its figures (the storefront's have none). */
const PAGES = [
  ['', '/'],
  ['playground_', '/playground'],
  ['docs_', '/docs/getting-started.html'],
] as const;

export type LighthouseFigures = Record<`lighthouse_${string}`, number>;

/** The demo of `npm start` on free ports; its storefront's address. */
async function startDemo(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
    env: { ...process.env, PORT: '0', SANDBOX_PORT: '0', COMPANION_PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const found = /^\s*Storefront\s+(\S+)/.exec(line)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the demo exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** The four categories' scores of one page, each as `lighthouse_<prefix><category>`. */
async function scores(url: string, port: number, prefix: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const figures: LighthouseFigures = {};
  for (const name of CATEGORIES) {
    const score = result.lhr.categories[name]?.score;
    figures[`lighthouse_${prefix}${name.replace('-', '_')}`] = Math.round((score ?? NaN) * 100);
  }
  return figures;
}

export async function lighthouseFigures(): Promise<LighthouseFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
  const demo = await startDemo(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  try {
    let figures: LighthouseFigures = {};
    for (const [prefix, path] of PAGES)
      figures = {
        ...figures,
        ...(await scores(new URL(path, demo.url).href, chrome.port, prefix)),
      };
    return figures;
  } finally {
    chrome.kill();
    await demo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
