import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { countQueries, db, transaction } from '@/server';
import { closeTestDatabase } from '../testing/testDatabase';

afterAll(closeTestDatabase);

function legacy(target: object, key: string): void {
  (target as Record<string, unknown>)[`decorated_${key}`] = true;
}
class Probe {
  @legacy
  method(): number {
    return 1;
  }
}

describe('test database', () => {
  it('runs on a migrated database of its own', async () => {
    const rows = await db().execute(sql`select current_database() as name, to_regclass('service_assets') as t`);
    expect(String(rows[0]?.name)).toMatch(/^test_/);
    expect(rows[0]?.t).toBe('service_assets');
  });

  it('compiles legacy decorators', () => {
    expect((Probe.prototype as unknown as Record<string, unknown>).decorated_method).toBe(true);
  });

  it('counts statements and rolls back transactions', async () => {
    await db().execute(sql`create table probe (id serial primary key)`);
    const { count } = await countQueries(async () => {
      await db().execute(sql`insert into probe default values`);
      await db().execute(sql`select * from probe`);
    });
    expect(count).toBe(2);
    await expect(
      transaction(async () => {
        await db().execute(sql`insert into probe default values`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await db().execute(sql`select count(*)::int as n from probe`);
    expect(rows[0]?.n).toBe(1);
  });
});
