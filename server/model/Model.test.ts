import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import '../testing/testDatabase';
import type { Associations } from './Association';
import { belongsTo } from './belongsTo';
import { hasMany } from './hasMany';
import { Model } from './Model';
import { ModelBase } from './ModelBase';
import { modelNameFromTable } from './ModelMeta';
import { Author, authors, Book, books } from './testing/fixtures';

describe('Model(table, options)', () => {
  it('derives a name from the table when none is given, never from constructor.name', () => {
    expect(modelNameFromTable('campaigns')).toBe('Campaign');
    expect(modelNameFromTable('team_settings')).toBe('TeamSetting');
    expect(modelNameFromTable('api_keys')).toBe('ApiKey');
    const Renamed = class Minified extends Model(books) {};
    expect(Renamed.modelName).toBe('Book');
    const Explicit = class X extends Model(books, { name: 'Volume' }) {};
    expect(Explicit.modelName).toBe('Volume');
  });

  it('refuses columns whose property names shadow the record API', () => {
    const bad = pgTable('bad', { id: serial('id').primaryKey(), errors: text('errors') });
    expect(() => Model(bad)).toThrow(/"errors" clashes with the record API/);
  });

  it('needs an id column; checks hidden and validated names', () => {
    const noId = pgTable('no_id', { name: text('name') });
    expect(() => Model(noId)).toThrow(/needs an integer `id`/);
    expect(() => Model(authors, { hidden: ['secret' as 'name'] })).toThrow(/hidden attribute "secret"/);
    expect(() => Model(authors, { hidden: ['passwordHash'], validations: { nope: undefined } as never })).toThrow(
      /validation for "nope"/,
    );
  });

  it('accepts associations in options (annotated thunk) as well as a static', () => {
    class Writer extends Model(authors, {
      name: 'Writer',
      hidden: ['passwordHash'],
      associations: (): Associations => ({ works: hasMany(() => Book, { foreignKey: 'authorId' }) }),
    }) {}
    expect(Writer.associationNames).toEqual(['works']);
  });

  it('checks association names when they are first used (boot), naming the model', () => {
    class Broken extends Model(books, { name: 'Broken' }) {
      static associations = { author: belongsTo(() => Author, { foreignKey: 'writerId' }) };
    }
    expect(() => Broken.associationNames).toThrow('Broken has no attribute "writerId"');
    class BadColumns extends Model(books, { name: 'BadColumns' }) {
      static associations = { author: belongsTo(() => Author, { columns: ['id', 'shoeSize'] }) };
    }
    expect(() => BadColumns.associationNames).toThrow('Author has no attribute "shoeSize"');
    class NotAModel extends Model(books, { name: 'NotAModel' }) {
      static associations = { author: belongsTo(() => ({})) };
    }
    expect(() => NotAModel.associationNames).toThrow(/NotAModel.author: the association target is not a model/);
    class Clash extends Model(books, { name: 'Clash' }) {
      static associations = { title: belongsTo(() => Author, { foreignKey: 'authorId' }) };
    }
    expect(() => Clash.associationNames).toThrow(/association "title" has the name of a column/);
  });

  it('gives records typed attribute properties backed by the table columns', () => {
    const pages = pgTable('pages', { id: serial('id').primaryKey(), bookId: integer('book_id').notNull() });
    class Page extends Model(pages) {}
    const page = new Page({ bookId: 3 });
    expect(page).toBeInstanceOf(ModelBase);
    expect(page.bookId).toBe(3);
    expect(page.attributes).toEqual({ bookId: 3 });
    expect(Object.keys(page)).not.toContain('bookId');
    expect(Page.modelName).toBe('Page');
  });

  it('refuses to be used without Model()', () => {
    expect(() => ModelBase.modelName).toThrow(/Declare models with Model/);
  });
});
