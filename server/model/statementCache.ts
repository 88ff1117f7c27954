/**
 * Statements built once, then only bound and executed.
 *
 * Running a drizzle query costs two things before PostgreSQL sees it: drizzle
 * turns the query object into SQL text (walking every column, condition and
 * `is()` check: in bench/diagnose.ts's profile, most of the Node CPU a simple
 * request spends on its statements), and PostgreSQL parses and plans it
 * unless it is prepared (runPrepared.ts). The framework knows its statements'
 * shapes (a model, which columns, which conditions and order), so it builds
 * each shape once with `sql.placeholder(...)` where the values go, keeps
 * drizzle's prepared query, and afterwards only fills in the values. Each
 * kept query is also compiled (compiledStatement.ts), so a run skips
 * drizzle's per-call work too.
 *
 * - `statementsFor(table).run(key, build, values)`: the model layer's shapes, keyed
 *   by a string that names everything in the text except the values. At
 *   most `max` shapes are kept; past that a shape is built per call, as an
 *   uncached query would be.
 * - `preparedStatement(build)`: one fixed statement (backend/context.ts's
 *   session lookup runs on every request).
 *
 * Transactions: drizzle's prepared query remembers the connection it was
 * built on (`client`). Each run takes the connection `db()` names now (the
 * current transaction's, else the pool) and runs the kept query on it, so a
 * statement built outside a transaction runs inside one and the other way
 * round (server/model/statementCache.test.ts).
 *
 * `DATABASE_PREPARED_STATEMENTS=false` still applies: the kept text goes
 * through the same client, which then sends it unprepared.
 */
import type postgres from 'postgres';
import { type CompiledStatement, compileStatement } from './compiledStatement';
import { db } from './connection';

/** What drizzle's `.prepare(name)` returns for postgres.js: the built text, its parameters and fields. */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

export interface Preparable<R> {
  prepare(name: string): PreparedQuery<R>;
}

/** drizzle sends a query prepared only when it has a name; postgres.js keys its statements by text, not name. */
export const STATEMENT_NAME = 'model';

/** A kept statement: drizzle's prepared query, and the same compiled (null: drizzle runs it). */
interface Kept<R> {
  template: PreparedQuery<R>;
  compiled: CompiledStatement<R> | null;
}

/**
 * The current connection: the transaction's, else the pool. drizzle's
 * PostgresJsPreparedQuery keeps the connection it was built on in `client`;
 * a kept statement runs on the current one instead. Checked at first use: a
 * drizzle without that field fails loudly here instead of running on the
 * wrong connection.
 */
function currentClient(template: unknown): postgres.Sql {
  const current = (db() as unknown as { session?: { client?: postgres.Sql } }).session?.client;
  if (current === undefined || (template as { client?: unknown }).client === undefined) {
    throw new Error('statementCache: this drizzle version keeps no `client` on its prepared queries');
  }
  return current;
}

function runKept<R>({ template, compiled }: Kept<R>, values: Record<string, unknown>): Promise<R> {
  const client = currentClient(template);
  if (compiled) return compiled(client, values);
  // drizzle reads everything but the connection from the template: inherit it, naming this connection.
  const onClient =
    (template as { client?: unknown }).client === client
      ? template
      : Object.create(template, { client: { value: client } });
  return (onClient as PreparedQuery<R>).execute(values);
}

export class StatementCache {
  readonly #kept = new Map<string, Kept<unknown>>();

  /** `max` shapes at most: each holds a few KB (text, parameters, field list) for the process's life. */
  constructor(readonly max: number) {}

  get size(): number {
    return this.#kept.size;
  }

  /** How many kept shapes run compiled (compiledStatement.ts); the others run through drizzle's execute. */
  get compiled(): number {
    let n = 0;
    for (const kept of this.#kept.values()) if (kept.compiled) n++;
    return n;
  }

  /**
   * Runs the statement `build()` makes for `key` (building it only the first
   * time) with `values` for its placeholders. `key` must name everything
   * `build` puts in the text: two shapes under one key would run the first
   * one's text.
   */
  run<R>(key: string, build: () => Preparable<R>, values: Record<string, unknown>): Promise<R> {
    let kept = this.#kept.get(key) as Kept<R> | undefined;
    if (!kept) {
      const template = build().prepare(STATEMENT_NAME);
      // Past `max`, built per call and run once: compiling it would cost more than it saves.
      if (this.#kept.size >= this.max) return runKept({ template, compiled: null }, values);
      kept = { template, compiled: compileStatement<R>(template) };
      this.#kept.set(key, kept as Kept<unknown>);
    }
    return runKept(kept, values);
  }
}

/** Past this many shapes for one table, further ones are built per call. */
const MAX_SHAPES_PER_TABLE = 200;

const tableCaches = new WeakMap<object, StatementCache>();

/**
 * The model layer's shapes for one drizzle table (its selects, inserts and
 * updates by id, slot loads): a table's shapes are few, one per call site
 * and set of conditions.
 */
export function statementsFor(table: object): StatementCache {
  let cache = tableCaches.get(table);
  if (!cache) {
    cache = new StatementCache(MAX_SHAPES_PER_TABLE);
    tableCaches.set(table, cache);
  }
  return cache;
}

/**
 * One fixed statement, built at its first run: `build` uses `sql.placeholder('name')`
 * where values go, and each call passes them, e.g.
 *
 *   const byToken = preparedStatement(() => db().select().from(sessions).where(eq(sessions.token, sql.placeholder('token'))));
 *   const rows = await byToken({ token });
 */
export function preparedStatement<R>(build: () => Preparable<R>): (values?: Record<string, unknown>) => Promise<R> {
  const cache = new StatementCache(1);
  return (values = {}) => cache.run('', build, values);
}
