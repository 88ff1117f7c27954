import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { Model } from './Model';
import { Author, Book, createFixtureTables, widgets } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);
beforeEach(async () => {
  await db().execute(sql`truncate widgets, authors, books, profiles restart identity cascade`);
});

class Widget extends Model(widgets, {
  constraintErrors: { widgets_price_positive: { field: 'price', message: 'must not be negative' } },
}) {}

// Only messages written by the model layer reach `errors`: nothing from the driver.
function expectOnlyOwnMessages(errors: Record<string, string[]>): void {
  const text = JSON.stringify(errors);
  expect(text).not.toMatch(/duplicate key|violates|constraint|Key \(|null value|relation/i);
}

describe('database constraint violations become field errors', () => {
  it('unique (23505) -> "has already been taken" on the field', async () => {
    await Author.create({ name: 'Ada', email: 'ada@example.test' });
    const duplicate = await Author.create({ name: 'Other', email: 'ada@example.test' });
    expect(duplicate.isNewRecord).toBe(true);
    expect(duplicate.errors).toEqual({ email: ['has already been taken'] });
    expectOnlyOwnMessages(duplicate.errors);
  });

  it('composite unique -> the last column of the index', async () => {
    await Widget.create({ teamId: 1, slug: 'blue' });
    expect((await Widget.create({ teamId: 2, slug: 'blue' })).errors).toEqual({});
    const duplicate = await Widget.create({ teamId: 1, slug: 'blue' });
    expect(duplicate.errors).toEqual({ slug: ['has already been taken'] });
  });

  it('unique violation on update', async () => {
    await Author.create({ name: 'Ada', email: 'ada@example.test' });
    const other = await Author.create({ name: 'Bob', email: 'bob@example.test' });
    expect(await other.update({ email: 'ada@example.test' })).toBe(false);
    expect(other.errors).toEqual({ email: ['has already been taken'] });
    expect((await Author.find(other.id)).email).toBe('bob@example.test');
  });

  it('not null (23502) -> "can\'t be blank" on the field', async () => {
    const widget = await Widget.create({ slug: 'no-team' });
    expect(widget.errors).toEqual({ teamId: ["can't be blank"] });
    expectOnlyOwnMessages(widget.errors);
  });

  it('foreign key (23503) on insert -> "must exist" on the field', async () => {
    const book = await Book.create({ authorId: 999, title: 'Orphan' });
    expect(book.errors).toEqual({ authorId: ['must exist'] });
    expectOnlyOwnMessages(book.errors);
  });

  it('foreign key (23503) on update -> "must exist" on the field, as on insert', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    const book = await Book.create({ authorId: author.id, title: 'Notes' });
    expect(await book.update({ authorId: 999 })).toBe(false);
    expect(book.errors).toEqual({ authorId: ['must exist'] });
    expect((await Book.find(book.id)).authorId).toBe(author.id);
  });

  it('foreign key on delete (23503; 23001 for RESTRICT on PostgreSQL 18) -> base, naming the table that still refers to the row', async () => {
    // A table of two words reads as words ("book reviews"); no value of either row shows.
    await db().execute(
      sql`create table book_reviews (id serial primary key, book_id integer not null references books(id) on delete restrict)`,
    );
    const book = await Book.create({ title: 'Notes' });
    await db().execute(sql`insert into book_reviews (book_id) values (${book.id})`);
    expect(await book.destroy()).toBe(false);
    expect(book.errors).toEqual({ base: ['Book is still referenced by book reviews'] });
    expectOnlyOwnMessages(book.errors);
    expect(await Book.where({ id: book.id }).exists()).toBe(true);
  });

  it('check (23514) -> field when named <table>_<column>_check, else base, or the configured message', async () => {
    const book = await Book.create({ title: 'Empty', pages: 0 });
    expect(book.errors).toEqual({ pages: ['is invalid'] });
    const widget = await Widget.create({ teamId: 1, slug: 'cheap', price: -1 });
    expect(widget.errors).toEqual({ price: ['must not be negative'] });
    const Unconfigured = class extends Model(widgets, { name: 'Unconfigured' }) {};
    const other = await Unconfigured.create({ teamId: 1, slug: 'cheap', price: -1 });
    expect(other.errors).toEqual({ base: ['is invalid'] });
  });

  it('a value the database refuses for its type lands on its field (22003, 22P02)', async () => {
    // Two integer columns are written; the value quoted in the message picks the one.
    const big = await Widget.create({ teamId: 1, slug: 'big', price: 3_000_000_000 });
    expect(big.errors).toEqual({ price: ['is out of range'] });
    const word = await Widget.create({ teamId: 1, slug: 'word', price: 'ten' as unknown as number });
    expect(word.errors).toEqual({ price: ['is invalid'] });
    expectOnlyOwnMessages({ ...big.errors, ...word.errors });
  });

  it('a string the database finds too long (22001) lands on its field, not on base', async () => {
    // The table was changed under the code: drizzle says text, the column is varchar(5).
    await db().execute(sql`create table drifted (id serial primary key, title varchar(5), note varchar(5))`);
    const { pgTable, serial, text } = await import('drizzle-orm/pg-core');
    const drifted = pgTable('drifted', { id: serial('id').primaryKey(), title: text('title'), note: text('note') });
    const Drifted = class extends Model(drifted, { name: 'Drifted' }) {};
    const record = await Drifted.create({ title: 'été', note: 'éééééé' });
    expect(record.errors).toEqual({ note: ['is too long (maximum is 5 characters)'] });
  });

  it('other database errors are not swallowed', async () => {
    await db().execute(sql`create table fragile (id serial primary key, n integer)`);
    await db().execute(
      sql`create or replace function fragile_fail() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
    );
    await db().execute(
      sql`create trigger fragile_fail before insert on fragile for each row execute function fragile_fail()`,
    );
    const { integer, pgTable, serial } = await import('drizzle-orm/pg-core');
    const fragile = pgTable('fragile', { id: serial('id').primaryKey(), n: integer('n') });
    const Fragile = class extends Model(fragile) {};
    await expect(Fragile.create({ n: 1 })).rejects.toThrow();
  });
});
