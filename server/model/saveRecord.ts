/**
 * save(): beforeValidate -> validations -> beforeSave -> beforeCreate|Update
 * -> INSERT|UPDATE -> afterCreate|Update -> afterSave -> (commit) afterCommit.
 * Invalid, vetoed or constraint-violating saves return false with `errors`
 * filled; they never throw for those reasons.
 */

import { eq, sql } from 'drizzle-orm';
import { db } from './connection';
import { translateConstraintError } from './constraintErrors';
import { HookVeto, runHook } from './hooks';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import type { ModelMeta } from './ModelMeta';
import { metaOf } from './metaOf';
import { pluginsFor } from './modelPlugins';
import { RecordNotFound } from './RecordNotFound';
import { STATE } from './recordState';
import { runPrepared } from './runPrepared';
import { queueAfterCommit, runWrite } from './runWrite';
import { validateRecord } from './validateRecord';

export type PersistOutcome = 'saved' | 'invalid' | 'conflict';

export async function saveRecord(record: ModelBase): Promise<boolean> {
  return (await persistRecord(record)) === 'saved';
}

/** Thrown inside the transaction when ON CONFLICT DO NOTHING inserted nothing (rolls back hooks' writes). */
class InsertConflict extends Error {}

/**
 * `ignoreConflicts` inserts with ON CONFLICT DO NOTHING and reports 'conflict'
 * instead of a unique-violation error (used by findOrCreateBy).
 */
export async function persistRecord(
  record: ModelBase,
  options: { ignoreConflicts?: boolean } = {},
): Promise<PersistOutcome> {
  const meta = metaOf(record);
  const state = record[STATE];
  if (state.destroyed) throw new Error(`${meta.name} has been destroyed and cannot be saved.`);
  const creating = !state.persisted;
  try {
    return await runWrite(record, 'save', async () => {
      if (!(await runHook(record, 'beforeValidate'))) veto(record, meta);
      if (!(await validateRecord(record, meta))) throw new HookVeto();
      if (!(await runHook(record, 'beforeSave'))) veto(record, meta);
      if (!(await runHook(record, creating ? 'beforeCreate' : 'beforeUpdate'))) veto(record, meta);
      const row = creating ? await insertRow(record, meta, options.ignoreConflicts) : await updateRow(record, meta);
      if (row === null) throw new InsertConflict();
      if (row) state.attributes = { ...row };
      state.persisted = true;
      state.changed.clear();
      await runHook(record, creating ? 'afterCreate' : 'afterUpdate');
      await runHook(record, 'afterSave');
      for (const plugin of pluginsFor(record.constructor as ModelClass)) await plugin.afterSave?.(record, creating);
      await queueAfterCommit(record);
      return 'saved' as const;
    });
  } catch (error) {
    if (error instanceof HookVeto) return 'invalid';
    if (error instanceof InsertConflict) return 'conflict';
    const written = Object.fromEntries([...state.changed].map((name) => [name, state.attributes[name]]));
    const fields = translateConstraintError(error, meta, 'write', written);
    if (!fields) throw error;
    for (const [field, messages] of Object.entries(fields))
      for (const message of messages) record.addError(field, message);
    return 'invalid';
  }
}

/** beforeValidate + validations, without writing (`record.isValid()`). */
export async function checkRecord(record: ModelBase): Promise<boolean> {
  const meta = metaOf(record);
  if (await runHook(record, 'beforeValidate')) return validateRecord(record, meta);
  if (Object.keys(record.errors).length === 0) record.addError('base', `${meta.name} could not be saved`);
  return false;
}

function veto(record: ModelBase, meta: ModelMeta): never {
  if (Object.keys(record.errors).length === 0) record.addError('base', `${meta.name} could not be saved`);
  throw new HookVeto();
}

/** The inserted row, or null when ON CONFLICT DO NOTHING skipped it. */
async function insertRow(
  record: ModelBase,
  meta: ModelMeta,
  ignoreConflicts = false,
): Promise<Record<string, unknown> | null> {
  // Unassigned columns take their database defaults (drizzle writes DEFAULT).
  const values = { ...record[STATE].attributes };
  const insert = db().insert(meta.table).values(values);
  const rows = await runPrepared((ignoreConflicts ? insert.onConflictDoNothing() : insert).returning());
  return (rows[0] as Record<string, unknown> | undefined) ?? null;
}

/** Writes only the changed columns (plus updatedAt when the table has it); no statement when nothing changed. */
async function updateRow(record: ModelBase, meta: ModelMeta): Promise<Record<string, unknown> | undefined> {
  const state = record[STATE];
  if (state.changed.size === 0) return undefined;
  const values: Record<string, unknown> = {};
  for (const name of state.changed) values[name] = state.attributes[name];
  if (meta.columns.updatedAt && !state.changed.has('updatedAt')) values.updatedAt = sql`now()`;
  const id = state.attributes.id;
  const rows = await runPrepared(
    db()
      .update(meta.table)
      .set(values)
      .where(eq(meta.column('id'), id))
      .returning(),
  );
  if (!rows[0]) throw new RecordNotFound(meta.name, id);
  return rows[0] as Record<string, unknown>;
}
