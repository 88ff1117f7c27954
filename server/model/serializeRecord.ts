/**
 * `record.toJSON()`: attributes (camelCase keys, hidden ones left out, dates as
 * ISO strings, bigints as strings), then the model's computed fields (read
 * from their getters), then every loaded association, nested. Pure: no I/O,
 * so it is safe in a response serialiser.
 */
import type { ModelBase } from './ModelBase';
import type { ModelMeta } from './ModelMeta';
import { STATE } from './recordState';
import type { JsonObject } from './types';

export function serializeRecord(record: ModelBase, meta: ModelMeta): JsonObject {
  const state = record[STATE];
  const json: JsonObject = {};
  let complete = true;
  for (const name of meta.attributeNames) {
    if (meta.hidden.has(name)) continue;
    if (!Object.hasOwn(state.attributes, name)) {
      complete = false;
      continue;
    }
    json[name] = serializeValue(state.attributes[name]);
  }
  // A record read with some columns only leaves them out: a getter could read a column not loaded.
  if (meta.computed.length > 0 && complete) {
    for (const name of meta.computedOf(record.constructor)) {
      json[name] = serializeValue((record as unknown as Record<string, unknown>)[name]);
    }
  }
  for (const [name, value] of state.associations) json[name] = serializeValue(value);
  return json;
}

function serializeValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(serializeValue);
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON(): unknown }).toJSON();
  }
  return value;
}
