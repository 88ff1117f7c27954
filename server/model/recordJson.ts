/**
 * A record's wire JSON built straight from its attribute row, for the
 * pipeline's serialiser (server/controller/serialize.ts): the same value as
 * `serialize(record.toJSON())`, without building toJSON's object first and
 * copying it a second time.
 *
 * Only for records whose JSON is the default one. A model class that
 * overrides `toJSON` (Asset adds its signed URLs, Invitation its status), or a
 * record given a `toJSON` of its own, gets null here, and the serialiser calls
 * that `toJSON` as before. That is the whole fast-path condition, decided here
 * once for every controller, action and transport; hooks have already run
 * when the answer is serialised, so what they changed is what is written.
 */
import { ModelBase } from './ModelBase';
import type { ModelMeta } from './ModelMeta';
import { STATE } from './recordState';
import type { JsonObject } from './types';

/** The pipeline's serialiser, applied to what toJSON's serializeValue (serializeRecord.ts) leaves. */
export type Serialize = (value: unknown) => unknown;

const DEFAULT_TO_JSON = ModelBase.prototype.toJSON;

/**
 * toJSON builds a JS object, whose keys keep insertion order except integer-like ones (`"0"`, which
 * go first), and where `__proto__` is no key at all: a name like these is left to toJSON.
 */
const UNORDERED_KEY = /^(?:0|[1-9]\d*|__proto__)$/;

/**
 * The attributes toJSON shows, in its order (null: a name toJSON would reorder); once per model.
 * Computed fields need no such check: their names are identifiers (computedFields.ts).
 */
const visibleNames = new WeakMap<ModelMeta, readonly string[] | null>();

function namesOf(meta: ModelMeta): readonly string[] | null {
  let names = visibleNames.get(meta);
  if (names === undefined) {
    const visible = meta.attributeNames.filter((name) => !meta.hidden.has(name));
    names = visible.some((name) => UNORDERED_KEY.test(name)) ? null : visible;
    visibleNames.set(meta, names);
  }
  return names;
}

function isDefaultRecord(value: object): value is ModelBase {
  return value instanceof ModelBase && value.toJSON === DEFAULT_TO_JSON;
}

/**
 * `serialize(record.toJSON())` built in one pass, or null when `value` is not a record whose JSON is
 * the default one (the caller then calls its `toJSON`).
 */
export function defaultRecordJson(value: object, serialize: Serialize): JsonObject | null {
  if (!isDefaultRecord(value)) return null;
  const meta = (value.constructor as { meta?: ModelMeta }).meta;
  const names = meta && namesOf(meta);
  if (!meta || !names) return null;
  const { attributes, associations } = value[STATE];
  const computed = meta.computed.length === 0 ? meta.computed : meta.computedOf(value.constructor);
  // toJSON assigns associations after the attributes and computed fields; one that would land elsewhere is left to toJSON.
  for (const name of associations.keys()) {
    if (Object.hasOwn(meta.columns, name) || UNORDERED_KEY.test(name) || computed.includes(name)) return null;
  }
  const json: JsonObject = {};
  let loaded = 0;
  for (const name of names) {
    if (!Object.hasOwn(attributes, name)) continue;
    loaded++;
    const member = memberJson(attributes[name], serialize);
    if (member !== undefined) json[name] = member;
  }
  // As toJSON: computed fields only on a record with every visible attribute loaded.
  if (computed.length > 0 && loaded === names.length) {
    for (const name of computed) {
      const member = memberJson((value as unknown as Record<string, unknown>)[name], serialize);
      if (member !== undefined) json[name] = member;
    }
  }
  for (const [name, nested] of associations) {
    const member = memberJson(nested, serialize);
    if (member !== undefined) json[name] = member;
  }
  return json;
}

/**
 * One attribute or association: what `serialize()` makes of toJSON's `serializeValue(value)`, or
 * undefined where serialize() leaves the key out (serializeValue gave undefined or a function).
 */
function memberJson(value: unknown, serialize: Serialize): unknown {
  if (value === undefined || typeof value === 'function') return undefined;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function' && !isDefaultRecord(value)) {
      const json: unknown = toJSON.call(value);
      return json === undefined || typeof json === 'function' ? undefined : serialize(json);
    }
  }
  return itemJson(value, serialize);
}

/** `serialize(serializeValue(value))`, exactly: serializeValue's rules first, then serialize's. */
function itemJson(value: unknown, serialize: Serialize): unknown {
  if (value === null || typeof value !== 'object') {
    if (value === undefined) return null;
    return typeof value === 'bigint' ? value.toString() : value;
  }
  // serializeValue checks dates, then arrays (walking them itself), then toJSON.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((item: unknown) => itemJson(item, serialize));
  if (isDefaultRecord(value)) return defaultRecordJson(value, serialize) ?? serialize(value.toJSON());
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  return serialize(typeof toJSON === 'function' ? toJSON.call(value) : value);
}
