/**
 * A drizzle column as a JSON Schema: the type the API reads and writes
 * (dates as ISO-8601 strings, bigints as decimal strings), `maxLength` of
 * varchars, enum values, PostgreSQL's integer bounds. Nullable columns accept
 * and answer `null`. Mirrors server/codegen/columnType.ts, which gives the
 * TypeScript side of the same rule.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type JsonSchema, nullable } from './jsonSchema';

const INTEGER_BOUNDS: Record<string, [number, number]> = {
  PgSmallInt: [-32_768, 32_767],
  PgSmallSerial: [1, 32_767],
  PgInteger: [-2_147_483_648, 2_147_483_647],
  PgSerial: [1, 2_147_483_647],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial53: [1, Number.MAX_SAFE_INTEGER],
};

function baseSchema(column: PgColumn): JsonSchema {
  switch (column.dataType) {
    case 'string': {
      if (column.enumValues?.length) return { type: 'string', enum: [...column.enumValues] };
      const length = (column as { length?: number }).length;
      if (column.columnType === 'PgUUID') return { type: 'string', format: 'uuid' };
      return typeof length === 'number' ? { type: 'string', maxLength: length } : { type: 'string' };
    }
    case 'number': {
      const bounds = INTEGER_BOUNDS[column.columnType];
      return bounds ? { type: 'integer', minimum: bounds[0], maximum: bounds[1] } : { type: 'number' };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'bigint':
      return { type: 'string', pattern: '^-?[0-9]+$' };
    case 'array':
      return { type: 'array' };
    default: // json, custom, buffer: whatever the column holds
      return {};
  }
}

export function columnSchema(column: PgColumn): JsonSchema {
  const schema = baseSchema(column);
  if (column.notNull || Object.keys(schema).length === 0) return schema;
  return nullable(schema);
}
