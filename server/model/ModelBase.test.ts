import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { countQueries } from './queryCounter';
import { RecordNotFound } from './RecordNotFound';
import { Author, Book, createFixtureTables, Profile } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);
beforeEach(async () => {
  await db().execute(sql`truncate authors, books, profiles restart identity cascade`);
});

describe('declaration', () => {
  it('exposes names and attributes derived from the table', () => {
    expect(Author.modelName).toBe('Author');
    expect(Book.modelName).toBe('Book'); // derived from the table "books"
    expect(Author.primaryKey).toBe('id');
    expect(Author.attributeNames).toEqual([
      'id',
      'name',
      'email',
      'passwordHash',
      'teamId',
      'status',
      'createdAt',
      'updatedAt',
    ]);
    expect(Author.associationNames).toEqual(['books', 'latestBook', 'profile']);
    expect(Book.associationNames).toEqual(['author', 'fullAuthor']);
  });

  it('types records from the table', () => {
    const author = Author.build({ name: 'Ada' });
    expectTypeOf(author.name).toEqualTypeOf<string>();
    expectTypeOf(author.teamId).toEqualTypeOf<number | null>();
    expectTypeOf(author.createdAt).toEqualTypeOf<Date>();
    const find = () => Author.find(1);
    const list = () => Author.where({ teamId: 1 }).toArray();
    expectTypeOf<Awaited<ReturnType<typeof find>>>().toEqualTypeOf<Author>();
    expectTypeOf<Awaited<ReturnType<typeof list>>>().toEqualTypeOf<Author[]>();
    // @ts-expect-error unknown attribute (also refused at run time)
    expect(() => Author.build({ nope: 1 })).toThrow('Author has no attribute "nope"');
  });
});

describe('records', () => {
  it('create returns the persisted record with database defaults', async () => {
    const { result: author, count } = await countQueries(
      async () => await Author.create({ name: 'Ada', email: 'ada@example.test' }),
    );
    expect(count).toBe(1);
    expect(author.errors).toEqual({});
    expect(author.isNewRecord).toBe(false);
    expect(author.id).toBe(1);
    expect(author.status).toBe('active');
    expect(author.createdAt).toBeInstanceOf(Date);
    expect(await Author.count()).toBe(1);
  });

  it('create with invalid attributes returns the unsaved record with errors, never throws', async () => {
    const author = await Author.create({ name: '  ', email: 'not-an-email' });
    expect(author.isNewRecord).toBe(true);
    expect(author.errors).toEqual({ name: ["can't be blank"], email: ['is not an email'] });
    expect(JSON.parse(JSON.stringify(author.errors))).toEqual(author.errors);
    const missing = await Author.create({});
    expect(missing.errors).toEqual({ name: ["can't be blank"], email: ["can't be blank"] });
    const long = await Author.create({ name: 'x'.repeat(101), email: 'a@b' });
    expect(long.errors).toEqual({ name: ['is too long (maximum is 100 characters)'] });
    expect(await Author.count()).toBe(0);
  });

  it('refuses on save text PostgreSQL would change or refuse: half an emoji, U+0000', async () => {
    // Text the server builds can hold them (a cut in UTF-16 units); stored, half an emoji would become U+FFFD.
    const halved = await Author.create({ name: 'Party 😀'.slice(0, 7), email: 'a@b' });
    expect(halved.errors).toEqual({ name: ['must be valid Unicode (an unpaired surrogate cannot be stored)'] });
    const nul = await Author.create({ name: 'Ada', email: 'a\u0000@b' });
    expect(nul.errors).toEqual({ email: ['must not contain the NUL character (U+0000)'] });
    expect(await Author.count()).toBe(0);
    const whole = await Author.create({ name: 'Party 😀', email: 'a@b' });
    expect(whole.errors).toEqual({});
    expect((await Author.find(whole.id)).name).toBe('Party 😀');
  });

  it('validate() adds record-level errors', async () => {
    const author = await Author.create({ name: 'Ada', email: 'a@b', status: 'banned', teamId: 1 });
    expect(author.errors).toEqual({ status: ['cannot be banned inside a team'] });
  });

  it('update writes only the assigned, changed columns and bumps updatedAt', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    const before = author.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { result, count, statements } = await countQueries(async () => await author.update({ name: 'Ada L.' }));
    expect(result).toBe(true);
    expect(count).toBe(1);
    expect(statements[0]).toMatch(
      /^update "authors" set "name" = \$1, "updated_at" = now\(\) where "authors"."id" = \$2/,
    );
    expect(author.name).toBe('Ada L.');
    expect(author.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    // assigning the same value is not a change: no statement
    const unchanged = await countQueries(
      async () => await author.update({ name: 'Ada L.', email: 'ada@example.test' }),
    );
    expect(unchanged).toMatchObject({ result: true, count: 0 });
  });

  it('assign via properties tracks changes; save persists; reload re-reads', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    author.name = 'Grace';
    expect(author.changedAttributes()).toEqual(['name']);
    expect(await author.save()).toBe(true);
    expect(author.hasChanges).toBe(false);
    await db().execute(sql`update authors set name = 'Changed elsewhere'`);
    await author.reload();
    expect(author.name).toBe('Changed elsewhere');
    expect(() => author.assign({ nope: 1 } as never)).toThrow('Author has no attribute "nope"');
  });

  it('update of an invalid value returns false and keeps the row', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    expect(await author.update({ name: '' })).toBe(false);
    expect(author.errors).toEqual({ name: ["can't be blank"] });
    expect((await Author.find(author.id)).name).toBe('Ada');
  });

  it('destroy deletes the row', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    expect(await author.destroy()).toBe(true);
    expect(author.isDestroyed).toBe(true);
    await expect(Author.find(author.id)).rejects.toBeInstanceOf(RecordNotFound);
  });

  it('toJSON: camelCase keys, ISO dates, hidden attributes left out, associations nested, no I/O', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test', passwordHash: 'secret' });
    await Profile.create({ authorId: author.id, bio: 'Mathematician' });
    const book = await Book.create({
      authorId: author.id,
      title: 'Notes',
      publishedAt: new Date('2020-01-02T03:04:05Z'),
    });
    const [loaded] = await Book.includes('author').where({ id: book.id }).toArray();
    const { result: json, count } = await countQueries(async () => loaded?.toJSON());
    expect(count).toBe(0);
    expect(json).toEqual({
      id: book.id,
      authorId: author.id,
      title: 'Notes',
      pages: null,
      publishedAt: '2020-01-02T03:04:05.000Z',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      author: { id: author.id, name: 'Ada' }, // limited columns
    });
    const [withFullAuthor] = await Book.includes('fullAuthor').toArray();
    expect(withFullAuthor?.toJSON().fullAuthor).toMatchObject({ id: author.id, email: 'ada@example.test' });
    expect(withFullAuthor?.toJSON().fullAuthor).not.toHaveProperty('passwordHash'); // hidden when nested too
    const [withAll] = await Author.includes('books', 'profile').toArray();
    const full = JSON.parse(JSON.stringify(withAll));
    expect(full).not.toHaveProperty('passwordHash');
    expect(full.books.map((b: { title: string }) => b.title)).toEqual(['Notes']);
    expect(full.profile).toMatchObject({ bio: 'Mathematician' });
    expect(Object.keys(full)).toEqual([
      'id',
      'name',
      'email',
      'teamId',
      'status',
      'createdAt',
      'updatedAt',
      'books',
      'profile',
    ]);
  });

  it('reads and sets loaded associations; unloaded ones throw; load() fetches them', async () => {
    const author = await Author.create({ name: 'Ada', email: 'ada@example.test' });
    await Book.create({ authorId: author.id, title: 'One' });
    await Book.create({ authorId: author.id, title: 'Two' });
    expect(() => author.association('books')).toThrow(/not loaded/);
    const { count } = await countQueries(async () => await author.load('books', 'latestBook'));
    expect(count).toBe(2);
    expect(author.association<Book[]>('books').map((b) => b.title)).toEqual(['One', 'Two']);
    expect(author.association<Book>('latestBook').title).toBe('Two');
    author.setAssociation('books', []);
    expect(author.toJSON().books).toEqual([]);
    expect(() => Author.includes('nothing')).toThrow('Author has no association "nothing"');
  });

  it('Model.transaction: model calls inside join it, nested calls are savepoints', async () => {
    await expect(
      Author.transaction(async () => {
        await Author.create({ name: 'Ada', email: 'ada@example.test' });
        await Author.transaction(async () => {
          await Author.create({ name: 'Bob', email: 'bob@example.test' });
        });
        expect(await Author.count()).toBe(2);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await Author.count()).toBe(0);
    await Author.transaction(async () => {
      await Author.create({ name: 'Ada', email: 'ada@example.test' });
      await Author.transaction(async () => {
        await Author.create({ name: 'Bob', email: 'bob@example.test' });
        throw new Error('inner');
      }).catch(() => undefined);
    });
    expect(await Author.pluck('name')).toEqual(['Ada']);
  });
});
