/**
 * Wraps a postgres.js client so every statement drizzle sends goes through
 * `makeUnsafe(sql)` instead of `sql.unsafe`: on the pool, and on the
 * connection `begin()` / `savepoint()` hand to their callback (a
 * transaction's statements run there). The driver-level hooks of the model
 * layer (traceStatements, limitPreparedStatements) are built on it.
 */
import type postgres from 'postgres';

export type Sql = postgres.Sql;
type Callback = (sql: Sql) => unknown;

export function interceptUnsafe<T extends Sql>(sql: T, makeUnsafe: (sql: Sql) => Sql['unsafe']): T {
  // Built once per handle, not on every property read (drizzle reads `unsafe` for each statement).
  const unsafe = makeUnsafe(sql);
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      const value: unknown = Reflect.get(target, property, receiver);
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const callback = args.at(-1) as Callback;
          return value.apply(target, [
            ...args.slice(0, -1),
            (inner: Sql) => callback(interceptUnsafe(inner, makeUnsafe)),
          ]);
        };
      }
      return value;
    },
  });
}
