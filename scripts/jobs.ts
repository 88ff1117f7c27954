/**
 * `npm run jobs`: the state of the background jobs for an operator: per
 * queue the jobs by state, the latest failures with their error, and when
 * each schedule runs next. Reads the database only (DATABASE_URL, or that of
 * the running `npm run dev`).
 */
import { closeDb, registerAppDatabase } from '../db/database';
import { env } from '../env';
import { jobsStatus } from '../server';

if (!env.DATABASE_URL) {
  console.error('DATABASE_URL is not set. Run through `npm run jobs` (uses the running `npm run dev`) or set it.');
  process.exit(1);
}
// jobsStatus reads through the model layer's database, which nothing else here registers.
registerAppDatabase();

try {
  const status = await jobsStatus({ failures: 10 });
  console.log('Queues');
  for (const queue of status.queues) {
    const counts = Object.entries(queue.counts).map(([state, n]) => `${state} ${n}`);
    console.log(`  ${queue.name.padEnd(28)} ${counts.join(', ') || 'empty'}`);
  }
  console.log('\nSchedules');
  for (const schedule of status.schedules) {
    console.log(`  ${schedule.queue.padEnd(28)} ${schedule.cron} (${schedule.timezone}), next ${schedule.nextRunAt}`);
  }
  if (status.schedules.length === 0) console.log('  none');
  console.log('\nLatest failures');
  for (const failure of status.failures) {
    console.log(
      `  ${failure.failedAt ?? '-'}  ${failure.queue}  ${failure.id}  after ${failure.attempts} attempt(s): ${failure.error}`,
    );
  }
  if (status.failures.length === 0) console.log('  none');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // Before the first start of the app or a worker, pg-boss has not made its schema yet.
  console.error(
    /pgboss/.test(message) ? 'jobs: no job tables yet: start the app or `npm run worker` once.' : `jobs: ${message}`,
  );
  process.exitCode = 1;
} finally {
  await closeDb();
}
