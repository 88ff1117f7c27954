/**
 * The frame shared by save and destroy: the write and its hooks run in one
 * transaction (a savepoint when the caller already has one, so a failed
 * statement never poisons the caller's transaction), and the record's state
 * is restored when that transaction does not commit.
 */
import { afterCommit, afterRollback, currentTransaction, transaction } from './connection';
import { hasHook, TRANSACTIONAL_HOOKS } from './hooks';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import { pluginsFor } from './modelPlugins';
import { STATE } from './recordState';

const PLUGIN_HOOKS = { save: ['afterSave'], destroy: ['beforeDestroy', 'afterDestroy'] } as const;

export async function runWrite<T>(record: ModelBase, operation: 'save' | 'destroy', fn: () => Promise<T>): Promise<T> {
  const state = record[STATE];
  const snapshot = {
    attributes: { ...state.attributes },
    changed: new Set(state.changed),
    persisted: state.persisted,
    destroyed: state.destroyed,
  };
  // Without hooks, a lone statement outside any transaction needs no BEGIN/COMMIT.
  const model = record.constructor as ModelClass;
  const needsTransaction =
    currentTransaction() !== undefined ||
    TRANSACTIONAL_HOOKS[operation].some((hook) => hasHook(record, hook)) ||
    pluginsFor(model).some((plugin) => PLUGIN_HOOKS[operation].some((hook) => plugin[hook]));
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
