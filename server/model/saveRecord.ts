/**
 * save(): beforeValidate -> validations -> beforeSave -> beforeCreate|Update
 * -> INSERT|UPDATE -> afterCreate|Update -> afterSave -> (commit) afterCommit.
 * Invalid, vetoed or constraint-violating saves return false with `errors`
 * filled; they never throw for those reasons.
 */

import { eq, is, Placeholder, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
import { statementsFor } from './statementCache';
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

/**
 * The inserted row, or null when ON CONFLICT DO NOTHING skipped it. Built
 * once per set of assigned columns (statementCache.ts); unassigned columns
 * take their database defaults (drizzle writes DEFAULT).
 */
async function insertRow(
  record: ModelBase,
  meta: ModelMeta,
  ignoreConflicts = false,
): Promise<Record<string, unknown> | null> {
  const attributes = record[STATE].attributes;
  const names = Object.keys(attributes)
    .filter((name) => attributes[name] !== undefined)
    .sort();
  const build = (bind: boolean) => {
    const insert = db()
      .insert(meta.table)
      .values(bind ? placeholders(names, attributes) : { ...attributes });
    return (ignoreConflicts ? insert.onConflictDoNothing() : insert).returning();
  };
  const rows = cacheable(meta, names, attributes)
    ? await statementsFor(meta.table).run(
        `insert ${columnsShape(names, attributes)}${ignoreConflicts ? ' ignoring conflicts' : ''}`,
        () => build(true),
        attributes,
      )
    : await runPrepared(build(false));
  return (rows[0] as Record<string, unknown> | undefined) ?? null;
}

/**
 * Writes only the changed columns (plus updatedAt when the table has it); no
 * statement when nothing changed. Built once per set of changed columns.
 */
async function updateRow(record: ModelBase, meta: ModelMeta): Promise<Record<string, unknown> | undefined> {
  const state = record[STATE];
  if (state.changed.size === 0) return undefined;
  const names = [...state.changed].sort();
  const changes: Record<string, unknown> = {};
  for (const name of names) changes[name] = state.attributes[name];
  const id = state.attributes.id;
  const stampUpdatedAt = meta.columns.updatedAt !== undefined && !state.changed.has('updatedAt');
  const idColumn = meta.column('id');
  const build = (bind: boolean) => {
    const set: Record<string, unknown> = bind ? placeholders(names, changes) : { ...changes };
    if (stampUpdatedAt) set.updatedAt = sql`now()`;
    return db()
      .update(meta.table)
      .set(set)
      .where(eq(idColumn, sql.param(bind ? sql.placeholder(WHERE_ID) : id, idColumn)))
      .returning();
  };
  const rows = cacheable(meta, names, changes)
    ? await statementsFor(meta.table).run(
        `update ${columnsShape(names, changes)}${stampUpdatedAt ? ' stamped' : ''}`,
        () => build(true),
        { ...changes, [WHERE_ID]: id },
      )
    : await runPrepared(build(false));
  if (!rows[0]) throw new RecordNotFound(meta.name, id);
  return rows[0] as Record<string, unknown>;
}

/** The WHERE's placeholder: not an attribute name, so a changed `id` keeps its own. */
const WHERE_ID = 'where id';

/**
 * A placeholder per column, except that null is written into the statement:
 * drizzle encodes a placeholder's value through the column without a null
 * check (a timestamp column would call null.toISOString()).
 */
function placeholders(names: readonly string[], values: Record<string, unknown>): Record<string, Placeholder | null> {
  return Object.fromEntries(names.map((name) => [name, values[name] === null ? null : sql.placeholder(name)]));
}

/** The columns a write names, and which of them are null (part of the text, see placeholders()). */
function columnsShape(names: readonly string[], values: Record<string, unknown>): string {
  return names.map((name) => (values[name] === null ? `${name}=null` : name)).join(',');
}

/**
 * Whether a write can reuse a statement built for its columns: not when a
 * value is SQL (its text is part of the statement) or when the table has
 * `$defaultFn`/`$onUpdate` columns (drizzle computes those while building).
 */
function cacheable(meta: ModelMeta, names: readonly string[], values: Record<string, unknown>): boolean {
  return !computesDefaults(meta) && names.every((name) => !is(values[name], SQL) && !is(values[name], Placeholder));
}

const defaultsComputed = new WeakMap<object, boolean>();

function computesDefaults(meta: ModelMeta): boolean {
  let computes = defaultsComputed.get(meta.table);
  if (computes === undefined) {
    const columns = Object.values(meta.columns) as (PgColumn & { defaultFn?: unknown; onUpdateFn?: unknown })[];
    computes = columns.some((column) => column.defaultFn !== undefined || column.onUpdateFn !== undefined);
    defaultsComputed.set(meta.table, computes);
  }
  return computes;
}
