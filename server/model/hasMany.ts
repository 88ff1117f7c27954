/**
 * `posts: hasMany(() => Post, { foreignKey: 'campaignId' })` and
 * `profile: hasOne(() => Profile, { foreignKey: 'userId' })`: the target holds
 * the foreign key. Preloading reads every target of every owner with one
 * `WHERE <foreignKey> = any($1)` statement, ordered by `order` (default id).
 * Targets are typed loosely for the reason given in belongsTo.ts.
 */
import type { Association } from './Association';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import type { Relation } from './Relation';
import { targetModel } from './targetModel';
import type { OrderSpec } from './types';

export interface HasManyOptions {
  /** Attribute of the target holding the owner's id. Default: camelCased owner model name + `Id`. */
  foreignKey?: string;
  /** Load only these target attributes (`id` and the foreign key are always loaded). */
  columns?: readonly string[];
  /** Order of the loaded records (default `id` ascending). For hasOne, the first one wins. */
  order?: OrderSpec;
  /** Narrows the target relation, e.g. `(q) => q.where({ archived: false })` or `(q) => q.scope('visible')`. */
  scope?: (relation: Relation) => Relation;
}

export interface HasMany extends Association {
  readonly kind: 'hasMany' | 'hasOne';
  readonly options: HasManyOptions;
}

export function hasMany(target: () => object, options: HasManyOptions = {}): HasMany {
  return definition('hasMany', target, options);
}

export function hasOne(target: () => object, options: HasManyOptions = {}): HasMany {
  return definition('hasOne', target, options);
}

function definition(kind: 'hasMany' | 'hasOne', target: () => object, options: HasManyOptions): HasMany {
  const foreignKeyOf = (owner: ModelClass) => options.foreignKey ?? `${lowerFirst(owner.modelName)}Id`;
  return {
    kind,
    options,
    empty: () => (kind === 'hasMany' ? [] : null),
    shape: (owner, name) => ({
      target: targetModel(target, owner, name),
      many: kind === 'hasMany',
      columns: options.columns && ['id', foreignKeyOf(owner), ...options.columns],
    }),
    check(owner, name) {
      const model = targetModel(target, owner, name);
      model.meta.column(foreignKeyOf(owner));
      for (const column of options.columns ?? []) model.meta.column(column);
    },
    async preload(owner, name, records: readonly ModelBase[]): Promise<void> {
      const foreignKey = foreignKeyOf(owner);
      const ownerIds = [...new Set(records.map((record) => record.readAttribute('id')).filter((id) => id != null))];
      const groups = new Map<unknown, ModelBase[]>();
      if (ownerIds.length) {
        let relation = targetModel(target, owner, name).where({ [foreignKey]: ownerIds });
        if (options.scope) relation = options.scope(relation);
        relation = relation.order(options.order ?? 'id');
        if (options.columns) relation = relation.select(foreignKey, ...options.columns);
        for (const found of await relation.toArray()) {
          const key = found.readAttribute(foreignKey);
          const group = groups.get(key) ?? [];
          group.push(found);
          groups.set(key, group);
        }
      }
      for (const record of records) {
        const group = groups.get(record.readAttribute('id')) ?? [];
        record.setAssociation(name, kind === 'hasMany' ? group : (group[0] ?? null));
      }
    },
  };
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
