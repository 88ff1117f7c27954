/**
 * A `date` column's value as forms and JSON send it: `YYYY-MM-DD`, a day the
 * calendar has. `Date` alone is not enough: it reads `2026-02-31` as March 3,
 * so a rule built on `Date.parse` lets the day through and the database
 * answers for it (or another field's error hides it).
 */
import { z } from 'zod';

/** True for a `YYYY-MM-DD` naming a real day in PostgreSQL's years 1..9999: `2024-02-29`, not `2026-02-29`. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith('0000')) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** The model rule for a `date` column: "must be a date (YYYY-MM-DD)" for another shape, "must be a date" for a day that does not exist. */
export function calendarDate(): z.ZodString {
  return (
    z
      .string()
      // `abort`: another shape gets one message, not a second from the refinement.
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date (YYYY-MM-DD)', abort: true })
      .refine(isCalendarDate, 'must be a date')
  );
}
