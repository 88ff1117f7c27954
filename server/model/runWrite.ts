/**
 * The frame shared by save and destroy: the write and its hooks run in one
 * transaction (a savepoint when the caller already has one, so a failed
 * statement never poisons the caller's transaction), and the record's state
 * is restored when that transaction does not commit.
 */
import { afterCommit, afterRollback, currentTransaction, transaction } from './connection';
import { hasHook, TRANSACTIONAL_HOOKS } from './hooks';
import type { ModelBase } from './ModelBase';
import { modelPlugins } from './modelPlugins';
import { STATE } from './recordState';

export async function runWrite<T>(
  record: ModelBase,
  pluginHooks: readonly ('afterSave' | 'beforeDestroy' | 'afterDestroy')[],
  fn: () => Promise<T>,
): Promise<T> {
  const state = record[STATE];
  const snapshot = {
    attributes: { ...state.attributes },
    changed: new Set(state.changed),
    persisted: state.persisted,
    destroyed: state.destroyed,
  };
  // Without hooks, a lone statement outside any transaction needs no BEGIN/COMMIT.
  const needsTransaction =
    currentTransaction() !== undefined ||
    TRANSACTIONAL_HOOKS.some((hook) => hasHook(record, hook)) ||
    modelPlugins().some((plugin) => pluginHooks.some((hook) => plugin[hook]));
  // Queued first, so it runs first after the commit: an error thrown later by
  // an afterCommit hook must not roll the record's state back.
  let committed = false;
  const body = async (): Promise<T> => {
    await afterCommit(() => {
      committed = true;
    });
    return fn();
  };
  try {
    const result = await (needsTransaction ? transaction(body) : fn());
    // Inside a caller's transaction the write is not final yet: if that
    // transaction rolls back, the record must say so (new again, old values).
    afterRollback(() => Object.assign(state, snapshot));
    return result;
  } catch (error) {
    if (!committed) Object.assign(state, snapshot);
    throw error;
  }
}

/** Queues the record's `afterCommit()` hook, if it has one, for after the outermost commit. */
export async function queueAfterCommit(record: ModelBase): Promise<void> {
  const hook = (record as { afterCommit?: () => unknown }).afterCommit;
  if (typeof hook === 'function') await afterCommit(() => hook.call(record));
}
