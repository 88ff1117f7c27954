/**
 * `creator: belongsTo(() => User, { foreignKey: 'createdById', columns: ['id', 'name'] })`:
 * the record holds the foreign key. Preloading reads all targets with one
 * `WHERE id = any($1)` statement; `columns` limits what is read and serialised.
 *
 * The target is typed loosely (`() => object`) on purpose: models reference
 * each other (Author hasMany Book, Book belongsTo Author) and a typed target
 * would make TypeScript resolve each class while declaring the other. Names
 * are checked at run time instead, when the associations are first resolved.
 */
import type { Association } from './Association';
import type { ModelBase } from './ModelBase';
import { targetModel } from './targetModel';

export interface BelongsToOptions {
  /** Attribute of the owner holding the target's id. Default: `<associationName>Id`. */
  foreignKey?: string;
  /** Load only these target attributes (`id` is always loaded). */
  columns?: readonly string[];
}

export interface BelongsTo extends Association {
  readonly kind: 'belongsTo';
  readonly options: BelongsToOptions;
}

export function belongsTo(target: () => object, options: BelongsToOptions = {}): BelongsTo {
  return {
    kind: 'belongsTo',
    options,
    empty: () => null,
    shape: (owner, name) => ({
      target: targetModel(target, owner, name),
      many: false,
      columns: options.columns && ['id', ...options.columns],
    }),
    check(owner, name) {
      owner.meta.column(options.foreignKey ?? `${name}Id`);
      const model = targetModel(target, owner, name);
      for (const column of options.columns ?? []) model.meta.column(column);
    },
    async preload(owner, name, records: readonly ModelBase[]): Promise<void> {
      const foreignKey = options.foreignKey ?? `${name}Id`;
      const ids = [...new Set(records.map((record) => record.readAttribute(foreignKey)).filter((id) => id != null))];
      const byId = new Map<unknown, ModelBase>();
      if (ids.length) {
        let relation = targetModel(target, owner, name).where({ id: ids });
        if (options.columns) relation = relation.select(...options.columns);
        for (const found of await relation.toArray()) byId.set(found.readAttribute('id'), found);
      }
      for (const record of records) record.setAssociation(name, byId.get(record.readAttribute(foreignKey)) ?? null);
    },
  };
}
