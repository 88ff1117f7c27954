/**
 * An action's input parser or declared output as JSON Schema, with zod 4's
 * own `z.toJSONSchema` (draft 2020-12). A parser that is not a zod schema
 * (anything with `safeParse`) is described as an object.
 */
import { z } from 'zod';
import type { JsonSchema } from './jsonSchema';

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * `io: 'input'` for request bodies (what the client may send: optional keys,
 * defaults not yet applied), `'output'` for responses. `unrepresentable: 'any'`
 * keeps refinements and transforms from failing the whole document.
 */
export function zodSchema(parser: unknown, io: 'input' | 'output'): JsonSchema {
  if (!isZod(parser)) return { type: 'object' };
  const { $schema: _dialect, ...schema } = z.toJSONSchema(parser, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: io === 'output' ? asAnswered : undefined,
  }) as JsonSchema;
  return schema;
}

/**
 * An answer's dates and bigints are strings on the wire (server/controller/serialize.ts), which
 * JSON Schema can say, where zod alone would leave them undescribed.
 */
function asAnswered(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const type = (context.zodSchema as z.ZodType)._zod.def.type;
  if (type === 'date') Object.assign(context.jsonSchema, { type: 'string', format: 'date-time' });
  if (type === 'bigint') Object.assign(context.jsonSchema, { type: 'string', pattern: '^-?[0-9]+$' });
}
