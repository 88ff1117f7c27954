// demo:file (npm run demo:remove deletes this file)
/**
 * Where the controller's extra time goes, piece by piece, for one campaign
 * `get` and one `create`: each piece runs N times in sequence (one request in
 * flight) through the framework and through the hand-written code, in
 * alternating blocks, and this process's CPU per call (median over blocks)
 * is printed side by side. Diagnostic for misses in
 * scenarios 1-2; not part of `npm run bench`.
 *
 *   npx tsx bench/breakdown.ts [iterations=1000]
 */
import { performance } from 'node:perf_hooks';
import { Cleanup } from './cleanup';
import { treeCpuSeconds } from './processCpu';
import { benchTempDir, startBenchServices } from './services/benchEnvironment';
import { formatNumber, median } from './stats';
import { formatTable } from './table';

const iterations = Number(process.argv[2] ?? 1000);
const cleanup = new Cleanup();
cleanup.exitOnSignals();
const tempDir = benchTempDir(cleanup, 'breakdown');

const BLOCKS = 10;

type Cost = { cpu: number; db: number; wall: number };

/** The embedded PostgreSQL's CPU seconds (it runs below this process); 0 with a DATABASE_URL server. */
const dbCpu = () => treeCpuSeconds(process.pid, (comm) => comm === 'postgres') ?? 0;

/** µs of this process's CPU, of PostgreSQL's CPU and of wall time per call, over `calls` calls of `fn`. */
async function block(fn: (i: number) => Promise<unknown>, calls: number, offset: number): Promise<Cost> {
  const cpuStart = process.cpuUsage();
  const dbStart = dbCpu();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await fn(offset + i);
  const cpu = process.cpuUsage(cpuStart);
  return {
    cpu: (cpu.user + cpu.system) / calls,
    db: ((dbCpu() - dbStart) * 1e6) / calls,
    wall: ((performance.now() - start) * 1000) / calls,
  };
}

/**
 * Both sides in alternating blocks (a c a c ..., after a warm-up), medians
 * over the blocks: other load on the machine then hits both sides alike.
 */
async function compare(framework: (i: number) => Promise<unknown>, handWritten: (i: number) => Promise<unknown>) {
  const calls = Math.max(1, Math.round(iterations / BLOCKS));
  await block(framework, calls, 0);
  await block(handWritten, calls, 0);
  const a: Cost[] = [];
  const c: Cost[] = [];
  for (let b = 1; b <= BLOCKS; b++) {
    a.push(await block(framework, calls, b * calls));
    c.push(await block(handWritten, calls, b * calls));
  }
  const med = (list: Cost[]): Cost => ({
    cpu: median(list.map((x) => x.cpu)),
    db: median(list.map((x) => x.db)),
    wall: median(list.map((x) => x.wall)),
  });
  return { a: med(a), c: med(c) };
}

try {
  const { database, env } = await startBenchServices(cleanup, tempDir);
  Object.assign(process.env, env, { NODE_ENV: 'production' });
  const { closeDb, db } = await import('@/db/database');
  cleanup.add('close the database pool', () => closeDb());
  const { sql } = await import('drizzle-orm');
  const { seedBench } = await import('./seedBench');
  const world = await seedBench(database.url);
  const { handler } = await import('@/controllers');
  const { createContext, loadCurrentUser } = await import('@/backend/context');
  const { Campaign } = await import('@/db/models');
  const { serialize } = await import('@/server/controller');
  const queries = await import('./handlers/campaignQueries');
  const routes = await import('./handlers/campaignRoutes');
  const { requireMember, sessionTokenOf } = await import('./handlers/membership');
  const { signInInProcess } = await import('./scenarios/inProcessApi');
  const cookie = await signInInProcess('alice@example.com');
  const teamId = world.acmeId;
  const id = world.acmeCampaignIds[3] as number;
  const request = (url: string, init: RequestInit = {}) =>
    new Request(`http://localhost${url}`, { ...init, headers: { cookie, 'content-type': 'application/json' } });
  const loadedCampaign = await Campaign.all().where({ teamId }).includes('creator', 'logo', 'documents').find(id);
  const plainCampaign = await queries.showCampaign(teamId, id);

  const pieces: [string, (i: number) => Promise<unknown>, (i: number) => Promise<unknown>][] = [
    ['one query: select 1 (baseline)', () => db().execute(sql`select 1`), () => db().execute(sql`select 1`)],
    [
      'context query (users+memberships+teams, ordered) vs session + membership lookup',
      () => loadCurrentUser({ userId: world.aliceId }),
      () => requireMember(sessionTokenOf(request('/api/bench/x')), teamId),
    ],
    [
      'auth: context builder vs session + membership',
      () => createContext(request('/api/x')),
      async () => requireMember(sessionTokenOf(request('/api/bench/x')), teamId),
    ],
    [
      'get: load + creator + 2 slots (model layer vs drizzle)',
      () => Campaign.all().where({ teamId }).includes('creator', 'logo', 'documents').find(id),
      () => queries.showCampaign(teamId, id),
    ],
    [
      'get: serialise the loaded record',
      async () => JSON.stringify(serialize(loadedCampaign)),
      async () => JSON.stringify(plainCampaign),
    ],
    [
      'get: whole request',
      async () => (await handler(request(`/api/teams/${teamId}/campaigns/${id}`))).text(),
      async () =>
        (
          await routes.showCampaignRoute(request(`/api/bench/teams/${teamId}/campaigns/${id}`), {
            params: Promise.resolve({ teamId: String(teamId), id: String(id) }),
          })
        ).text(),
    ],
    [
      'create: insert (model layer vs drizzle)',
      (i) =>
        Campaign.all()
          .where({ teamId })
          .create({ name: `Breakdown ${i}`, budget: i, createdById: world.aliceId }),
      (i) => queries.insertCampaign(teamId, world.aliceId, { name: `Breakdown ${i}`, budget: i }),
    ],
    [
      'create: whole request',
      async (i) =>
        (
          await handler(
            new Request(`http://localhost/api/teams/${teamId}/campaigns`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ data: { name: `Whole ${i}`, budget: i } }),
            }),
          )
        ).text(),
      async (i) =>
        (
          await routes.createCampaignRoute(
            new Request(`http://localhost/api/bench/teams/${teamId}/campaigns`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ data: { name: `Whole ${i}`, budget: i } }),
            }),
            { params: Promise.resolve({ teamId: String(teamId) }) },
          )
        ).text(),
    ],
  ];
  const rows = [];
  for (const [name, framework, handWritten] of pieces) {
    const { a, c } = await compare(framework, handWritten);
    rows.push([
      name,
      `${formatNumber(a.cpu)} / ${formatNumber(c.cpu)}`,
      formatNumber(a.cpu - c.cpu),
      `${formatNumber(a.db)} / ${formatNumber(c.db)}`,
      formatNumber(a.db - c.db),
      `${formatNumber(a.wall)} / ${formatNumber(c.wall)}`,
    ]);
  }
  console.log(`${iterations} sequential calls per side in ${BLOCKS} alternating blocks; µs per call (medians)\n`);
  console.log(formatTable(['piece (framework / hand-written)', 'node CPU', 'extra', 'db CPU', 'extra', 'wall'], rows));
} finally {
  await cleanup.run();
}
process.exit(0);
