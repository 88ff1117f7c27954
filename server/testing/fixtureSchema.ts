/**
 * The schema the framework's own tests create their fixture tables in
 * (`projects`, `books`, `orgs`: everyday names an app may also give its
 * tables). Their connections put it first on the search_path
 * (`fixtureDatabaseUrl`), so the app's tables of the same name do not
 * collide, and the app's others (`assets`, pg-boss) are still found in
 * `public`. The vitest global setup creates it in the template every test
 * file clones (scripts/vitest/globalSetup.ts).
 */
export const FIXTURE_SCHEMA = 'framework_fixtures';

/** The per-file test database's URL (scripts/vitest/setup.ts), with the fixture schema first. */
export function fixtureDatabaseUrl(): string {
  // Test-only: the per-file URL is set by the vitest setup, after env.ts could have read it.
  // biome-ignore lint/style/noProcessEnv: the framework reads no env; its test helper must find the per-file database.
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through vitest (scripts/vitest/setup.ts sets it).');
  // postgres.js sends an unknown URL parameter as a connection setting.
  const withSchema = new URL(url);
  withSchema.searchParams.set('search_path', `${FIXTURE_SCHEMA},public`);
  return withSchema.toString();
}
