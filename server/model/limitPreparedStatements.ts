/**
 * A bound on prepared statements. postgres.js keeps every statement it
 * prepared for the life of the connection, with no limit; a query whose text
 * varies (an `IN ($1, $2, ...)` list of any length, a filter combination per
 * request) would grow that cache on every connection without end. This
 * wrapper lets at most `max` distinct statement texts be prepared per process
 * (so per connection); past that, a query that asks to be prepared is sent
 * unprepared (still with bound parameters). The first `max` texts are
 * usually the hot ones: the model layer's fixed shapes, prepared at the first
 * requests after boot.
 *
 * Customise the bound through `connectDatabase({ maxPreparedStatements })`.
 */
import type postgres from 'postgres';
import { interceptUnsafe, type Sql } from './interceptUnsafe';

/** 256 texts x a few KB of server memory each, per connection. */
export const DEFAULT_MAX_PREPARED_STATEMENTS = 256;

/** `sql`, where `unsafe(text, params, { prepare: true })` prepares at most `max` distinct texts. */
export function limitPreparedStatements<T extends Sql>(sql: T, max = DEFAULT_MAX_PREPARED_STATEMENTS): T {
  const prepared = new Set<string>();
  return interceptUnsafe(
    sql,
    (inner) =>
      ((text: string, params?: never[], options?: postgres.UnsafeQueryOptions) => {
        if (options?.prepare && !prepared.has(text)) {
          if (prepared.size >= max) return inner.unsafe(text, params, { ...options, prepare: false });
          prepared.add(text);
        }
        return inner.unsafe(text, params, options);
      }) as Sql['unsafe'],
  );
}
