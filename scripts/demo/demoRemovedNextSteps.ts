/**
 * What `npm run demo:remove` tells you to do once it is done. The migration it wrote (dropping the demo's
 * tables) reaches the dev database through `npm run dev`, which applies pending migrations on start;
 * `npm run db:migrate` only reaches a running dev server's database or your own DATABASE_URL, so after the
 * documented "stop npm run dev first" it answered "npm run dev is not running".
 */
export function demoRemovedNextSteps(where: { devRunning: boolean; databaseUrl: boolean }): string {
  const migrate = where.databaseUrl
    ? "`npm run db:migrate` (drops the demo tables in DATABASE_URL's database)"
    : where.devRunning
      ? 'stop `npm run dev` and start it again (it loaded the demo at start-up; on start it applies the migration dropping the demo tables)'
      : 'start `npm run dev` (it applies the migration dropping the demo tables on start)';
  return `demo:remove: done. Next: ${migrate}, \`npm test\`, and commit.`;
}
