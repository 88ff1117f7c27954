/**
 * The JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it) pieces the
 * generator builds. Plain objects: the document is JSON.
 */
export type JsonSchema = { [key: string]: unknown };

/** `{$ref: '#/components/schemas/<name>'}`. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** The schema, or null (OpenAPI 3.1 has no `nullable`: a `type` list or `anyOf` with `null`). */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && !schema.$ref && !schema.enum)
    return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum) && typeof schema.type === 'string') {
    return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** An object schema; `required` lists the keys always present. Extra keys are allowed (records may carry more). */
export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  const sorted = Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { type: 'object', properties: sorted, ...(required.length ? { required: [...required].sort() } : {}) };
}
