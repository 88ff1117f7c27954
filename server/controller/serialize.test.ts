/**
 * The answer built straight from records' rows (the fast path) is the one
 * built through their `toJSON()` (the slow path, `slowSerialize` below: the
 * serialiser as it was before), value for value and byte for byte on the wire
 * (key order included): dates, numerics, bigints, JSON columns, nulls, hidden
 * columns, nested includes, computed fields; and a model or a record with its
 * own toJSON keeps the slow path. No database: records are instantiated from rows as the
 * relation does. Attachments with signed URLs: server/storage/serializeAttachments.test.ts.
 */
import { bigint, integer, jsonb, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Model } from '../model';
import { defaultRecordJson } from '../model/recordJson';
import { serialize } from './serialize';

/** The serialiser before records were built from their rows: every record through its toJSON. */
function slowSerialize(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return slowSerialize(toJSON.call(value));
  if (Array.isArray(value)) return value.map(slowSerialize);
  const plain: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined && typeof entry !== 'function') plain[key] = slowSerialize(entry);
  }
  return plain;
}

/** Both paths give the same value and the same wire bytes; returns the wire text. */
function expectSame(value: unknown, label?: string): string | undefined {
  const fast = serialize(value);
  const slow = slowSerialize(value);
  expect(fast, label).toStrictEqual(slow);
  expect(JSON.stringify(fast), label).toBe(JSON.stringify(slow));
  return JSON.stringify(fast);
}

const authors = pgTable('json_authors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  passwordHash: text('password_hash'),
});
class Author extends Model(authors, { name: 'JsonAuthor', hidden: ['passwordHash'] }) {}

const books = pgTable('json_books', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  price: numeric('price', { precision: 12, scale: 2 }),
  copies: bigint('copies', { mode: 'bigint' }),
  pages: integer('pages'),
  tags: jsonb('tags').$type<unknown>(),
  authorId: integer('author_id'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  secret: text('secret'),
});
class Book extends Model(books, { name: 'JsonBook', hidden: ['secret'] }) {}

/** Computed fields: values of any kind the serialiser knows, read from getters. */
class Shelf extends Model(authors, {
  name: 'JsonShelf',
  hidden: ['passwordHash'],
  computed: { label: z.string(), checkedAt: z.date(), size: z.bigint(), spare: z.string().optional() },
}) {
  override get label(): string {
    return `${this.name} <${this.email ?? 'no email'}>`;
  }
  override get checkedAt(): Date {
    return new Date('2026-11-26T10:11:12.345Z');
  }
  override get size(): bigint {
    return 9007199254740993n;
  }
  override get spare(): string | undefined {
    return undefined;
  }
}

/** Like Asset: a URL signed at load time, kept outside the attributes, added by its own toJSON. */
class SignedFile extends Model(authors, { name: 'JsonSignedFile', hidden: ['passwordHash'] }) {
  #url: string | null = null;
  sign(url: string): this {
    this.#url = url;
    return this;
  }
  override toJSON() {
    return { ...super.toJSON(), url: this.#url };
  }
}

function book(row: Record<string, unknown>, associations: Record<string, unknown> = {}): Book {
  const record = Book.instantiate({
    id: 1,
    title: 'Dune "the first" \u2028 ✓',
    price: '1234.50',
    copies: 9007199254740993n,
    pages: 412,
    tags: { genre: ['sf', null], nested: { n: 1.5, skip: undefined } },
    authorId: 7,
    publishedAt: new Date('1965-08-01T00:00:00.000Z'),
    createdAt: new Date('2026-11-26T10:11:12.345Z'),
    secret: 'never on the wire',
    ...row,
  });
  for (const [name, value] of Object.entries(associations)) record.setAssociation(name, value);
  return record;
}

describe('serialize', () => {
  it('serialises plain values as before', () => {
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    const values: unknown[] = [
      null,
      undefined,
      0,
      -0,
      1.5e-7,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      12n,
      -3n,
      true,
      'text with "quotes", \\ and \n, \u0000, \ud800 alone, emoji 🎉',
      new Date('2026-01-02T03:04:05.678Z'),
      new Date(Number.NaN),
      [undefined, () => 1, Symbol('s'), null, [1, [2n]], sparse],
      { a: undefined, b: () => 1, c: Symbol('s'), d: null, e: { f: new Date(0) }, 2: 'integer key first' },
      { toJSON: () => undefined },
      { inner: { toJSON: () => undefined }, other: { toJSON: () => ({ deep: 1n }) } },
      { toJSON: 'not a function', value: 1 },
      new Map([['a', 1]]),
      Object.assign(Object.create(null) as object, { bare: true }),
      { data: [{ id: 1 }], pagination: { page: 1, perPage: 20, totalCount: 1, totalCountCapped: false } },
    ];
    for (const [i, value] of values.entries()) expectSame(value, `value ${i}`);
  });

  it('builds records straight from their rows, as toJSON does: dates, numerics, bigints, JSON, nulls, hidden', () => {
    const full = book({});
    const nulls = book({ price: null, copies: null, pages: null, tags: null, authorId: null, publishedAt: null });
    const odd = book({ publishedAt: new Date(Number.NaN), tags: [new Date(5), undefined, 2n, { toJSON: () => 'x' }] });
    const partial = Book.instantiate({ id: 2, title: 'Only some columns' }); // select(...) loads a subset
    for (const record of [full, nulls, odd, partial]) {
      expectSame(record);
      expect(defaultRecordJson(record, serialize)).not.toBeNull(); // the fast path, not a fallback
    }
    expect(expectSame(full)).not.toContain('never on the wire');
  });

  it('builds includes: a belongsTo limited to some columns, has-many lists, null, and values set by hooks', () => {
    const author = Author.instantiate({ id: 7, name: 'Frank' });
    const reviews = [book({ id: 10 }), book({ id: 11, title: 'Second' })];
    const record = book(
      {},
      {
        author,
        reviews,
        editor: null,
        empty: [],
        extra: { computed: 42, at: new Date(1) },
        gone: undefined,
        silent: { toJSON: () => undefined },
        listed: [{ toJSON: () => undefined }, new Date(Number.NaN)],
      },
    );
    const page = { data: [record, book({ id: 3 }, { author: null })], pagination: { page: 1, hasMore: false } };
    expectSame(page);
    expectSame([record]);
  });

  it('adds computed fields on both paths, in includes too, and leaves them out of records with some columns', () => {
    const shelf = Shelf.instantiate({ id: 3, name: 'Tall', email: null, passwordHash: 'h' });
    shelf.setAssociation('books', [book({ id: 4 })]);
    expect(defaultRecordJson(shelf, serialize)).not.toBeNull();
    expect(expectSame(shelf)).toBe(
      '{"id":3,"name":"Tall","email":null,"label":"Tall <no email>","checkedAt":"2026-11-26T10:11:12.345Z","size":"9007199254740993","books":[' +
        expectSame(book({ id: 4 })) +
        ']}',
    );
    const limited = Shelf.instantiate({ id: 5, name: 'Low' }); // as an association's `columns` loads it
    expect(expectSame(limited)).toBe('{"id":5,"name":"Low"}');
    const nested = book({}, { shelf, shelves: [shelf, limited], owner: limited });
    expect(expectSame(nested)).toContain('"shelves":[{"id":3,"name":"Tall","email":null,"label"');
  });

  it('leaves to toJSON an association named like a computed field', () => {
    const shelf = Shelf.instantiate({ id: 3, name: 'Tall', email: null });
    shelf.setAssociation('label', 'an association named like a computed field');
    expect(defaultRecordJson(shelf, serialize)).toBeNull();
    expectSame(shelf);
  });

  it('takes the slow path for a model that overrides toJSON, with the same answer', () => {
    const file = SignedFile.instantiate({ id: 5, name: 'logo.png', email: null }).sign('https://cdn.test/a%20b.png');
    const toJSON = vi.spyOn(file, 'toJSON');
    expect(defaultRecordJson(file, serialize)).toBeNull();
    const record = book({}, { logo: file, documents: [file, file] });
    const expected = JSON.stringify(slowSerialize(record));
    toJSON.mockClear();
    expect(JSON.stringify(serialize(record))).toBe(expected);
    expect(toJSON).toHaveBeenCalledTimes(3);
    expect(expected).toContain('"url":"https://cdn.test/a%20b.png"');
  });

  it('takes the slow path for a record given its own toJSON (e.g. by a hook)', () => {
    const record = book({});
    const own = vi.fn(() => ({ replaced: true }));
    Object.assign(record, { toJSON: own });
    expect(defaultRecordJson(record, serialize)).toBeNull();
    expect(expectSame(record)).toBe('{"replaced":true}');
    expect(own).toHaveBeenCalled();
  });

  it('leaves to toJSON an association named like a column or an integer', () => {
    const clash = book({}, { title: 'an association named like a column' });
    const integer = book({}, { 0: 'first in a JS object' });
    for (const record of [clash, integer]) {
      expect(defaultRecordJson(record, serialize)).toBeNull();
      expectSame(record);
    }
  });
});
