/**
 * What `wireApp()` turns on for every entry point, the API or not (a job, a
 * script, the worker): a team's record may not reference another team's row.
 * Two tables of this test's own, shaped as `npm run generate -- scaffold`
 * makes them (a single-column foreign key, which PostgreSQL does not check
 * against the team); no API handler is built here.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { belongsTo, Model } from '@/server';
import { wireApp } from './app';

const folders = pgTable('wired_folders', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
});
const documents = pgTable('wired_documents', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  folderId: integer('folder_id').notNull(),
  title: varchar('title', { length: 50 }).notNull(),
});
class Folder extends Model(folders, { name: 'WiredFolder' }) {}
class Document extends Model(documents, { name: 'WiredDocument' }) {
  static associations = { folder: belongsTo(() => Folder) };
}

beforeAll(async () => {
  await db().execute(sql`
    drop table if exists wired_documents, wired_folders;
    create table wired_folders (id serial primary key, team_id integer not null, name varchar(50) not null);
    create table wired_documents (id serial primary key, team_id integer not null,
      folder_id integer not null references wired_folders(id), title varchar(50) not null)`);
});
afterAll(async () => {
  await db().execute(sql`drop table if exists wired_documents, wired_folders`);
  await closeDb();
});

it("keeps a team's references within the team, however the record is saved", async () => {
  wireApp();
  const theirs = await Folder.create({ teamId: 2, name: 'theirs' });
  const ours = await Folder.create({ teamId: 1, name: 'ours' });
  const crossed = Document.build({ teamId: 1, folderId: theirs.id, title: 'crossed' });
  expect(await crossed.save()).toBe(false);
  expect(crossed.errors).toEqual({ folderId: ['must exist'] });
  expect(await Document.count()).toBe(0);
  expect((await Document.create({ teamId: 1, folderId: ours.id, title: 'kept' })).isPersisted).toBe(true);
});
