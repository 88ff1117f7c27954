/**
 * Step 9 of the pipeline: the action's result as plain JSON data, identical
 * for REST, tRPC and server-side callers (records via their `toJSON()`,
 * dates as ISO-8601 strings). No transformer is needed on the wire.
 *
 * A record whose model keeps the default `toJSON` is built straight from its
 * attribute row (server/model/recordJson.ts) instead of through `toJSON()`
 * and a second copy of that: a page of records with includes spent most of
 * its serialising there (docs/performance.md, "JSON built from rows"). The
 * answer is the same value; serialize.test.ts compares the two paths.
 */
import { defaultRecordJson } from '../model/recordJson';

export function serialize(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  const record = defaultRecordJson(value, serialize);
  if (record !== null) return record;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return serialize(toJSON.call(value));
  if (Array.isArray(value)) return value.map(serialize);
  const plain: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined && typeof entry !== 'function') plain[key] = serialize(entry);
  }
  return plain;
}
