/**
 * findOrCreateBy: SELECT; if absent, INSERT ... ON CONFLICT DO NOTHING and,
 * when another caller won the race, SELECT again. With a unique index on the
 * condition columns this never duplicates and never raises, however many
 * callers race (READ COMMITTED: the second SELECT sees the winner's row once
 * the conflicting insert has committed).
 */
import type { ModelBase } from './ModelBase';
import type { Relation } from './Relation';
import { persistRecord } from './saveRecord';

export async function findOrCreate<T extends ModelBase>(
  relation: Relation<T>,
  defaults: object | undefined,
): Promise<T> {
  const found = await relation.findBy({});
  if (found) return found;
  const record = relation.build(defaults as never);
  const outcome = await persistRecord(record, { ignoreConflicts: true });
  if (outcome !== 'conflict') return record;
  const winner = await relation.findBy({});
  if (winner) return winner;
  // The conflict was on another unique index than the conditions' one.
  record.addError('base', 'has already been taken');
  return record;
}
