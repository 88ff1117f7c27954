/**
 * destroy(): beforeDestroy (model, then plugins) -> DELETE -> afterDestroy ->
 * (commit) afterCommit, in one transaction. A hook returning false vetoes
 * (row kept, false returned, `errors.base` explains); a hook that throws
 * aborts and the error propagates (row kept). A foreign key still pointing at
 * the row becomes a base error.
 */

import { eq } from 'drizzle-orm';
import { db } from './connection';
import { translateConstraintError } from './constraintErrors';
import { HookVeto, runHook } from './hooks';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import { metaOf } from './metaOf';
import { pluginsFor } from './modelPlugins';
import { STATE } from './recordState';
import { runPrepared } from './runPrepared';
import { queueAfterCommit, runWrite } from './runWrite';

export async function destroyRecord(record: ModelBase): Promise<boolean> {
  const meta = metaOf(record);
  const state = record[STATE];
  record.errors = {};
  if (!state.persisted) {
    // Nothing to delete (new or already destroyed): like ActiveRecord, a no-op.
    state.destroyed = true;
    return true;
  }
  const vetoed = (): never => {
    if (!record.errors.base?.length) record.addError('base', `${meta.name} cannot be deleted`);
    throw new HookVeto();
  };
  try {
    await runWrite(record, 'destroy', async () => {
      if (!(await runHook(record, 'beforeDestroy'))) vetoed();
      for (const plugin of pluginsFor(record.constructor as ModelClass))
        if ((await plugin.beforeDestroy?.(record)) === false) vetoed();
      await runPrepared(
        db()
          .delete(meta.table)
          .where(eq(meta.column('id'), state.attributes.id)),
      );
      state.persisted = false;
      state.destroyed = true;
      await runHook(record, 'afterDestroy');
      for (const plugin of pluginsFor(record.constructor as ModelClass)) await plugin.afterDestroy?.(record);
      await queueAfterCommit(record);
    });
    return true;
  } catch (error) {
    if (error instanceof HookVeto) return false;
    const fields = translateConstraintError(error, meta, 'delete');
    if (!fields) throw error;
    for (const [field, messages] of Object.entries(fields))
      for (const message of messages) record.addError(field, message);
    return false;
  }
}
