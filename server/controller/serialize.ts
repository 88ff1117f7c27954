/**
 * Step 9 of the pipeline: the action's result as plain JSON data, identical
 * for REST, tRPC and server-side callers (records via their `toJSON()`,
 * dates as ISO-8601 strings). No transformer is needed on the wire.
 */
export function serialize(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return serialize(toJSON.call(value));
  if (Array.isArray(value)) return value.map(serialize);
  const plain: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined && typeof entry !== 'function') plain[key] = serialize(entry);
  }
  return plain;
}
