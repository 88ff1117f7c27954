/**
 * `:id` and scope params (`:teamId`) parse the same way: a PostgreSQL
 * `integer` primary key, 1..2147483647, given as a plain decimal string or a
 * number. Anything else is a 400 before the database is touched, so `abc`,
 * `1.5` or `1e3` never reach SQL as casts that could fail with a 500.
 */
import { MAX_INT4 } from '../shared/int4';
import { BadRequest } from './errors';

export const ID_RULE = `must be an integer between 1 and ${MAX_INT4}`;

/** Canonical decimal only: no sign, spaces, exponent or leading zeros. */
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id, or null when `value` is not a valid one. */
export function toId(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 1 && value <= MAX_INT4 ? value : null;
  }
  if (typeof value === 'string' && DECIMAL_ID.test(value)) {
    const id = Number(value);
    return id <= MAX_INT4 ? id : null;
  }
  return null;
}

export function parseId(value: unknown, field = 'id'): number {
  const id = toId(value);
  if (id === null) throw new BadRequest(`Invalid ${field}`, { [field]: [ID_RULE] });
  return id;
}
