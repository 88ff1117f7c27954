/**
 * Runs one of the framework's own statements as a prepared statement.
 *
 * drizzle over postgres.js sends a query unprepared unless it was given a
 * name (it ignores the client's `prepare: true`, drizzle-orm #6096); an
 * unprepared query with parameters costs PostgreSQL a parse and a plan each
 * time, and postgres.js an extra round trip to describe it first. Named, the
 * query goes out with `prepare: true`: postgres.js prepares it once per
 * connection (keyed by its text and parameter types, not by the name) and
 * then only binds and executes it.
 *
 * The model layer's statements have a fixed shape per model and call site
 * (lists bind ONE array parameter), so their texts are few. Two guards keep it
 * safe anyway: `limitPreparedStatements` (connectDatabase) caps how many
 * distinct texts are ever prepared, and `prepare: false` on the client (env
 * DATABASE_PREPARED_STATEMENTS=false, for PgBouncer in transaction mode)
 * turns preparing off altogether.
 *
 * Inside `transaction()` the query runs on the transaction's connection, like
 * any other (drizzle's transaction session prepares the same way).
 *
 * This still builds the text on every call; statementCache.ts builds a
 * statement once per shape and is what the model layer's hot paths use.
 */

import { type Preparable, STATEMENT_NAME } from './statementCache';

export function runPrepared<R>(query: Preparable<R>): Promise<R> {
  return query.prepare(STATEMENT_NAME).execute();
}
