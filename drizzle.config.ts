import { defineConfig } from 'drizzle-kit';
import { env } from './env';

// `db:generate` needs no database; `db:migrate` and `db:studio` get
// DATABASE_URL from the environment or from the running `npm run dev`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
  dbCredentials: { url: env.DATABASE_URL ?? 'postgres://localhost:5432/postgres' },
  strict: true,
  verbose: true,
});
