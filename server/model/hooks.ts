/**
 * Lifecycle hooks a model may define as instance methods. None is declared on
 * the base class, so a model writes `beforeSave() { ... }` without `override`;
 * `implements ModelHooks` is optional and only adds type checking.
 *
 * A `before*` hook that returns `false` vetoes the operation (the record gets
 * an explanation under `errors.base`); one that throws aborts it and the error
 * propagates. Either way the surrounding transaction rolls back.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook may return nothing (void), or false to veto.
type HookResult = boolean | undefined | void | Promise<boolean | undefined | void>;

export interface ModelHooks {
  beforeValidate?(): HookResult;
  /** Record-level validation: call `this.addError(field, message)`. */
  validate?(): void | Promise<void>;
  beforeSave?(): HookResult;
  beforeCreate?(): HookResult;
  beforeUpdate?(): HookResult;
  afterSave?(): void | Promise<void>;
  afterCreate?(): void | Promise<void>;
  afterUpdate?(): void | Promise<void>;
  beforeDestroy?(): HookResult;
  afterDestroy?(): void | Promise<void>;
  /** Runs after the outermost transaction commits (never after a rollback). */
  afterCommit?(): void | Promise<void>;
}

export type HookName = keyof ModelHooks;

/**
 * Hooks that run inside a write's transaction, per operation: a save or
 * destroy opens a transaction only when the record defines one of its own
 * operation's hooks (a lone INSERT/UPDATE/DELETE needs no BEGIN/COMMIT).
 * `afterCommit` needs none: outside a transaction it runs after the
 * autocommitted statement.
 */
export const TRANSACTIONAL_HOOKS = {
  save: ['beforeSave', 'beforeCreate', 'beforeUpdate', 'afterSave', 'afterCreate', 'afterUpdate'],
  destroy: ['beforeDestroy', 'afterDestroy'],
} as const satisfies Record<string, readonly HookName[]>;

/** Calls the hook if the record defines it; returns false only on an explicit veto. */
export async function runHook(record: object, hook: HookName): Promise<boolean> {
  const fn = (record as Record<string, unknown>)[hook];
  if (typeof fn !== 'function') return true;
  const result: unknown = await fn.call(record);
  return result !== false;
}

export function hasHook(record: object, hook: HookName): boolean {
  return typeof (record as Record<string, unknown>)[hook] === 'function';
}

/** Thrown inside a write's transaction to roll it back after a veto; never escapes the model layer. */
export class HookVeto extends Error {
  override readonly name = 'HookVeto';
}
