/**
 * Tables and models used by the model layer's own tests. Each test file gets
 * a fresh database; call `createFixtureTables()` in its beforeAll.
 */
import { ilike, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { belongsTo } from '../belongsTo';
import { db } from '../connection';
import { hasMany, hasOne } from '../hasMany';
import { Model } from '../Model';

export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  teamId: integer('team_id'),
  status: varchar('status', { length: 20 }).notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const books = pgTable('books', {
  id: serial('id').primaryKey(),
  authorId: integer('author_id').references(() => authors.id),
  title: text('title').notNull(),
  pages: integer('pages'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  authorId: integer('author_id')
    .notNull()
    .unique()
    .references(() => authors.id, { onDelete: 'cascade' }),
  bio: text('bio'),
});

export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    slug: varchar('slug', { length: 50 }).notNull(),
    name: text('name'),
    price: integer('price'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('widgets_team_id_slug_key').on(t.teamId, t.slug)],
);

export async function createFixtureTables(): Promise<void> {
  await db().execute(sql`
    create table authors (
      id serial primary key,
      name varchar(100) not null,
      email text not null unique,
      password_hash text,
      team_id integer,
      status varchar(20) not null default 'active',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table books (
      id serial primary key,
      author_id integer references authors(id),
      title text not null,
      pages integer check (pages > 0),
      published_at timestamptz,
      created_at timestamptz not null default now()
    );
    create table profiles (
      id serial primary key,
      author_id integer not null unique references authors(id) on delete cascade,
      bio text
    );
    create table widgets (
      id serial primary key,
      team_id integer not null,
      slug varchar(50) not null,
      name text,
      price integer constraint widgets_price_positive check (price >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint widgets_team_id_slug_key unique (team_id, slug)
    );
  `);
}

export class Author extends Model(authors, {
  name: 'Author',
  hidden: ['passwordHash'],
  scopes: {
    active: (q) => q.where({ status: 'active' }),
    search: (q, term: string) => q.where(ilike(authors.name, `%${term}%`)),
    ofTeam: (q, teamId: number) => q.where({ teamId }),
  },
  validations: {
    name: z.string().trim().min(1, "can't be blank"),
    email: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'is not an email'),
  },
}) {
  static associations = {
    books: hasMany(() => Book, { foreignKey: 'authorId' }),
    latestBook: hasOne(() => Book, { foreignKey: 'authorId', order: { id: 'desc' } }),
    profile: hasOne(() => Profile),
  };

  validate(): void {
    if (this.status === 'banned' && this.teamId != null) this.addError('status', 'cannot be banned inside a team');
  }
}

export class Book extends Model(books) {
  static associations = () => ({
    author: belongsTo(() => Author, { columns: ['id', 'name'] }),
    fullAuthor: belongsTo(() => Author, { foreignKey: 'authorId' }),
  });
}

export class Profile extends Model(profiles, { name: 'Profile' }) {}
