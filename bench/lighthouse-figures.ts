/**
 * Lighthouse's scores (0–100) of the demo storefront, as `npm start` serves it (sandbox, companion
 * and demo in one process, started here as a child on free ports), in Debian's Chromium with the
 * project's headless flags; Lighthouse's default run (a phone, simulated throttling). Lighthouse
 * 12 is the newest whose engines accept Node 20.
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

export async function lighthouseFigures(): Promise<LighthouseFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
  const demo = await startDemo(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  try {
    const result = await lighthouse(demo.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const figures: LighthouseFigures = {};
    for (const name of CATEGORIES) {
      const score = result.lhr.categories[name]?.score;
      figures[`lighthouse_${name.replace('-', '_')}`] = Math.round((score ?? NaN) * 100);
    }
    return figures;
  } finally {
    chrome.kill();
    await demo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
