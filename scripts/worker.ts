/**
 * `npm run worker`: runs the app's background jobs in a process of its own,
 * for deployments that set JOBS_IN_APP=false on the web instances (so a
 * burst of jobs never slows requests). Any number of workers may run; each
 * job runs once. SIGTERM (or Ctrl-C) stops fetching, lets running jobs
 * finish (up to 20 s) and closes the pools.
 */
import { wireApp } from '../backend/app';
import { startAppJobs } from '../backend/jobs';
import { env, missingMailVariables, missingStorageVariables } from '../env';
import { installShutdown, logger } from '../server';

wireApp();

try {
  // What jobs need: the database, and storage all or none (the cleanup deletes objects).
  const missing = missingStorageVariables(env);
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing (S3_* are all or none)`);
  // It delivers the mails too: production needs SMTP_URL or MAIL_TRANSPORT, as the web server does.
  const mail = missingMailVariables(env);
  if (mail.length > 0) throw new Error(mail.join('; ').trim());
  await startAppJobs({ work: true });
  installShutdown({ log: (message) => logger().info(message) });
  logger().info('worker: running the app jobs (Ctrl-C to stop)');
} catch (error) {
  console.error(`worker: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
