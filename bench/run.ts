// demo:file (npm run demo:remove deletes this file)
/**
 * `npm run bench`: what the framework costs over hand-written code.
 *
 *   npm run bench                 full run (< 10 minutes on 2 cores)
 *   npm run bench -- --quick      about a minute (plus `next build`)
 *   npm run bench -- --only=1,3   some scenarios only (7: index scaling + raw anchor; 8: image jobs)
 *
 * Starts everything it needs and removes it again, also on failure and
 * Ctrl-C: a database (DATABASE_URL set: a fresh `bench_<ts>` database on that
 * server; unset: an embedded PostgreSQL), s3rver (child process), a temporary
 * copy of the app with the hand-written comparison routes, built with
 * `next build` and served by `next start`. Prints a table per scenario and a
 * summary, and writes bench/results.json.
 *
 * Benchmarks are not tests: nothing here fails on a MISS; the exit code is 1
 * only when a scenario could not run.
 */
import os from 'node:os';
import path from 'node:path';
import { Cleanup } from './cleanup';
import { type BenchSettings, parseOptions } from './options';
import { treeCpuSeconds } from './processCpu';
import { type BenchReport, type ScenarioResult, writeReport } from './results';
import { buildBenchApp } from './services/benchApp';
import { benchTempDir, startBenchServices } from './services/benchEnvironment';
import { type NextServer, startNextServer } from './services/nextServer';
import { signInOverHttp } from './session';
import { formatTable } from './table';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = path.join(root, 'bench', 'results.json');
const log = (message: string) => console.log(`[bench] ${message}`);

function printScenario(result: ScenarioResult): void {
  console.log(`\n=== Scenario ${result.scenario}: ${result.title}`);
  if (result.table) console.log(result.table);
  if (result.rows.length > 0) {
    console.log('');
    console.log(
      formatTable(
        ['item', 'value', 'target', ''],
        result.rows.map((r) => [r.item, r.value, r.target, r.verdict]),
      ),
    );
  }
  for (const note of result.notes) console.log(`  - ${note}`);
  if (result.error) console.log(`  ! ${result.error}`);
}

async function runScenario(
  results: ScenarioResult[],
  settings: BenchSettings,
  scenario: number,
  title: string,
  fn: () => Promise<ScenarioResult>,
): Promise<void> {
  if (!settings.scenarios.has(scenario)) return;
  log(`scenario ${scenario}: ${title} ...`);
  const started = Date.now();
  let result: ScenarioResult;
  try {
    result = await fn();
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    result = {
      scenario,
      title,
      rows: [{ scenario: String(scenario), item: title, value: '-', target: '-', verdict: 'ERROR' }],
      figures: null,
      notes: [],
      error: message,
    };
  }
  results.push(result);
  printScenario(result);
  log(`scenario ${scenario} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function main(settings: BenchSettings, cleanup: Cleanup): Promise<number> {
  const startedAt = new Date();
  const serverUrl = process.env.DATABASE_URL;
  const tempDir = benchTempDir(cleanup, 'run');
  const { database, s3, env } = await startBenchServices(cleanup, tempDir);
  log(database.where);
  log(`s3rver (child process ${s3.pid}) on ${s3.endpoint}`);
  const appEnv: Record<string, string> = {
    ...env,
    EMBEDDED_DB: String(!serverUrl),
    EMBEDDED_S3: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  Object.assign(process.env, appEnv, { NODE_ENV: 'production' });

  // From here on app modules may load: env.ts reads the environment once, at import.
  const { closeDb, db, pool } = await import('@/db/database');
  cleanup.add('close the database pool', () => closeDb());
  const { sql } = await import('drizzle-orm');
  const { seedBench } = await import('./seedBench');
  const seedStart = Date.now();
  const world = await seedBench(database.url);
  log(`migrated and seeded (demo data + 10,000 Acme campaigns) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  let scaleTeamId: number | null = null;
  if (settings.scenarios.has(7)) {
    const { seedLargeTeam } = await import('./seedBench');
    const started = Date.now();
    scaleTeamId = await seedLargeTeam(world, settings.largeRows);
    log(
      `seeded ${settings.largeRows.toLocaleString('en')} campaigns in team Scale in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const pgVersion = String(
    ((await db().execute(sql`show server_version`)) as unknown as { server_version: string }[])[0]?.server_version,
  );

  const client = pool().$client;
  const resetToDrafts = async (ids: readonly number[]) => {
    await client`update campaigns set status = 'draft', published_at = null
                 where id = any(${client.array([...ids])}::int[]) and status <> 'draft'`;
  };
  const results: ScenarioResult[] = [];

  // --- Over HTTP: scenarios 1, 2 and 5 on `next start`.
  let server: NextServer | null = null;
  let cookie: string | null = null;
  if ([1, 2, 5, 7].some((n) => settings.scenarios.has(n))) {
    const buildStart = Date.now();
    log('next build of a temporary copy with the bench routes ...');
    const appDir = path.join(tempDir, 'app');
    await buildBenchApp({ root, appDir, cleanup, log });
    log(`built in ${((Date.now() - buildStart) / 1000).toFixed(0)} s`);
    server = await startNextServer({ appDir, env: appEnv, cleanup });
    log(`next start on ${server.baseUrl}`);
    cookie = await signInOverHttp(server.baseUrl, 'alice@example.com');
  }
  const { campaignEndpoints } = await import('./scenarios/campaignEndpoints');
  const { runControllerOverhead } = await import('./scenarios/controllerOverhead');
  const endpoints = campaignEndpoints({ teamId: world.acmeId, campaignIds: world.acmeCampaignIds, resetToDrafts });
  const serverPid = server?.pid;
  const cpuProbes = {
    ...(serverPid ? { server: () => treeCpuSeconds(serverPid) } : {}),
    // The embedded PostgreSQL runs below this process; a DATABASE_URL server is not ours to measure.
    ...(serverUrl ? {} : { db: () => treeCpuSeconds(process.pid, (comm) => comm === 'postgres') }),
  };
  const http = { baseUrl: server?.baseUrl as string, cookie: cookie as string, settings, cpuProbes, log };
  // First, while Acme still has its seeded ~10,000 rows (scenario 2 creates more).
  await runScenario(results, settings, 7, 'index scaling and the raw anchor', async () => {
    const { startRawAnchor } = await import('./services/rawAnchor');
    const { runIndexScaling } = await import('./scenarios/indexScaling');
    const raw = await startRawAnchor({ root, env: appEnv, cleanup });
    try {
      const acmeRows = Number(
        (
          (await db().execute(
            sql`select count(*)::int as n from campaigns where team_id = ${world.acmeId}`,
          )) as unknown as { n: number }[]
        )[0]?.n,
      );
      return await runIndexScaling({
        baseUrl: server?.baseUrl as string,
        rawBaseUrl: raw.baseUrl,
        cookie: cookie as string,
        teams: {
          small: { id: world.acmeId, rows: acmeRows },
          large: { id: scaleTeamId as number, rows: settings.largeRows },
        },
        settings,
        probes: {
          next: () => (serverPid ? treeCpuSeconds(serverPid) : null),
          raw: () => treeCpuSeconds(raw.pid),
          ...(cpuProbes.db ? { db: cpuProbes.db } : {}),
        },
        rounds: settings.scalingRounds,
        log,
      });
    } finally {
      await raw.stop();
    }
  });
  await runScenario(results, settings, 1, 'index: controller vs hand-written', () =>
    runControllerOverhead({ ...http, scenario: 1, endpoints: endpoints.slice(0, 1), rounds: settings.indexRounds }),
  );
  await runScenario(results, settings, 2, 'get, create, update, publish: controller vs hand-written', () =>
    runControllerOverhead({ ...http, scenario: 2, endpoints: endpoints.slice(1), rounds: settings.writeRounds }),
  );
  const { runPresignScenario } = await import('./scenarios/presign');
  await runScenario(results, settings, 5, 'presign', () =>
    runPresignScenario({ baseUrl: server?.baseUrl ?? null, cookie, teamId: world.acmeId, settings }),
  );
  await server?.stop();

  // --- In-process: scenarios 3, 4, 6 and 8.
  const { signInInProcess } = await import('./scenarios/inProcessApi');
  const { runStatementsScenario } = await import('./scenarios/statements');
  const { runBulkScenario } = await import('./scenarios/bulk');
  const { runUploadMemoryScenario } = await import('./scenarios/uploadMemory');
  await runScenario(results, settings, 3, 'statements per request', async () => {
    const spareCampaignIds = world.acmeCampaignIds.slice(-200);
    await resetToDrafts(spareCampaignIds);
    const [row] = (await db().execute(
      sql`select id from campaigns where team_id = ${world.acmeId} and name = 'Spring Launch'`,
    )) as unknown as { id: number }[];
    return runStatementsScenario({
      cookie: await signInInProcess('alice@example.com'),
      state: { teamId: world.acmeId, campaignId: row?.id as number, spareCampaignIds, values: {} },
      log,
    });
  });
  await runScenario(results, settings, 4, 'bulk', async () =>
    runBulkScenario({
      teamId: world.globexId,
      ownerId: world.carolId,
      cookie: await signInInProcess('carol@example.com'),
      settings,
      log,
    }),
  );
  await runScenario(results, settings, 6, 'server-side upload memory', () =>
    runUploadMemoryScenario({ settings, s3Pid: s3.pid }),
  );
  await runScenario(results, settings, 8, 'image jobs: thumbnails after upload', async () => {
    const { runImageJobsScenario } = await import('./scenarios/imageJobs');
    return runImageJobsScenario({
      teamId: world.acmeId,
      cookie: await signInInProcess('alice@example.com'),
      settings,
    });
  });

  results.sort((a, b) => a.scenario - b.scenario);
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    mode: settings.mode,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      postgres: `${pgVersion} (${serverUrl ? 'DATABASE_URL server' : 'embedded'})`,
      platform: `${os.type()} ${os.release()}`,
    },
    settings: { ...settings, scenarios: [...settings.scenarios] },
    scenarios: results,
  };
  writeReport(resultsFile, report);

  console.log(
    `\n=== Summary (${settings.mode}, ${report.machine.cpus} cores, Node ${process.version}, PostgreSQL ${pgVersion})`,
  );
  console.log(
    formatTable(
      ['scenario', 'item', 'value', 'target', ''],
      results.flatMap((r) => r.rows.map((row) => [row.scenario, row.item, row.value, row.target, row.verdict])),
    ),
  );
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  log(
    `wrote ${path.relative(root, resultsFile)}; ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s in all`,
  );
  return results.some((r) => r.error) ? 1 : 0;
}

const cleanup = new Cleanup();
cleanup.exitOnSignals();
let exitCode = 1;
try {
  exitCode = await main(parseOptions(process.argv.slice(2)), cleanup);
} catch (error) {
  console.error('[bench] failed:', error);
} finally {
  log('cleaning up ...');
  await cleanup.run();
}
// Keep-alive sockets (S3 client, autocannon) must not keep the process alive.
process.exit(exitCode);
