/** The factory's filler values: of the column's type, and never the same twice (unique columns). */
import { getTableColumns } from 'drizzle-orm';
import { bigint, date, integer, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fillerValue } from './factory';

const gadgets = pgTable('gadgets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  notes: text('notes').notNull(),
  count: integer('count').notNull(),
  big: bigint('big', { mode: 'number' }).notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  day: date('day').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

describe('fillerValue', () => {
  it('gives every column type a different value on each call, so unique columns do not collide', () => {
    for (const [name, column] of Object.entries(getTableColumns(gadgets))) {
      if (name === 'id') continue;
      const [first, second] = [fillerValue(column, name), fillerValue(column, name)];
      expect(String(second), name).not.toBe(String(first));
    }
  });

  it("reads like the record: a name or title is the model's name and a number, other text the column's", () => {
    const columns = getTableColumns(gadgets);
    const short = getTableColumns(pgTable('codes', { name: varchar('name', { length: 8 }).notNull() }));
    expect(fillerValue(columns.name, 'name', 'LineItem')).toMatch(/^Line item \d+$/);
    expect(fillerValue(columns.notes, 'notes', 'LineItem')).toMatch(/^Notes \d+$/);
    expect(fillerValue(columns.name, 'releaseNote', 'LineItem')).toMatch(/^Release note \d+$/);
    // A varchar shorter than the words keeps the number, so the value stays unique and fits.
    expect(fillerValue(short.name, 'name', 'Supplier')).toMatch(/^Supp\w* \d+$/);
    expect(String(fillerValue(short.name, 'name', 'Supplier')).length).toBeLessThanOrEqual(8);
  });

  it('keeps each value in its column format', () => {
    const { price, day, at } = getTableColumns(gadgets);
    expect(fillerValue(price, 'price')).toMatch(/^\d{1,10}\.00$/);
    expect(fillerValue(day, 'day')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fillerValue(at, 'at')).toBeInstanceOf(Date);
  });
});
