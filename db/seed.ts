/**
 * `npm run db:seed`: fills the database with data to develop against.
 *
 * Add a seeder: a file db/seeds/<name>.ts exporting `<name>Seeder` (`npm run
 * gen` lists it in db/seeds/seeders.gen.ts; they run after the ones below,
 * by file name), or add it to `seeders` below. Each must be idempotent (upsert, or
 * `findBy` before `create`): the script runs again and again, also while
 * `npm run dev` runs. All seeders run in one transaction: all or nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { transaction } from '@/server';
import { closeDb, db } from './database';
import { demoSeeder } from './demoSeed';
import { discoveredSeeders } from './seeds/seeders.gen';

export interface Seeder {
  /** Shown in the output, e.g. "demo users". */
  name: string;
  run(): Promise<void>;
}

/** Run in this order. Replace the demo seeder with your own. */
const seeders: Seeder[] = [demoSeeder, ...discoveredSeeders];

export async function seed(): Promise<void> {
  // Fails fast with the driver's message when the database is unreachable.
  await db().execute(sql`select 1`);
  if (seeders.length === 0) {
    console.log('db:seed: nothing to seed yet (add seeders to `seeders` in db/seed.ts).');
    return;
  }
  await transaction(async () => {
    for (const seeder of seeders) {
      console.log(`db:seed: ${seeder.name}`);
      await seeder.run();
    }
  });
  console.log(`db:seed: done (${seeders.length} seeder${seeders.length === 1 ? '' : 's'}).`);
}

/**
 * Why the script will not seed this database, or undefined. The demo seed makes users who sign in with a
 * published password, so a production database is seeded only when asked by name (`-- --production`), for
 * seeders of your own that production needs (reference data).
 */
export function productionRefusal(nodeEnv: string, args: readonly string[]): string | undefined {
  if (nodeEnv !== 'production' || args.includes('--production')) return undefined;
  return (
    'db:seed: NODE_ENV is production, and the seed makes users who sign in with a published password.\n' +
    'Seed a development database instead, or, with seeders of your own that production needs, run `npm run db:seed -- --production`.'
  );
}

// Run when executed as a script (`tsx db/seed.ts`), not when imported.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const refusal = productionRefusal(env.NODE_ENV, process.argv.slice(2));
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  try {
    await seed();
  } catch (error) {
    console.error('db:seed failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}
