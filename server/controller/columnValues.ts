/**
 * Checks client-supplied values against the drizzle column they target, so a
 * wrong type becomes a field error instead of a database error (a 500).
 *
 * Body values (`data`) must already have the JSON type of the column; filter
 * values arrive as query-string text and are parsed.
 */
import { getTableColumns } from 'drizzle-orm';
import type { ModelLike } from './types';

export interface ColumnFacts {
  dataType: string;
  columnType: string;
  length?: number;
  enumValues?: readonly string[];
}

const INT_RANGES: Record<string, [number, number]> = {
  PgSmallInt: [-32768, 32767],
  PgSmallSerial: [1, 32767],
  PgInteger: [-2147483648, 2147483647],
  PgSerial: [1, 2147483647],
};

const columnCache = new WeakMap<object, Record<string, ColumnFacts>>();

export function columnsOf(model: ModelLike): Record<string, ColumnFacts> {
  let columns = columnCache.get(model.table);
  if (!columns) {
    columns = getTableColumns(model.table) as Record<string, ColumnFacts>;
    columnCache.set(model.table, columns);
  }
  return columns;
}

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

/** A JSON body value for `column`: null passes (not-null is the model's and database's business). */
export function checkBodyValue(column: ColumnFacts, value: unknown): Checked {
  if (value === null) return { ok: true, value };
  switch (column.dataType) {
    case 'number':
      return checkNumber(column, value);
    case 'string':
      if (typeof value !== 'string') return { ok: false, message: 'must be a string' };
      return checkString(column, value);
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: 'must be true or false' };
    case 'date':
      return checkDate(value);
    default:
      return { ok: true, value };
  }
}

/** A query-string filter value for `column`. */
export function parseFilterValue(column: ColumnFacts, text: string): Checked {
  switch (column.dataType) {
    case 'number':
      return /^-?\d{1,10}(\.\d+)?$/.test(text)
        ? checkNumber(column, Number(text))
        : { ok: false, message: 'must be a number' };
    case 'boolean':
      if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
      return { ok: false, message: 'must be true or false' };
    case 'date':
      return checkDate(text);
    case 'string':
      return checkString(column, text);
    default:
      return { ok: false, message: 'cannot be filtered' };
  }
}

function checkNumber(column: ColumnFacts, value: unknown): Checked {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: 'must be a number' };
  const range = INT_RANGES[column.columnType];
  if (range) {
    if (!Number.isInteger(value)) return { ok: false, message: 'must be an integer' };
    if (value < range[0] || value > range[1])
      return { ok: false, message: `must be between ${range[0]} and ${range[1]}` };
  }
  return { ok: true, value };
}

function checkString(column: ColumnFacts, value: string): Checked {
  if (column.enumValues && !column.enumValues.includes(value)) {
    return { ok: false, message: `must be one of: ${column.enumValues.join(', ')}` };
  }
  if (column.length !== undefined && value.length > column.length) {
    return { ok: false, message: `is too long (maximum is ${column.length} characters)` };
  }
  return { ok: true, value };
}

function checkDate(value: unknown): Checked {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return { ok: true, value };
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return { ok: true, value: date };
  }
  return { ok: false, message: 'must be an ISO-8601 date' };
}
