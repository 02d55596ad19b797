/**
 * The session path's queries, built by kysely once per shape and run again with new values.
 * Building a query (kysely's immutable builders, its operation-node tree, its compiler) cost a
 * checkout session more of the store's CPU than any other part of it, SQLite's engine included
 * (issue 23). A query's SQL depends only on its shape (the columns it names, how long an `in`
 * list is), so each shape is compiled once, a slot standing in for each value; a run puts the
 * values of the moment in the slots. The compiled text is the dialect's own, so each database
 * (each `Kysely`) keeps its own. Pure: the repository runs what it answers.
 */
import type { Compilable, CompiledQuery } from 'kysely';

/** A value's place in a compiled query, named by its key in a run's values. */
class Slot {
  constructor(readonly key: string) {}
}

/** What a query's builder puts in place of its values, once per shape. */
export interface Slots {
  /** The value under `key` in each run's values. */
  value<T>(key: string): T;
  /** A row whose every column is the value under `prefix` + its name. */
  row<T extends object>(prefix: string, like: T): T;
  /** A list whose every item is the value under `prefix` + its index. */
  list<T>(prefix: string, like: readonly T[]): T[];
}

/** The columns of a row that a query names: kysely leaves out a column whose value is undefined. */
const columnsOf = (row: object): string[] =>
  Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([column]) => column);

// A slot goes where kysely expects a value of some type: it is only ever read back by `query`.
const slot = <T>(key: string) => new Slot(key) as T;

const SLOTS: Slots = {
  value: slot,
  row<T extends object>(prefix: string, like: T): T {
    const row = { ...like };
    // An undefined column stays undefined: kysely leaves it out, and so does the shape.
    for (const column in row)
      if (row[column] !== undefined) row[column] = slot<T[typeof column]>(prefix + column);
    return row;
  },
  list: <T>(prefix: string, like: readonly T[]) => like.map((_, index) => slot<T>(prefix + index)),
};

/** Whether `value` is a kysely expression (`sql`…, `eb.fn`…), which its SQL is made of. */
const isExpression = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'toOperationNode' in value;

/**
 * A run's values for `Slots.row`'s slots: each column under `prefix` + its name. A column set to
 * an expression is refused: its SQL would be the first run's, whatever this one asks.
 */
export function rowValues(prefix: string, row: object): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (isExpression(value)) throw new Error(`compiled query: ${column} is an expression`);
    if (value !== undefined) values[prefix + column] = value;
  }
  return values;
}

/** A run's values for `Slots.list`'s slots: each item under `prefix` + its index. */
export function listValues(prefix: string, list: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  list.forEach((item, index) => void (values[prefix + index] = item));
  return values;
}

/** The shape of a row (the columns it names) or a list (its length), for a query's shape key. */
export const shapeOf = (value: object): string =>
  Array.isArray(value) ? String(value.length) : columnsOf(value).join(',');

/** Compiled queries by shape, for one database. */
export class CompiledQueries {
  readonly #queries = new Map<string, CompiledQuery>();

  /**
   * The query `build` makes with slots, compiled, with `values` in its slots, to run on the
   * database (or a transaction of it) whose builder `build` used. `shape` names everything its
   * SQL depends on; `build` runs once per shape.
   */
  query<R>(
    shape: string,
    values: Record<string, unknown>,
    build: (slots: Slots) => Compilable<R>,
  ): CompiledQuery<R> {
    let query = this.#queries.get(shape);
    if (!query) {
      query = build(SLOTS).compile();
      this.#queries.set(shape, query);
    }
    const parameters = query.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      // A shape key that missed something the SQL depends on would bind the wrong values.
      if (!(p.key in values)) throw new Error(`compiled query ${shape}: no value for ${p.key}`);
      return values[p.key];
    });
    // The query was compiled from `build`'s, whose rows are R.
    return { ...query, parameters } as CompiledQuery<R>;
  }
}
