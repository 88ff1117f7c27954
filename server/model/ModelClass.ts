/**
 * Type helpers for code that handles models generically (the controller
 * framework receives model classes as arguments).
 */
import type { ModelBase } from './ModelBase';

/**
 * A model class: constructs `T` and carries the static API of ModelBase
 * (`all`, `where`, `find`, `create`, `modelName`, `attributeNames`, ...).
 */
// `attributes?: never`: every model's constructor takes its own attribute
// shape; `never` accepts them all without `any`.
export type ModelClass<T extends ModelBase = ModelBase> = (new (
  attributes?: never,
) => T) &
  Omit<typeof ModelBase, 'prototype'>;

/** The record type of a model class: `InstanceOf<typeof Campaign>` is `Campaign`. */
export type InstanceOf<M> = M extends new (...args: never[]) => infer T ? T : never;

/** The attribute shape (`table.$inferSelect`) of a record or of a model class. */
export type AttributesOf<X> =
  X extends ModelBase<infer A> ? A : X extends new (...args: never[]) => ModelBase<infer A> ? A : never;
