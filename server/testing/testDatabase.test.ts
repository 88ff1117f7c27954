/**
 * The framework's fixture tables stay out of the app's way: an app table with
 * the name of a fixture table (a scaffolded `Project`) neither breaks the
 * framework's tests nor is replaced by them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { db } from '../model';
import { createFixtureTables, Project } from './controllerFixtures';
import { FIXTURE_SCHEMA } from './fixtureSchema';
import { closeTestDatabase } from './testDatabase';

afterAll(closeTestDatabase);

it('creates fixture tables in their own schema, beside an app table of the same name', async () => {
  // As `npm run generate -- scaffold Project` would leave it in the migrated database.
  await db().execute(sql`create table public.projects (id serial primary key, title text not null)`);
  await db().execute(sql`insert into public.projects (title) values ('the app''s own row')`);

  await createFixtureTables();
  const created = await Project.create({ orgId: 1, name: 'Fixture' });

  expect(created.isPersisted).toBe(true);
  const [where] = await db().execute<{ schema: string }>(
    sql`select table_schema as schema from information_schema.columns where table_name = 'projects' and column_name = 'org_id'`,
  );
  expect(where?.schema).toBe(FIXTURE_SCHEMA);
  expect(await db().execute(sql`select title from public.projects`)).toEqual([{ title: "the app's own row" }]);
});
