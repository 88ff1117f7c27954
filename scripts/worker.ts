/**
 * `npm run worker`: runs the app's background jobs in a process of its own,
 * for deployments that set JOBS_IN_APP=false on the web instances (so a
 * burst of jobs never slows requests). Any number of workers may run; each
 * job runs once. SIGTERM (or Ctrl-C) stops fetching, lets running jobs
 * finish (up to 20 s, within the shutdown budget) and closes the pools.
 *
 * The app's modules are imported inside startWorker: a value env.ts cannot read
 * stops the worker with its message, not a stack trace.
 */
async function startWorker(): Promise<void> {
  const { env, missingMailVariables, missingStorageVariables } = await import('../env');
  // What jobs need, named at once: the database, storage all or none (the cleanup deletes objects),
  // and in production a way to send mail (it delivers the mails, as the web server would).
  const missing = [
    ...(env.DATABASE_URL ? [] : ['  DATABASE_URL: missing (jobs live in the app database)']),
    ...missingStorageVariables(env).map((name) => `  ${name}: missing (S3_* are all or none)`),
    ...missingMailVariables(env),
  ];
  if (missing.length > 0) throw new Error(`Missing environment variables:\n${missing.join('\n')}`);
  const [{ wireApp }, { startAppJobs }, { installShutdown, logger }] = await Promise.all([
    import('../backend/app'),
    import('../backend/jobs'),
    import('../server'),
  ]);
  wireApp();
  await startAppJobs({ work: true });
  installShutdown({ log: (message) => logger().info(message) });
  logger().info('worker: running the app jobs (Ctrl-C to stop)');
}

startWorker().catch((error: unknown) => {
  console.error(`worker: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
