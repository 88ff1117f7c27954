/**
 * What a model knows about itself, computed once from its drizzle table and
 * the options given to `Model(table, options)`: name, attribute -> column map,
 * scopes, associations (resolved lazily, so models may reference each other),
 * hidden attributes, computed fields, validations and constraint messages.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import pluralize from 'pluralize';
import type { Association, Associations } from './Association';
import { assertComputedGetters, computedNamesOf } from './computedFields';
import { assertCredentialsHidden } from './credentialColumns';
import type { ModelClass } from './ModelClass';
import type { ModelOptions } from './ModelOptions';
import type { AnyTable } from './types';

/**
 * Instance members of ModelBase: a column whose property key is one of these
 * would shadow the record API, so declaring such a model fails loudly. The
 * scaffold generator refuses these field names too (scripts/generate/parseScaffold.ts).
 */
export const RESERVED_ATTRIBUTES: ReadonlySet<string> = new Set([
  'constructor',
  // Added by the attachment subsystem (server/storage/attachmentsPlugin.ts).
  'attach',
  'detach',
  'reorderAttachments',
  'errors',
  'attributes',
  'isNewRecord',
  'isPersisted',
  'isDestroyed',
  'assign',
  'save',
  'update',
  'destroy',
  'reload',
  'toJSON',
  'association',
  'setAssociation',
  'isLoaded',
  'load',
  'addError',
  'readAttribute',
  'writeAttribute',
  'changedAttributes',
  'hasChanges',
  'validate',
]);

export interface ModelMeta {
  readonly name: string;
  readonly table: AnyTable;
  readonly tableName: string;
  /** camelCase attribute name (the drizzle property key) -> column. */
  readonly columns: Readonly<Record<string, PgColumn>>;
  readonly attributeNames: readonly string[];
  /** SQL column name -> attribute name (to read constraint errors). */
  readonly attributeByColumnName: ReadonlyMap<string, string>;
  readonly hidden: ReadonlySet<string>;
  /** The `computed` option's names, in order (empty when none: the serialisers then skip them at no cost). */
  readonly computed: readonly string[];
  /** `computed`, once each has been checked to have a getter on `model` (the concrete class); throws otherwise. */
  computedOf(model: { prototype: object }): readonly string[];
  readonly options: ModelOptions<AnyTable>;
  /**
   * Associations of `model` (the concrete class: its static `associations`,
   * the options' ones, and those added by plugins), resolved and checked on
   * first use, then cached.
   */
  associations(model: object): ReadonlyMap<string, Association>;
  /** For plugins: adds an association to the model (before its associations are first used). */
  addAssociation(name: string, association: Association): void;
  /** The column for an attribute name; throws on an unknown name (never interpolate names into SQL). */
  column(name: string): PgColumn;
}

/** `campaigns` -> `Campaign`, `team_settings` -> `TeamSetting`. */
export function modelNameFromTable(tableName: string): string {
  const words = tableName.split(/[_\s-]+/).filter(Boolean);
  const last = words.pop() ?? tableName;
  return [...words, pluralize.singular(last)].map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

export function buildModelMeta(table: AnyTable, options: ModelOptions<AnyTable>): ModelMeta {
  const tableName = getTableName(table);
  const name = options.name ?? modelNameFromTable(tableName);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const attributeNames = Object.keys(columns);
  if (!columns.id) throw new Error(`Model ${name}: table "${tableName}" needs an integer \`id\` primary key.`);
  for (const attribute of attributeNames) {
    if (RESERVED_ATTRIBUTES.has(attribute)) {
      throw new Error(
        `Model ${name}: column property "${attribute}" clashes with the record API; rename the property in the drizzle table (the SQL column name can stay).`,
      );
    }
  }
  const hidden = new Set<string>(options.hidden ?? []);
  for (const field of hidden) {
    if (!columns[field]) throw new Error(`Model ${name}: hidden attribute "${field}" is not a column of ${tableName}.`);
  }
  const exposed = new Set<string>(options.exposed ?? []);
  for (const field of exposed) {
    if (!columns[field])
      throw new Error(`Model ${name}: exposed attribute "${field}" is not a column of ${tableName}.`);
  }
  assertCredentialsHidden(name, attributeNames, hidden, exposed);
  const computed = computedNamesOf(name, options.computed, columns, RESERVED_ATTRIBUTES);
  const checkedComputed = new WeakSet<object>();
  const assertNotNamed = (key: string) => {
    if (columns[key]) throw new Error(`Model ${name}: association "${key}" has the name of a column.`);
    if (computed.includes(key))
      throw new Error(`Model ${name}: association "${key}" has the name of a computed field.`);
  };
  for (const field of Object.keys(options.validations ?? {})) {
    if (!columns[field])
      throw new Error(`Model ${name}: validation for "${field}", which is not a column of ${tableName}.`);
  }

  const extra = new Map<string, Association>();
  let resolved = new WeakMap<object, Map<string, Association>>();

  return {
    name,
    table,
    tableName,
    columns,
    attributeNames,
    attributeByColumnName: new Map(attributeNames.map((key) => [columns[key]?.name ?? key, key])),
    hidden,
    computed,
    computedOf(model) {
      if (!checkedComputed.has(model)) {
        assertComputedGetters(name, model, computed);
        checkedComputed.add(model);
      }
      return computed;
    },
    options,
    associations(model) {
      let found = resolved.get(model);
      if (!found) {
        // Resolved on first use: by then every model module has been evaluated.
        const declaredStatic = (model as { associations?: Associations | (() => Associations) }).associations;
        found = new Map([
          ...Object.entries(options.associations?.() ?? {}),
          ...Object.entries((typeof declaredStatic === 'function' ? declaredStatic() : declaredStatic) ?? {}),
          ...extra,
        ]);
        for (const [key, association] of found) {
          assertNotNamed(key);
          association.check?.(model as ModelClass, key);
        }
        resolved.set(model, found);
      }
      return found;
    },
    addAssociation(key, association) {
      assertNotNamed(key);
      extra.set(key, association);
      resolved = new WeakMap(); // re-resolve (and re-check) on next use
    },
    column(attribute) {
      const column = Object.hasOwn(columns, attribute) ? columns[attribute] : undefined;
      if (!column) throw new Error(`${name} has no attribute "${attribute}".`);
      return column;
    },
  };
}
