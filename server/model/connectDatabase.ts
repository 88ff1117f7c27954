/**
 * Opens the app's drizzle handle over postgres.js, the way the model layer
 * expects it: statements counted (`countQueries`) and traced (a span each
 * when tracing is on). `db/database.ts` calls it for the app and
 * server/testing for the framework's own tests.
 *
 * Customise the pool here or through `options` (`max` connections; add
 * postgres.js options such as `ssl` as your host needs them).
 *
 * Prepared statements (server/model/runPrepared.ts): on by default, at most
 * `maxPreparedStatements` distinct texts per connection. `prepare: false`
 * turns them off for every statement, as PgBouncer in transaction mode needs
 * (a statement prepared on one server connection is unknown on the next).
 */
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { limitPreparedStatements } from './limitPreparedStatements';
import { queryLogger } from './queryCounter';
import { traceStatements } from './traceStatements';

export type ConnectedDatabase<TSchema extends Record<string, unknown>> = PostgresJsDatabase<TSchema> & {
  $client: postgres.Sql;
};

export function connectDatabase<TSchema extends Record<string, unknown> = Record<string, never>>(
  url: string,
  options: { schema?: TSchema; max?: number; prepare?: boolean; maxPreparedStatements?: number } = {},
): ConnectedDatabase<TSchema> {
  const driver = postgres(url, { max: options.max ?? 10, prepare: options.prepare ?? true, onnotice: () => {} });
  const client = traceStatements(limitPreparedStatements(driver, options.maxPreparedStatements));
  return drizzle(client, { schema: options.schema, logger: queryLogger });
}
