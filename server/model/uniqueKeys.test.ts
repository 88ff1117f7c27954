import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { authors, widgets } from './testing/fixtures';
import { isUniquelyKeyed, uniqueKeys } from './uniqueKeys';

const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull(),
    teamId: integer('team_id').notNull(),
    slug: text('slug'),
    email: text('email'),
    role: text('role'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.teamId] }),
    uniqueIndex('memberships_slug').on(t.slug),
    uniqueIndex('memberships_lower_email').on(sql`lower(${t.email})`),
    uniqueIndex('memberships_active_role').on(t.role).where(sql`${t.role} <> 'left'`),
    index('memberships_team').on(t.teamId),
  ],
);

describe('uniqueKeys', () => {
  it('reads primary keys, unique columns, unique constraints and full unique indexes as attribute names', () => {
    expect(uniqueKeys(authors)).toEqual([['id'], ['email']]);
    expect(uniqueKeys(widgets)).toEqual([['id'], ['teamId', 'slug']]);
    // Not the expression index, the partial index or the plain index.
    expect(uniqueKeys(memberships)).toEqual([['userId', 'teamId'], ['slug']]);
  });

  it('a key covers conditions that include all its columns', () => {
    expect(isUniquelyKeyed(widgets, ['slug', 'teamId'])).toBe(true);
    expect(isUniquelyKeyed(widgets, ['teamId', 'slug', 'name'])).toBe(true);
    expect(isUniquelyKeyed(widgets, ['teamId'])).toBe(false);
    expect(isUniquelyKeyed(memberships, ['role'])).toBe(false);
    expect(isUniquelyKeyed(pgTable('bare', { id: serial('id') }), ['id'])).toBe(false);
  });
});
