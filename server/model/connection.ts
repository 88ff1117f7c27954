/**
 * The one database handle the model layer uses, registered by the app.
 *
 * `server/` never imports `db/`: the app calls `registerDatabase(pool)` in
 * `db/database.ts`, handing over a lazy getter (no I/O until the first query).
 * Inside `transaction()` the current transaction handle is found through
 * AsyncLocalStorage, so model calls join it without passing a handle.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';

// One driver everywhere (postgres.js). The schema type parameter is the app's;
// the model layer only builds queries from table objects, so it does not need it.
export type Database = PgDatabase<PostgresJsQueryResultHKT, Record<string, unknown>>;

let getDatabase: (() => Database) | undefined;

/** Registers the app's database getter (db/database.ts: when db/models loads, or on the first `db()`). */
export function registerDatabase(getter: () => Database): void {
  getDatabase = getter;
}

interface TransactionScope {
  tx: Database;
  afterCommit: Array<() => unknown>;
  afterRollback: Array<() => void>;
}

const transactionStorage = new AsyncLocalStorage<TransactionScope>();

/** The handle queries should run on: the current transaction, else the pool. */
export function db(): Database {
  const scope = transactionStorage.getStore();
  if (scope) return scope.tx;
  if (!getDatabase) {
    throw new Error(
      'No database registered: call registerDatabase() first (db/database.ts does, when db/models loads).',
    );
  }
  return getDatabase();
}

export function currentTransaction(): TransactionScope | undefined {
  return transactionStorage.getStore();
}

function newScope(): TransactionScope {
  return { tx: undefined as unknown as Database, afterCommit: [], afterRollback: [] };
}

function rolledBack(scope: TransactionScope): void {
  for (const callback of scope.afterRollback.reverse()) callback();
}

/**
 * Runs `fn` in a transaction. Nested calls open a savepoint. Callbacks queued
 * with `afterCommit()` run once the outermost transaction has committed, and
 * never after a rollback; `afterRollback()` callbacks run when the work they
 * belong to is rolled back (the savepoint's or any enclosing transaction's).
 */
export async function transaction<T>(fn: () => Promise<T>): Promise<T> {
  const outer = transactionStorage.getStore();
  const scope = newScope();
  const run = (tx: unknown) => {
    scope.tx = tx as Database;
    return transactionStorage.run(scope, fn);
  };
  let result: T;
  try {
    result = await (outer ? outer.tx.transaction(run) : db().transaction(run));
  } catch (error) {
    rolledBack(scope);
    throw error;
  }
  if (outer) {
    // A released savepoint hands its callbacks to the enclosing transaction,
    // which may still commit or roll back.
    outer.afterCommit.push(...scope.afterCommit);
    outer.afterRollback.push(...scope.afterRollback);
    return result;
  }
  for (const callback of scope.afterCommit) await callback();
  return result;
}

/** Runs `callback` if the current transaction rolls back; does nothing outside a transaction. */
export function afterRollback(callback: () => void): void {
  transactionStorage.getStore()?.afterRollback.push(callback);
}

/** Runs `callback` after the current transaction commits, or now when there is none. */
export async function afterCommit(callback: () => unknown): Promise<void> {
  const scope = transactionStorage.getStore();
  if (scope) scope.afterCommit.push(callback);
  else await callback();
}
