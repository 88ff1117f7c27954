/**
 * Model schemas of the OpenAPI document, registered once under
 * `components.schemas` by model name and referenced from operations:
 * - a record: every serialised attribute (hidden ones left out) and computed
 *   field (its zod schema), as `toJSON()` writes it (server/model/serializeRecord.ts);
 * - a record with includes: the record plus each loaded association, nested
 *   (belongsTo limited to its `columns`, attachment slots as Assets);
 * - the writable attributes of create/update (permit list x column types).
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AssociationShape, ModelClass } from '../model';
import { Asset } from '../storage/Asset';
import { columnSchema } from './columnSchema';
import { type JsonSchema, nullable, objectSchema, ref } from './jsonSchema';
import { zodSchema } from './zodSchema';

export class SchemaRegistry {
  readonly schemas = new Map<string, JsonSchema>();

  /** `$ref` to the model's record schema, registering it on first use. */
  record(model: ModelClass): JsonSchema {
    const name = model.modelName;
    if (!this.schemas.has(name)) this.schemas.set(name, this.attributes(model));
    return ref(name);
  }

  /** The record plus the given associations (the order of `include` does not matter). */
  withIncludes(model: ModelClass, include: readonly string[] = []): JsonSchema {
    if (include.length === 0) return this.record(model);
    const associations = model.meta.associations(model);
    const nested: Record<string, JsonSchema> = {};
    for (const name of include) {
      const shape = associations.get(name)?.shape?.(model, name);
      nested[name] = shape ? this.associationSchema(shape) : {};
    }
    return { allOf: [this.record(model), objectSchema(nested, include)] };
  }

  /**
   * Attributes a client may send: `fields` (already filtered by the write
   * rules) with their column types. `requireNotNull` marks the NOT NULL
   * columns without a database default as required (create).
   */
  writable(model: ModelClass, fields: readonly string[], requireNotNull: boolean): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const field of fields) {
      const column = model.meta.columns[field] as PgColumn;
      properties[field] = columnSchema(column);
      if (requireNotNull && column.notNull && !column.hasDefault) required.push(field);
    }
    return objectSchema(properties, required);
  }

  private attributes(model: ModelClass, only?: readonly string[]): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    for (const [name, column] of Object.entries(model.meta.columns)) {
      if (model.meta.hidden.has(name) || (only && !only.includes(name))) continue;
      properties[name] = columnSchema(column);
    }
    const required = Object.keys(properties);
    // A record limited to some columns carries no computed fields (server/model/serializeRecord.ts).
    if (!only) {
      const schemas = model.meta.options.computed ?? {};
      for (const name of model.meta.computedOf(model)) {
        const schema = schemas[name];
        properties[name] = zodSchema(schema, 'output');
        // A value the schema lets be undefined leaves its key out of the JSON.
        if (!schema?.safeParse(undefined).success) required.push(name);
      }
    }
    // An Asset's JSON adds its signed `url` (server/storage/Asset.ts), null until signed.
    if (model === (Asset as unknown as ModelClass)) {
      properties.url = { type: ['string', 'null'] };
      required.push('url');
    }
    return objectSchema(properties, required);
  }

  private associationSchema(shape: AssociationShape): JsonSchema {
    const one = shape.columns
      ? this.attributes(shape.target, shape.columns) // limited: inline, so the full record keeps its name
      : this.record(shape.target);
    return shape.many ? { type: 'array', items: one } : nullable(one);
  }
}
