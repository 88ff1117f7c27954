/**
 * Checks client-supplied values against the drizzle column they target, so a
 * wrong type becomes a field error instead of a database error.
 *
 * Body values (`data`) must already have the JSON type of the column; filter
 * values arrive as query-string text and are parsed. Column types not listed
 * here pass through; if PostgreSQL rejects them, `toAppError` still answers
 * 400 (a data exception), never 500.
 */
import { getTableColumns } from 'drizzle-orm';
import { isCalendarDate } from '../shared/calendarDate';
import { MAX_INT4, MIN_INT4 } from '../shared/int4';
import type { ModelLike } from './types';

export interface ColumnFacts {
  dataType: string;
  columnType: string;
  length?: number;
  enumValues?: readonly string[];
  baseColumn?: ColumnFacts;
}

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const INT_RANGES: Record<string, [number, number]> = {
  PgSmallInt: [-32768, 32767],
  PgSmallSerial: [1, 32767],
  PgInteger: [MIN_INT4, MAX_INT4],
  PgSerial: [1, MAX_INT4],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial53: [1, Number.MAX_SAFE_INTEGER],
};

/** Text formats of string-typed columns PostgreSQL parses strictly. */
const TEXT_FORMATS: Record<string, { pattern: RegExp; message: string }> = {
  PgNumeric: { pattern: /^-?\d{1,100}(\.\d{1,100})?$/, message: 'must be a number' },
  PgUUID: { pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message: 'must be a UUID' },
  PgDateString: { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'must be a date (YYYY-MM-DD)' },
};

const ok = (value: unknown): Checked => ({ ok: true, value });
const fail = (message: string): Checked => ({ ok: false, message });

const columnCache = new WeakMap<object, Record<string, ColumnFacts>>();

export function columnsOf(model: ModelLike): Record<string, ColumnFacts> {
  let columns = columnCache.get(model.table);
  if (!columns) {
    columns = getTableColumns(model.table) as Record<string, ColumnFacts>;
    columnCache.set(model.table, columns);
  }
  return columns;
}

/** A JSON body value for `column`: null passes (not-null is the model's and database's business). */
export function checkBodyValue(column: ColumnFacts, value: unknown): Checked {
  if (value === null) return ok(value);
  switch (column.dataType) {
    case 'number':
      return checkNumber(column, value);
    case 'string':
      if (column.columnType === 'PgNumeric' && typeof value === 'number' && Number.isFinite(value)) {
        return checkText(column, String(value));
      }
      return typeof value === 'string' ? checkText(column, value) : fail('must be a string');
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : fail('must be true or false');
    case 'date':
      return checkDate(value);
    case 'array':
      return checkArray(column, value);
    default:
      return ok(value);
  }
}

/** A query-string filter value for `column`. */
export function parseFilterValue(column: ColumnFacts, text: string): Checked {
  switch (column.dataType) {
    case 'number':
      return /^-?\d{1,16}(\.\d{1,16})?$/.test(text) ? checkNumber(column, Number(text)) : fail('must be a number');
    case 'boolean':
      return text === 'true' || text === 'false' ? ok(text === 'true') : fail('must be true or false');
    case 'date':
      return checkDate(text);
    case 'string':
      return checkText(column, text);
    default:
      return fail('cannot be filtered');
  }
}

function checkNumber(column: ColumnFacts, value: unknown): Checked {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail('must be a number');
  const range = INT_RANGES[column.columnType];
  if (range) {
    if (!Number.isInteger(value)) return fail('must be an integer');
    if (value < range[0] || value > range[1]) return fail(`must be between ${range[0]} and ${range[1]}`);
  }
  return ok(value);
}

function checkText(column: ColumnFacts, value: string): Checked {
  if (column.enumValues && !column.enumValues.includes(value)) {
    return fail(`must be one of: ${column.enumValues.join(', ')}`);
  }
  // PostgreSQL counts characters (code points), not UTF-16 units.
  if (column.length !== undefined && [...value].length > column.length) {
    return fail(`is too long (maximum is ${column.length} characters)`);
  }
  const format = TEXT_FORMATS[column.columnType];
  if (format && !format.pattern.test(value)) return fail(format.message);
  // A day the calendar has: Date alone would read 2026-02-31 as March 3.
  if (column.columnType === 'PgDateString' && !isCalendarDate(value)) return fail(format?.message ?? '');
  if (column.columnType === 'PgTimestampString')
    return checkDate(value).ok ? ok(value) : fail('must be an ISO-8601 date');
  return ok(value);
}

/** ISO-8601 within PostgreSQL's calendar (years 1..9999 here). */
function checkDate(value: unknown): Checked {
  const date =
    value instanceof Date
      ? value
      : // The day as written must exist: Date alone reads 2026-02-31T10:00Z as March 3.
        typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && isCalendarDate(value.slice(0, 10))
        ? new Date(value)
        : null;
  if (!date || Number.isNaN(date.getTime())) return fail('must be an ISO-8601 date');
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? ok(date) : fail('must be between years 1 and 9999');
}

function checkArray(column: ColumnFacts, value: unknown): Checked {
  if (!Array.isArray(value)) return fail('must be a list');
  const base = column.baseColumn;
  if (!base) return ok(value);
  const items: unknown[] = [];
  for (const item of value) {
    const checked = checkBodyValue(base, item);
    if (!checked.ok) return fail(`items ${checked.message.replace(/^must/, 'must each')}`);
    items.push(checked.value);
  }
  return ok(items);
}
