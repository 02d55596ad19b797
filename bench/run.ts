/**
 * `npm run bench`: measures and prints one JSON object of figures. `npm run bench -- --check`
 * also exits non-zero when a figure misses its budget (for use by hand, never in `npm test`);
 * `--engines` measures only the Firefox and WebKit figures, `--latency` only the latency figures
 * (Pay → page in the three engines with the network's latency: `BENCH_COMPANION_LATENCY_MS`, 30,
 * and `BENCH_SERVICE_LATENCY_MS`, 120, round trips), each with the service's POST beside a GET in
 * the three engines (post-connection.ts), `--lighthouse` only Lighthouse's scores of the
 * demo's pages. Figures that need a part not built yet are
 * listed under `not_measured` with the reason.
 */
import { browserFigures } from './browser-figures.ts';
import { bundleFigures } from './bundle-figures.ts';
import { engineFigures } from './engine-figures.ts';
import { latencyFromEnv } from './latency.ts';
import { lighthouseFigures } from './lighthouse-figures.ts';
import { postConnectionFigures } from './post-connection.ts';
import { buildServer } from './processes.ts';
import { serverFigures } from './server-figures.ts';
import { embeddedFigures, postgresFigures } from './store-figures.ts';
import type { Summary } from './stats.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Budgets: a figure's median must be at most (`max`) or at least (`min`) this. Absolute times on
 * this shared 2-core machine swing by 2×, so the budgets on speed are ratios measured in one run:
 * against the floor of the same thing (the hosted page in a frame directly; PostgreSQL's own
 * pgbench) or a yardstick (a bare Express 5 handler).
 */
const BUDGETS: Record<string, { max?: number; min?: number }> = {
  widget_iife_gzip_bytes: { max: 20_000 },
  interactive_ms: { max: 50 },
  device_data_ms: { max: 30 },
  // Pay → the hosted page ÷ the same page framed directly, loopback (issue 37: 1.5 before).
  checkout_overhead_ratio: { max: 1.1 },
  // Pay → first paint with the page loaded out of sight before Pay (widget/src/page-ahead.ts)
  // ÷ the floor's first paint: the page is there already, so Pay costs under half the floor.
  // WebKitGTK records no first paint in a frame: not measured there (`not_measured`).
  checkout_prepared_page_ratio_painted: { max: 0.5 },
  firefox_checkout_prepared_page_ratio_painted: { max: 0.5 },
  webkit_checkout_prepared_page_ratio_painted: { max: 0.5 },
  // Firefox ESR and WebKitGTK (engine-figures.ts): issue 22's budgets for every engine.
  firefox_interactive_ms: { max: 20 },
  firefox_checkout_overhead_ratio: { max: 1.1 },
  webkit_interactive_ms: { max: 20 },
  webkit_checkout_overhead_ratio: { max: 1.1 },
  // The element's own share of Pay at the session's answer: ÷ a bare Pay (the service's form
  // posted and a dialog shown by a page with no element, engine-figures.ts), which is all the
  // engine's. In WebKit the bare Pay alone is 1.3 to 2.2 × the floor: its POST never takes an
  // open connection (post-connection.ts), so there the ratio to the floor cannot reach 1.1.
  firefox_checkout_over_bare_pay_ratio: { max: 1.1 },
  webkit_checkout_over_bare_pay_ratio: { max: 1.1 },
  // With the network's latency (latency.ts: 30 ms to the companion, 120 ms to the service).
  latency_chromium_checkout_overhead_ratio: { max: 1.05 },
  latency_firefox_checkout_overhead_ratio: { max: 1.05 },
  latency_webkit_checkout_overhead_ratio: { max: 1.05 },
  latency_chromium_checkout_over_bare_pay_ratio: { max: 1.05 },
  latency_firefox_checkout_over_bare_pay_ratio: { max: 1.05 },
  latency_webkit_checkout_over_bare_pay_ratio: { max: 1.05 },
  companion_rps_ratio: { min: 0.25 },
  // The companion's own cost against the relay (an Express handler that only relays the body to
  // the same stand-in service): 0.4 of a bare handler ignored the relay, the durable commits and
  // the call, and is withdrawn (issue 23); 0.3 of the relay is withdrawn too (issue 37): pinned
  // runs measured 0.124–0.198, and a store that cost nothing would still fall short of it. What
  // is kept is a guard, so that the session path does not grow again.
  companion_own_relay_ratio: { min: 0.15 },
  store_postgres_pgbench_ratio: { min: 0.3 },
  lighthouse_performance: { min: 100 },
  lighthouse_accessibility: { min: 100 },
  lighthouse_best_practices: { min: 100 },
  lighthouse_seo: { min: 100 },
  lighthouse_docs_performance: { min: 100 },
  lighthouse_docs_accessibility: { min: 100 },
  lighthouse_docs_best_practices: { min: 100 },
  lighthouse_docs_seo: { min: 100 },
  lighthouse_playground_performance: { min: 100 },
  lighthouse_playground_accessibility: { min: 100 },
  lighthouse_playground_best_practices: { min: 100 },
  lighthouse_playground_seo: { min: 100 },
};

type Figure = Summary | number | Record<string, Summary | number> | undefined;
const figures: Record<string, Figure> = {};
const notMeasured: Record<string, string> = {};

const enginesOnly = process.argv.includes('--engines');
const latencyOnly = process.argv.includes('--latency');
const lighthouseOnly = process.argv.includes('--lighthouse');
const all = !enginesOnly && !latencyOnly && !lighthouseOnly;
// Read first: a bad setting stops the bench before anything is built or started.
const latency = (() => {
  try {
    return latencyFromEnv(process.env);
  } catch (error) {
    console.error(`npm run bench: ${(error as Error).message}`);
    process.exit(2);
  }
})();

if (all) Object.assign(figures, bundleFigures());
if (!lighthouseOnly) buildServer();
// Lighthouse first, on a machine nothing of the bench has loaded yet: its score is a throttled
// phone's blocking time. Measured last (after autocannon, pgbench and the stores' rounds) it read
// 98 where the same pages alone read 100; first, on a slower machine, 86 where alone 91 to 96
// (2026-11-28): the order is not shown to matter, but first leaves nothing of ours to blame.
if (all || lighthouseOnly) Object.assign(figures, await lighthouseFigures());
if (all) Object.assign(figures, await browserFigures());
if (all || enginesOnly)
  for (const engine of ['firefox', 'webkit'] as const)
    for (const [name, figure] of Object.entries(await engineFigures(engine)))
      figures[`${engine}_${name}`] = figure;
if (all || latencyOnly) {
  figures.latency_ms = { companion: latency.companionMs, service: latency.serviceMs };
  for (const engine of ['chromium', 'firefox', 'webkit'] as const)
    for (const [name, figure] of Object.entries(await engineFigures(engine, latency)))
      figures[`latency_${engine}_${name}`] = figure;
}
// What the service's POST costs each engine beside a GET, with nothing of ours on the page; with
// latency, its new connections paying TCP's handshake, which the figures above leave out.
const connectionRuns: Array<[prefix: string, roundTripMs: number | undefined]> = [];
if (all || enginesOnly) connectionRuns.push(['', undefined]);
if (all || latencyOnly) connectionRuns.push(['latency_', latency.serviceMs]);
for (const [prefix, roundTripMs] of connectionRuns)
  for (const engine of ['chromium', 'firefox', 'webkit'] as const)
    for (const [name, figure] of Object.entries(await postConnectionFigures(engine, roundTripMs)))
      figures[`${prefix}${engine}_${name}`] = figure;
if (all) await serverAndStoreFigures();
// A figure made of first paints in a frame: none where the engine records none (WebKitGTK).
for (const [name, figure] of Object.entries(figures))
  if (/_ratio_painted$/.test(name) && typeof figure === 'object' && figure.runs === 0) {
    notMeasured[name] = 'the engine records no first contentful paint in a frame';
    delete figures[name];
  }

/** The servers' throughput and the stores'. */
async function serverAndStoreFigures(): Promise<void> {
  Object.assign(figures, await serverFigures());
  const { native_not_measured: nativeMissing, ...embedded } = await embeddedFigures();
  Object.assign(figures, embedded);
  if (nativeMissing) notMeasured.store_native_sqlite_orders_per_s = nativeMissing;
  const postgres = await postgresFigures(POSTGRES_URL);
  if (!postgres) {
    notMeasured.store_postgres_orders_per_s = `PostgreSQL is unreachable at ${POSTGRES_URL}`;
  } else {
    const { pgbench_not_measured: why, ...measured } = postgres;
    Object.assign(figures, measured);
    if (why) notMeasured.store_postgres_pgbench_ratio = why;
  }
}

const misses: string[] = [];
for (const [name, budget] of Object.entries(BUDGETS)) {
  const figure = figures[name];
  if (figure === undefined) continue;
  const value = typeof figure === 'number' ? figure : Number(figure.median);
  // A budgeted figure with no value (a Lighthouse category with no score) is a miss, not a pass.
  if (!Number.isFinite(value)) misses.push(`${name} has no value (budget not checked)`);
  else if (
    (budget.max !== undefined && value > budget.max) ||
    (budget.min !== undefined && value < budget.min)
  ) {
    misses.push(
      `${name} ${value} (budget ${budget.max !== undefined ? `≤ ${budget.max}` : `≥ ${budget.min}`})`,
    );
  }
}

console.log(
  JSON.stringify(
    {
      machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
      figures,
      budgets: BUDGETS,
      missed: misses,
      not_measured: notMeasured,
    },
    null,
    2,
  ),
);
if (process.argv.includes('--check') && misses.length > 0) {
  console.error(`missed budgets: ${misses.join('; ')}`);
  process.exit(1);
}
