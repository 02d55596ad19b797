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
import type Result from 'lighthouse/types/lhr/lhr.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The pages measured, each with the prefix of its figures (the storefront's have none). */
const PAGES = [
  ['', '/'],
  ['playground_', '/playground'],
  ['docs_', '/docs/getting-started.html'],
] as const;

/** The metrics the performance score is made of, by Lighthouse's audit of each. */
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si_ms: 'speed-index',
} as const;

/**
 * Each page's four scores, and the metrics under its performance score
 * (`lighthouse_<prefix>metrics`: a score below 100 says which one fell short, on a busy machine
 * most often the blocking time).
 */
export type LighthouseFigures = Record<`lighthouse_${string}`, number | Record<string, number>>;

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

/** The audits of `category` that have no score, with Lighthouse's word on each. */
function unscored(lhr: Result, category: Result['categories'][string] | undefined): string {
  const audits = (category?.auditRefs ?? []).map(({ id }) => lhr.audits[id]);
  const failed = audits.filter(
    (audit) =>
      audit &&
      audit.score === null &&
      audit.scoreDisplayMode !== 'notApplicable' &&
      audit.scoreDisplayMode !== 'manual' &&
      audit.scoreDisplayMode !== 'informative',
  );
  const words = failed.map(
    (audit) =>
      `${audit?.id} (${audit?.scoreDisplayMode}: ${audit?.errorMessage ?? audit?.explanation ?? ''})`,
  );
  return [lhr.runtimeError?.message, ...words].filter(Boolean).join('; ') || 'no audit says why';
}

/** The four categories' scores of one page, each as `lighthouse_<prefix><category>`, and its metrics. */
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
    const category = result.lhr.categories[name];
    figures[`lighthouse_${prefix}${name.replace('-', '_')}`] = Math.round(
      (category?.score ?? NaN) * 100,
    );
    // No score (an audit of the category failed): say which, so the missed budget has a cause.
    if (category?.score == null)
      console.error(`Lighthouse gave ${url} no ${name} score:`, unscored(result.lhr, category));
  }
  const metric = (audit: string) => result.lhr.audits[audit]?.numericValue ?? NaN;
  figures[`lighthouse_${prefix}metrics`] = {
    ...Object.fromEntries(
      Object.entries(METRICS).map(([key, audit]) => [
        key,
        key === 'cls' ? Number(metric(audit).toFixed(3)) : Math.round(metric(audit)),
      ]),
    ),
    // Lighthouse's measure of the machine's speed (higher is faster): its throttling multiplies
    // the machine's own CPU time, so the blocking time, and the score, follow it.
    benchmark_index: Math.round(result.lhr.environment.benchmarkIndex),
  };
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
