/**
 * What the fuzzer holds every answer to, and how it looks: every table of the companion's store
 * (as the database lists them, not a list of ours) before and after a request, whether a refusal
 * names what it refused, and the routes the running companion has, to check each has a target.
 */
import { sql } from 'kysely';
import type { Router } from 'express';
import type { CompanionStore } from '../../../server/companion/store/store.ts';

/** Every table in the store's schema, Kysely's own included, read from the database. */
export async function storeTables(store: CompanionStore): Promise<string[]> {
  const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
  // PostgreSQL lists the tables of every schema: the test's is the one on the search path.
  const schema =
    store.dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(store.db)).rows[0]?.name // prettier-ignore
      : undefined;
  return tables
    .filter((table) => schema === undefined || table.schema === schema)
    .map((table) => table.name)
    .sort();
}

/** Every row of `tables`, each as its JSON text under its table's name. */
export async function snapshot(store: CompanionStore, tables: string[]): Promise<Set<string>> {
  const rows = await Promise.all(
    tables.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db)), // prettier-ignore
  );
  return new Set(
    rows.flatMap((result, i) => result.rows.map((row) => `${tables[i]} ${JSON.stringify(row)}`)),
  );
}

/**
 * The rows one snapshot has and the other lacks, but for the audit trail's own record of a
 * refusal: an operation refused is written there (who tried to move money, and what they were
 * told), as one new row with outcome `refused` and the index of the orders it names
 * (`audit_targets`); any other request's row may land late, after its answer, and is only ever
 * new, never a change.
 */
export function changedRows(before: Set<string>, after: Set<string>, requestId: string): string[] {
  const gone = [...before].filter((row) => !after.has(row)).map((row) => `- ${row}`);
  const added = [...after].filter((row) => !before.has(row));
  const records = new Set(added.flatMap((row) => auditRecordId(row, requestId) ?? []));
  const changed = added.filter((row) => !auditRecordId(row, requestId) && !targetOf(row, records));
  return [...gone, ...changed.map((row) => `+ ${row}`)];
}

/** The id of an audit entry `row` may be: a refusal's, or another request's (landed late). */
function auditRecordId(row: string, requestId: string): string | undefined {
  if (!row.startsWith('audit ')) return undefined;
  const entry = JSON.parse(row.slice('audit '.length)) as { id?: string; request_id?: unknown; outcome?: unknown }; // prettier-ignore
  return entry.request_id !== requestId || entry.outcome === 'refused' ? entry.id : undefined;
}

/** Whether `row` indexes an order of one of the audit entries `records`. */
function targetOf(row: string, records: Set<string>): boolean {
  if (!row.startsWith('audit_targets ')) return false;
  const target = JSON.parse(row.slice('audit_targets '.length)) as { audit_id?: string };
  return records.has(target.audit_id ?? '');
}

/**
 * A refusal names what it refused: the companion's problem (`issues[].path`, or a detail that
 * starts `field: `), the sandbox's `field` or a message that starts so. A field, a header, or the
 * part of the request: `(body)`, `(path)`, `(query)`, `(client)`.
 */
export function namesWhatItRefused(text: string): boolean {
  let body: { detail?: unknown; message?: unknown; field?: unknown; issues?: { path?: unknown }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return false;
  }
  if (body.issues?.some((issue) => typeof issue.path === 'string' && issue.path !== ''))
    return true;
  if (typeof body.field === 'string' && body.field !== '') return true;
  const said = body.detail ?? body.message;
  return typeof said === 'string' && /^(\([a-z]+\)|[\w.[\]-]+): /.test(said);
}

/** One route of an Express router: its method and full path. */
export interface RouteOf {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/** Every route of `router` and the routers mounted in it, with the paths they are mounted at. */
export function routesOf(router: Router | { stack?: Layer[] }, mount = ''): RouteOf[] {
  const stack = (router as { stack?: Layer[] }).stack ?? [];
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = `${mount}${layer.route.path}`.replace(/(.)\/$/, '$1');
      return Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path })); // prettier-ignore
    }
    if (!layer.handle?.stack) return [];
    const at = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return routesOf(layer.handle, mount + at);
  });
}
