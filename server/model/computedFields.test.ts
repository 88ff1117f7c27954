/**
 * Computed fields (`Model(table, { computed: { overdue: z.boolean() } })` and a
 * getter of that name): in `toJSON()` with the attributes, left out of records
 * read with some columns only, and every declaration mistake refused as early
 * as it can be seen. The pipeline's fast path: server/controller/serialize.test.ts.
 */
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Association } from './Association';
import { belongsTo } from './belongsTo';
import { Model } from './Model';

const notes = pgTable('computed_notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }),
  secretHash: text('secret_hash'),
});

class Note extends Model(notes, {
  name: 'ComputedNote',
  hidden: ['secretHash'],
  computed: { overdue: z.boolean(), headline: z.string(), remindAt: z.date().nullable() },
}) {
  override get overdue(): boolean {
    return this.dueAt !== null && this.dueAt.getTime() < Date.parse('2026-06-01T00:00:00Z');
  }
  override get headline(): string {
    return this.title.toUpperCase();
  }
  override get remindAt(): Date | null {
    return this.dueAt && new Date(this.dueAt.getTime() - 86_400_000);
  }
}

const row = { id: 1, title: 'Pay rent', dueAt: new Date('2026-05-01T00:00:00Z'), secretHash: 'x' };

describe('computed fields', () => {
  it('are in toJSON after the attributes and before the associations, as their getters answer', () => {
    const note = Note.instantiate(row);
    note.setAssociation('author', null);
    const json = note.toJSON();
    expect(json).toStrictEqual({
      id: 1,
      title: 'Pay rent',
      dueAt: '2026-05-01T00:00:00.000Z',
      overdue: true,
      headline: 'PAY RENT',
      remindAt: '2026-04-30T00:00:00.000Z',
      author: null,
    });
    expect(Object.keys(json)).toEqual(['id', 'title', 'dueAt', 'overdue', 'headline', 'remindAt', 'author']);
    expect(Note.computedNames).toEqual(['overdue', 'headline', 'remindAt']);
  });

  it('are left out of a record read with some columns only: the getter could read one not loaded', () => {
    expect(Note.instantiate({ id: 2, title: 'Subset' }).toJSON()).toStrictEqual({ id: 2, title: 'Subset' });
    // Hidden columns do not count: a record with every visible attribute has its computed fields.
    const { secretHash: _hidden, ...visible } = row;
    expect(Note.instantiate(visible).toJSON()).toHaveProperty('overdue', true);
  });

  it('cost nothing where none is declared', () => {
    class Plain extends Model(notes, { name: 'PlainNote', hidden: ['secretHash'] }) {}
    expect(Plain.computedNames).toEqual([]);
    expect(Object.keys(Plain.instantiate(row).toJSON())).toEqual(['id', 'title', 'dueAt']);
  });

  it('refuses, at declaration, a name that is a column or part of the record API', () => {
    // @ts-expect-error a column's name: a compile error too
    expect(() => Model(notes, { hidden: ['secretHash'], computed: { title: z.string() } })).toThrow(
      'Model ComputedNote: computed field "title" has the name of a column',
    );
    expect(() => Model(notes, { hidden: ['secretHash'], computed: { errors: z.string() } })).toThrow(
      /computed field "errors" clashes with the record API/,
    );
  });

  it('refuses an association or an attachment slot of the same name when associations are resolved (boot)', () => {
    class Clash extends Model(notes, { name: 'ClashNote', hidden: ['secretHash'], computed: { owner: z.string() } }) {
      static associations = { owner: belongsTo(() => Note, { foreignKey: 'id' }) };
      override get owner(): string {
        return 'me';
      }
    }
    expect(() => Clash.associationNames).toThrow(/association "owner" has the name of a computed field/);
    const Slotted = Model(notes, { name: 'SlotNote', hidden: ['secretHash'], computed: { logo: z.string() } });
    const slot: Association = { kind: 'attachment', preload: async () => {} };
    expect(() => Slotted.meta.addAssociation('logo', slot)).toThrow(
      /association "logo" has the name of a computed field/,
    );
  });

  it('is typed by its schema: tsc refuses a getter of another type, and one that overrides no computed field', () => {
    class Typed extends Model(notes, { name: 'TypedNote', hidden: ['secretHash'], computed: { size: z.number() } }) {
      // @ts-expect-error the schema says number
      override get size(): string {
        return 'large';
      }
      // @ts-expect-error `override` names a computed field (or another member), so a renamed one shows
      override get sise(): number {
        return 1;
      }
    }
    // The run time does not check the value: the schema describes it (types, API description).
    expect(Typed.instantiate(row).toJSON()).toHaveProperty('size', 'large');
  });

  it('refuses a computed field without a getter on first use (router build, or the first answer)', () => {
    class Missing extends Model(notes, {
      name: 'MissingNote',
      hidden: ['secretHash'],
      computed: { late: z.boolean() },
    }) {}
    expect(() => Missing.computedNames).toThrow(
      'Model MissingNote: computed field "late" has no getter; declare `get late()` on the model class',
    );
    expect(() => Missing.instantiate(row).toJSON()).toThrow(/has no getter/);
    class Method extends Model(notes, { name: 'MethodNote', hidden: ['secretHash'], computed: { late: z.boolean() } }) {
      // @ts-expect-error a method is not a getter: tsc refuses it too
      late(): boolean {
        return false;
      }
    }
    expect(() => Method.computedNames).toThrow(/computed field "late" has no getter/);
  });
});
