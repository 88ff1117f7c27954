// demo:file (npm run demo:remove deletes this file)
/**
 * `npm run soak`: the template's own load-and-fault run. Mixed traffic from
 * 8 clients (list, get, create, update, publish, stats, sign-in/out) and
 * ~1.8 logo uploads a second against `next start` with the jobs in the app;
 * in the middle every PostgreSQL backend of the app is terminated, later
 * s3rver is frozen (SIGSTOP) for 10 s. Then every acknowledged write is read
 * back, the thumbnails awaited, and the run fails (exit 1) on:
 *
 * - a 5xx (or no answer) outside the fault windows (plus 5 s to recover),
 * - a write lost or stale on read-back,
 * - a job still queued, or a confirmed logo without its thumbnail outcome,
 *   `--max-job-age` seconds (60) after the load stopped,
 * - RSS of the server's process tree growing more than `--max-rss-growth-mb`
 *   (50) from just after warm-up to the end, or above `--max-rss-mb` (400).
 *
 *   npm run soak [-- --duration 10m] [--url http://127.0.0.1:3000] [--inject 5xx|lost-write|...]
 *
 * Everything it starts it stops, also on Ctrl-C. Loopback traffic only;
 * every loop ends at the deadline. docs/performance.md has results.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import sharp from 'sharp';
import { Cleanup } from '../bench/cleanup';
import { signalTree, treeRssMb } from './soak/processRss';
import { parseSoakOptions, type SoakOptions } from './soak/soakOptions';
import {
  errorsOutsideFaults,
  type FaultWindow,
  type RequestRecord,
  type RssSample,
  routeStats,
  rssVerdict,
} from './soak/soakReport';
import { startSoakServer } from './soak/soakServer';
import { type Ledger, mixedClient, uploadClient, type WorkloadContext } from './soak/soakWorkload';

const log = (message: string) => console.log(`[soak] ${message}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return cookie;
}

async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#2a6"/>
    <circle cx="200" cy="200" r="120" fill="#fff"/><text x="200" y="215" font-size="48" text-anchor="middle">SOAK</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function main(options: SoakOptions, cleanup: Cleanup): Promise<number> {
  let target: { baseUrl: string; serverPid: number | null; s3Pid: number | null; databaseUrl: string | null };
  let teamId: number;
  let readIds: number[];
  if (options.url) {
    target = { baseUrl: options.url, serverPid: null, s3Pid: null, databaseUrl: process.env.DATABASE_URL ?? null };
    const cookie = await signIn(options.url, 'alice@example.com');
    const session = (await (await fetch(`${options.url}/api/session`, { headers: { cookie } })).json()) as {
      teams: { id: number; name: string }[];
    };
    teamId = (session.teams.find((t) => t.name === 'Acme') ?? session.teams[0])?.id as number;
    const page = (await (
      await fetch(`${options.url}/api/teams/${teamId}/campaigns?perPage=100`, { headers: { cookie } })
    ).json()) as { data: { id: number }[] };
    readIds = page.data.map((c) => c.id);
  } else {
    const server = await startSoakServer({ cleanup, skipBuild: options.skipBuild, log });
    target = server;
    ({ teamId, readIds } = server);
  }
  const sql = target.databaseUrl ? postgres(target.databaseUrl, { max: 2, onnotice: () => {} }) : null;
  if (sql) cleanup.add('close the soak connection', () => sql.end({ timeout: 5 }));
  const cookies = [await signIn(target.baseUrl, 'alice@example.com'), await signIn(target.baseUrl, 'bob@example.com')];

  const origin = performance.now();
  const now = () => performance.now() - origin;
  const records: RequestRecord[] = [];
  const ledger: Ledger = { campaigns: new Map(), uploads: [] };
  const faults: FaultWindow[] = [];
  const rss: RssSample[] = [];
  const jobAges: { atMs: number; oldestSeconds: number; queued: number }[] = [];
  const ctx: WorkloadContext = {
    baseUrl: target.baseUrl,
    teamId,
    readIds,
    cookies,
    logo: await logoPng(),
    records,
    ledger,
    origin,
  };
  const durationMs = options.durationMs;
  const deadline = performance.now() + durationMs;
  const warmupEndMs = Math.max(30_000, durationMs * 0.2);
  log(
    `${seconds(durationMs)} of load on ${target.baseUrl}: ${options.clients} clients + ${options.uploadsPerSecond} uploads/s`,
  );

  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const mb = target.serverPid ? treeRssMb(target.serverPid) : null;
      if (mb !== null) rss.push({ atMs: now(), mb });
      if (sql && rss.length % 3 === 0) {
        const [row] = await sql<{ oldest: number | null; queued: number }[]>`
          select extract(epoch from now() - min(start_after))::float as oldest, count(*)::int as queued
          from pgboss.job where name not like '\\_\\_pgboss%' and name not like '%.dead' and state in ('created', 'retry', 'active')
            and start_after <= now()`.catch(() => [{ oldest: null, queued: -1 }]);
        jobAges.push({ atMs: now(), oldestSeconds: row?.oldest ?? 0, queued: row?.queued ?? 0 });
      }
      await sleep(2_000);
    }
  })();

  const freeze = async (ms: number) => {
    signalTree(target.s3Pid as number, 'SIGSTOP');
    await sleep(ms);
    signalTree(target.s3Pid as number, 'SIGCONT');
  };
  const terminateBackends = async (db: postgres.Sql) => {
    const [row] = await db<{ n: number }[]>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    return row?.n ?? 0;
  };
  const faultsDone = (async () => {
    if (options.injection === '5xx' && sql) {
      // Early, far from both fault windows: requests it breaks fail outside them.
      await sleep(durationMs * 0.1);
      log(`injected: terminated ${await terminateBackends(sql)} database connections without a fault window`);
    }
    await sleep(Math.max(0, durationMs * 0.35 - now()));
    if (sql) {
      const start = now();
      const n = await terminateBackends(sql);
      const row = { n };
      faults.push({ name: `terminated ${row?.n ?? 0} database connections`, startMs: start, endMs: now() + 1_000 });
      log(`fault: terminated ${row?.n ?? 0} database connections of the app`);
    } else log('fault skipped: no DATABASE_URL to terminate connections with');
    await sleep(Math.max(0, durationMs * 0.6 - now()));
    if (target.s3Pid) {
      const start = now();
      log('fault: s3rver frozen for 10 s');
      await freeze(10_000);
      faults.push({ name: 's3rver frozen (SIGSTOP) 10 s', startMs: start, endMs: now() });
    } else log("fault skipped: the S3 server is not this run's own");
  })();

  await Promise.all([
    ...Array.from({ length: options.clients }, (_, client) => mixedClient(ctx, client, deadline)),
    uploadClient(ctx, options.uploadsPerSecond, deadline),
    faultsDone,
  ]);
  const loadEndMs = now();
  log(
    `load stopped after ${records.length} requests; ${ledger.campaigns.size} campaigns written, ${ledger.uploads.length} logos confirmed`,
  );

  // --- Jobs: every confirmed logo gets its outcome (thumbnail or failed), nothing stays queued.
  if (options.injection === 'job-backlog' && target.serverPid && sql) {
    // A stuck worker: the server (which runs the jobs) frozen with a job queued.
    signalTree(target.serverPid, 'SIGSTOP');
    await sql`insert into pgboss.job (name, data) values ('asset-images', '{"assetId": 0}')`;
    log('injected: the server (its job runner) frozen with a job queued');
  }
  const failures: string[] = [];
  let pendingThumbs = -1;
  let oldestQueued = 0;
  if (sql) {
    const drainDeadline = performance.now() + options.maxJobAgeSeconds * 1000;
    for (;;) {
      const [row] = await sql<{ pending: number }[]>`
        select count(*)::int as pending from service_assets
        where id = any(${ledger.uploads}::int[]) and variants_status = 'pending'`;
      const [queued] = await sql<{ oldest: number | null }[]>`
        select extract(epoch from now() - min(start_after))::float as oldest from pgboss.job
        where name not like '\\_\\_pgboss%' and name not like '%.dead' and state in ('created', 'retry', 'active') and start_after <= now()`;
      pendingThumbs = row?.pending ?? 0;
      oldestQueued = queued?.oldest ?? 0;
      if ((pendingThumbs === 0 && oldestQueued === 0) || performance.now() > drainDeadline) break;
      await sleep(1_000);
    }
    log(
      `jobs: ${seconds(now() - loadEndMs)} after the load, ${pendingThumbs} logos without a thumbnail outcome, oldest queued job ${oldestQueued.toFixed(0)} s`,
    );
    if (pendingThumbs > 0 || oldestQueued > options.maxJobAgeSeconds) {
      failures.push(
        `job backlog: ${pendingThumbs} confirmed logos still pending and the oldest queued job ${oldestQueued.toFixed(0)} s old, ${options.maxJobAgeSeconds} s after the load stopped`,
      );
    }
  }
  if (options.injection === 'job-backlog' && target.serverPid) signalTree(target.serverPid, 'SIGCONT');
  sampling = false;
  await sampler;

  // --- Every acknowledged write reads back.
  const ids = [...ledger.campaigns.keys()];
  if (sql && ids.length > 0 && options.injection === 'lost-write') {
    await sql`delete from campaigns where id = ${ids[0] as number}`;
    log(`injected: campaign ${ids[0]} deleted behind the app's back`);
  }
  if (sql && ids.length > 0 && options.injection === 'stale-write') {
    await sql`update campaigns set name = 'stale value' where id = ${ids[0] as number}`;
    log(`injected: campaign ${ids[0]} renamed behind the app's back`);
  }
  const lost: number[] = [];
  const stale: string[] = [];
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextIndex < ids.length) {
        const id = ids[nextIndex++] as number;
        const expected = ledger.campaigns.get(id);
        const response = await fetch(`${target.baseUrl}/api/teams/${teamId}/campaigns/${id}`, {
          headers: { cookie: cookies[0] as string },
        });
        const body = (await response.json().catch(() => null)) as { name?: string; status?: string } | null;
        if (response.status === 404) lost.push(id);
        else if (response.status !== 200 || !body) stale.push(`${id}: read back answered ${response.status}`);
        else if (!expected?.names.has(String(body.name)))
          stale.push(`${id}: name "${body.name}", expected ${[...(expected?.names ?? [])].join(' or ')}`);
        else if (expected.published && body.status !== 'active')
          stale.push(`${id}: status ${body.status} after an acknowledged publish`);
      }
    }),
  );
  if (lost.length > 0)
    failures.push(`lost writes: ${lost.length} acknowledged campaigns are gone (${lost.slice(0, 5).join(', ')})`);
  if (stale.length > 0) failures.push(`stale writes: ${stale.length} (${stale.slice(0, 3).join('; ')})`);

  // --- Errors outside the faults.
  const outside = errorsOutsideFaults(records, faults);
  if (outside.length > 0) {
    const sample = outside.slice(0, 5).map((r) => `${r.route} ${r.status || 'no answer'} at ${seconds(r.startMs)}`);
    failures.push(`${outside.length} server errors outside the fault windows (${sample.join(', ')})`);
  }

  // --- Memory.
  const memory = rss.length > 0 ? rssVerdict(rss, warmupEndMs, loadEndMs) : null;
  const maxGrowth = options.injection === 'rss-growth' ? -1_000_000 : options.maxRssGrowthMb;
  const maxRss = options.injection === 'rss-growth' ? 0 : options.maxRssMb;
  if (options.injection === 'rss-growth') log('injected: RSS limits set below any real value');
  if (memory && memory.growthMb > maxGrowth) {
    failures.push(`RSS grew ${memory.growthMb.toFixed(0)} MB after warm-up (limit ${maxGrowth} MB)`);
  }
  if (memory && memory.maxMb > maxRss)
    failures.push(`RSS reached ${memory.maxMb.toFixed(0)} MB after warm-up (limit ${maxRss} MB)`);

  // --- Report.
  console.log('\nroute         requests  5xx/none   p50 ms   p99 ms');
  for (const stat of routeStats(records)) {
    console.log(
      `${stat.route.padEnd(13)} ${String(stat.count).padStart(8)} ${String(stat.errors).padStart(9)} ${stat.p50.toFixed(0).padStart(8)} ${stat.p99.toFixed(0).padStart(8)}`,
    );
  }
  console.log('\nfaults');
  for (const fault of faults) console.log(`  ${seconds(fault.startMs)} - ${seconds(fault.endMs)}  ${fault.name}`);
  const inFaults = records.filter((r) => r.status === 0 || r.status >= 500).length - outside.length;
  console.log(`  server errors inside the fault windows: ${inFaults}; outside: ${outside.length}`);
  console.log(`\nwrites: ${ids.length} campaigns read back, ${lost.length} lost, ${stale.length} stale`);
  const worstLag = Math.max(0, ...jobAges.map((j) => j.oldestSeconds));
  console.log(
    `jobs: oldest queued job during the run ${worstLag.toFixed(1)} s; ${ledger.uploads.length} logos, ${pendingThumbs} without an outcome at the end`,
  );
  if (memory) {
    const step = Math.max(1, Math.floor(rss.length / 12));
    const timeline = rss
      .filter((_, i) => i % step === 0)
      .map((s) => `${(s.atMs / 1000).toFixed(0)}s ${s.mb.toFixed(0)}`);
    console.log(`RSS (MB, server process tree): ${timeline.join(', ')}`);
    console.log(
      `RSS after warm-up (${seconds(warmupEndMs)}): ${memory.afterWarmupMb.toFixed(0)} MB -> ${memory.endMb.toFixed(0)} MB at the end (growth ${memory.growthMb.toFixed(0)} MB), max ${memory.maxMb.toFixed(0)} MB`,
    );
  } else console.log("RSS: not measured (a --url server is not this run's own)");
  console.log(`\n${failures.length === 0 ? 'PASS' : 'FAIL'}`);
  for (const failure of failures) console.log(`  - ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

const cleanup = new Cleanup();
cleanup.exitOnSignals();
let exitCode = 1;
try {
  exitCode = await main(parseSoakOptions(process.argv.slice(2)), cleanup);
} catch (error) {
  console.error('[soak] could not run:', error);
  exitCode = 2;
} finally {
  await cleanup.run();
}
process.exit(exitCode);
