/**
 * `record.toJSON()`: attributes (camelCase keys, hidden ones left out, dates as
 * ISO strings, bigints as strings) and every loaded association, nested. Pure:
 * no I/O, so it is safe in a response serialiser.
 */
import type { ModelBase } from './ModelBase';
import type { ModelMeta } from './ModelMeta';
import { STATE } from './recordState';
import type { JsonObject } from './types';

export function serializeRecord(record: ModelBase, meta: ModelMeta): JsonObject {
  const state = record[STATE];
  const json: JsonObject = {};
  for (const name of meta.attributeNames) {
    if (meta.hidden.has(name) || !Object.hasOwn(state.attributes, name)) continue;
    json[name] = serializeValue(state.attributes[name]);
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
