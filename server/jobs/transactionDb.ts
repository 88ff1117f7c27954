/**
 * pg-boss's `db` option over the model layer's current transaction, so a job
 * enqueued inside `transaction()` is written by that transaction: it commits
 * with the caller's rows or is rolled back with them, and never runs for
 * work that did not happen. pg-boss hands over SQL text with `$n`
 * placeholders; it is rebuilt as drizzle SQL with the values bound as
 * parameters (never spliced into the text).
 */
import { type SQL, sql } from 'drizzle-orm';
import { currentTransaction, db } from '../model/connection';

/** What pg-boss calls to run its statements (PgBoss.Db). */
export interface JobDb {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `$1 ... $n` placeholders -> drizzle parameters; objects go as JSON text (pg-boss casts them to jsonb). */
function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = match.index ?? 0;
    chunks.push(sql.raw(text.slice(last, index)));
    chunks.push(sql`${parameter(values[Number(match[1]) - 1])}`);
    last = index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  const isPlainObject =
    typeof value === 'object' && value !== null && !(value instanceof Date) && !Array.isArray(value);
  return isPlainObject ? JSON.stringify(value) : value;
}

/** The model layer's connection (the current transaction, else the pool) as a pg-boss `db`. */
export const modelJobDb: JobDb = {
  async executeSql(text, values) {
    const rows = await db().execute(toDrizzleSql(text, values));
    return { rows: [...rows] };
  },
};

/** The current transaction as a pg-boss `db`, or undefined outside a transaction. */
export function transactionJobDb(): JobDb | undefined {
  return currentTransaction() ? modelJobDb : undefined;
}
