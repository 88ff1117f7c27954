/**
 * findOrCreateBy: SELECT; if absent, INSERT ... ON CONFLICT DO NOTHING and,
 * when another caller won the race, SELECT again. With a unique key within the
 * condition columns this never duplicates and never raises, however many
 * callers race (READ COMMITTED: the second SELECT sees the winner's row once
 * the conflicting insert has committed).
 *
 * Without such a key nothing in the database stops a second row, so the
 * find and the insert run in a transaction holding an advisory lock on the
 * conditions: racing callers (on any instance) queue, and each one after the
 * first finds the row. Add a unique index over the conditions to skip the
 * lock; it is also what keeps other writers from making duplicates.
 */
import { getTableName, sql } from 'drizzle-orm';
import { db, transaction } from './connection';
import type { ModelBase } from './ModelBase';
import type { Relation } from './Relation';
import { persistRecord } from './saveRecord';
import { isUniquelyKeyed } from './uniqueKeys';

export async function findOrCreate<T extends ModelBase>(
  relation: Relation<T>,
  defaults: object | undefined,
): Promise<T> {
  const found = await relation.findBy({});
  if (found) return found;
  const table = relation.model.meta.table;
  if (!isUniquelyKeyed(table, Object.keys(relation.equalities))) return createLocked(relation, defaults);
  const record = relation.build(defaults as never);
  const outcome = await persistRecord(record, { ignoreConflicts: true });
  if (outcome !== 'conflict') return record;
  const winner = await relation.findBy({});
  if (winner) return winner;
  // The conflict was on another unique index than the conditions' one.
  record.addError('base', 'has already been taken');
  return record;
}

/** Find-or-insert serialised by a transaction-scoped advisory lock on the table and conditions. */
function createLocked<T extends ModelBase>(relation: Relation<T>, defaults: object | undefined): Promise<T> {
  const equalities = relation.equalities;
  const key = `${getTableName(relation.model.meta.table)}:${JSON.stringify(
    Object.keys(equalities)
      .sort()
      .map((name) => [name, equalities[name]]),
  )}`;
  return transaction(async () => {
    await db().execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const winner = await relation.findBy({});
    if (winner) return winner;
    const record = relation.build(defaults as never);
    await persistRecord(record, {});
    return record;
  });
}
