import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate } from './calendarDate';

describe('calendarDate', () => {
  it('takes the days the calendar has, leap days included', () => {
    for (const day of ['2026-02-28', '2024-02-29', '2026-12-31', '0001-01-01', '9999-12-31'])
      expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses days Date would roll over, and other shapes', () => {
    for (const day of ['2026-02-29', '2026-02-31', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01'])
      expect(isCalendarDate(day), day).toBe(false);
    for (const text of ['2026-2-3', '2026-02-03T00:00:00Z', ' 2026-02-03', '２０２６-02-03', ''])
      expect(isCalendarDate(text), text).toBe(false);
  });

  it('words the two refusals as a field error', () => {
    const issues = (value: string) =>
      calendarDate()
        .safeParse(value)
        .error?.issues.map((issue) => issue.message);
    expect(issues('2026-02-31')).toEqual(['must be a date']);
    expect(issues('31/02/2026')).toEqual(['must be a date (YYYY-MM-DD)']);
    expect(issues('2026-02-28')).toBeUndefined();
  });
});
