/**
 * The checks of a model's computed fields (`Model(table, { computed: { overdue: z.boolean() } })`,
 * valued by `override get overdue()` on the class), in two steps because the getter lives on the class that
 * extends what `Model()` returns, which does not exist yet when `Model()` runs:
 * - at declaration, the names: none may be a column or a member of the record API;
 * - on first use of the concrete class (router build, the API description, the first answer),
 *   the getters. Associations and attachment slots are checked against the names where they are
 *   resolved (ModelMeta.ts), as they are against columns.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A name a JS object keeps in insertion order, and that a getter can be declared under as written. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The declared names, in order; throws naming the model when one cannot be a computed field. */
export function computedNamesOf(
  modelName: string,
  computed: object | undefined,
  columns: Readonly<Record<string, PgColumn>>,
  reserved: ReadonlySet<string>,
): readonly string[] {
  const names = Object.keys(computed ?? {});
  for (const name of names) {
    const problem = Object.hasOwn(columns, name)
      ? 'has the name of a column; rename the computed field and its getter'
      : reserved.has(name)
        ? 'clashes with the record API; rename the computed field and its getter'
        : !IDENTIFIER.test(name)
          ? 'is not an identifier a getter can be declared under'
          : null;
    if (problem) throw new Error(`Model ${modelName}: computed field "${name}" ${problem}.`);
  }
  return names;
}

/** Throws unless every name has a getter on the class (or a parent): a method or a field is not one. */
export function assertComputedGetters(modelName: string, model: { prototype: object }, names: readonly string[]): void {
  for (const name of names) {
    if (!hasGetter(model.prototype, name)) {
      throw new Error(
        `Model ${modelName}: computed field "${name}" has no getter; declare \`get ${name}()\` on the model class.`,
      );
    }
  }
}

function hasGetter(prototype: object, name: string): boolean {
  for (let proto: object | null = prototype; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return typeof descriptor.get === 'function';
  }
  return false;
}
