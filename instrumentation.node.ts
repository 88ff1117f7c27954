/**
 * Server start-up under Node (called by instrumentation.ts): validates the
 * environment so bad configuration stops start-up with one message naming
 * every missing or invalid variable, instead of a server that answers 500;
 * then starts tracing when `OTEL_*` asks for it, the logger, graceful
 * shutdown and the background jobs.
 *
 * Next 16 only logs an error thrown from register() and keeps serving, so a
 * production server exits here itself. `next dev` keeps Next's behaviour
 * (the error overlay shows the message; `npm run dev` checks the same first).
 */
export async function registerNodeServer(): Promise<void> {
  try {
    const { assertServerEnv, tracesExporter } = await import('./env');
    assertServerEnv();
    // Before anything else runs, so the first request is traced too.
    const exporter = tracesExporter();
    const {
      installShutdown,
      logger,
      refuseUnservableRequests,
      startTracing,
      trackServerRequests,
      trustForwardedHeaders,
    } = await import('./server');
    // The client address and forwarded headers from the socket, before Next reads them (docs/security.md).
    trustForwardedHeaders((await import('./env')).env.TRUST_PROXY);
    const { apiSecurityHeaders } = await import('./app/lib/apiSecurityHeaders');
    const { ROUTE_PATHS } = await import('./app/lib/routePaths.gen');
    // What Next would answer with a 500, an empty 400 or a redirect elsewhere (TRACE, PROPFIND, a path
    // that does not decode, an absolute-form target, OPTIONS on a page): answered before Next sees it.
    refuseUnservableRequests(apiSecurityHeaders({ production: process.env.NODE_ENV === 'production' }), {
      routePaths: ROUTE_PATHS,
    });
    // The service name is the app's, as a slug (`My Shop` -> `my-shop`);
    // OTEL_SERVICE_NAME overrides it.
    const { appName } = await import('./appName');
    const serviceName = appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    if (exporter) await startTracing({ exporter, serviceName });
    // The backend's parts (backend/app.ts, the composition root): logger, storage, database, models.
    (await import('./backend/app')).wireApp();
    // Production: console output (Next's `⨯` error prints among it) becomes JSON log lines from here on.
    (await import('./backend/logger')).logConsoleOutput();
    // `npm start` sets NEXT_MANUAL_SIG_HANDLE: then SIGTERM drains requests
    // and closes the pool (server/lifecycle) instead of Next exiting at once.
    if (process.env.NEXT_MANUAL_SIG_HANDLE) {
      // Every request the server answers counts as in flight, pages and server actions too (only API
      // routes count themselves), so the drain waits for a page still rendering.
      trackServerRequests();
      installShutdown({ log: (message) => logger().info(message) });
    }
    // Background jobs: handlers run here unless JOBS_IN_APP=false (then `npm
    // run worker` runs them); enqueueing works either way.
    const [{ env }, { startAppJobs }] = await Promise.all([import('./env'), import('./backend/jobs')]);
    await startAppJobs({ work: env.JOBS_IN_APP });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n✖ The server cannot start.\n${message}\n`);
    if (process.env.NODE_ENV === 'production') process.exit(1);
    throw error;
  }
}
