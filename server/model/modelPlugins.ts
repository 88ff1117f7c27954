/**
 * Extension point for other subsystems (attachments, auditing, soft delete).
 * A plugin sees every declared model once (`setup`, where it can read its own
 * keys from the model options and add associations or methods) and may join
 * every record's write transaction through lifecycle callbacks.
 */
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';

export interface ModelPlugin {
  readonly name: string;
  /** Called once per model, at declaration or at registration, whichever comes last. */
  setup?(model: ModelClass): void;
  /** Whether the write callbacks concern this model (default: every model). Saves a transaction elsewhere. */
  appliesTo?(model: ModelClass): boolean;
  /** After the model's own validations, before the write (also by `isValid()`): add errors to refuse the save. */
  validate?(record: ModelBase): void | Promise<void>;
  /** Inside the save transaction, after the INSERT/UPDATE. */
  afterSave?(record: ModelBase, created: boolean): void | Promise<void>;
  /** Inside the destroy transaction, before the DELETE; return false to veto. */
  // biome-ignore lint/suspicious/noConfusingVoidType: may return nothing, or false to veto.
  beforeDestroy?(record: ModelBase): boolean | undefined | void | Promise<boolean | undefined | void>;
  /** Inside the destroy transaction, after the DELETE (e.g. detach files). */
  afterDestroy?(record: ModelBase): void | Promise<void>;
}

const plugins: ModelPlugin[] = [];
const models: ModelClass[] = [];

export function registerModelPlugin(plugin: ModelPlugin): void {
  if (plugins.some((existing) => existing.name === plugin.name)) return;
  plugins.push(plugin);
  for (const model of models) plugin.setup?.(model);
}

/** Called by `Model()` for each declared model. */
export function registerModel(model: ModelClass): void {
  models.push(model);
  for (const plugin of plugins) plugin.setup?.(model);
}

/** The plugins whose write callbacks concern records of `model`. */
export function pluginsFor(model: ModelClass): ModelPlugin[] {
  return plugins.filter((plugin) => plugin.appliesTo?.(model) ?? true);
}

/** Every model declared so far, e.g. to resolve `attachable_type` back to a class. */
export function declaredModels(): readonly ModelClass[] {
  return models;
}
