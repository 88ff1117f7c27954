// demo:file (npm run demo:remove deletes this file)
/**
 * Diagnostics for scenarios 1-2 without HTTP or Next.js: the four variants
 * called in this process (the controller's `handler`, the hand-written route
 * functions and tRPC handler), 10 requests in flight, interleaved rounds.
 * What differs between a and c here is the framework's own CPU time; run it
 * under the profiler to see where that goes:
 *
 *   npx tsx bench/diagnose.ts index 3 a /tmp/a.cpuprofile
 *   npx tsx bench/profileSummary.ts /tmp/a.cpuprofile
 *
 * Arguments: endpoint (index | get | create | update | publish), seconds per
 * round (default 3), variants to run (default abcd; `a` alone gives a
 * profile of the controller only), and a file to write a CPU profile of the
 * measured rounds to (warm-up and set-up excluded). Starts its own database
 * like the bench.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { Cleanup } from './cleanup';
import type { LoadRequest } from './load';
import { benchTempDir, startBenchServices } from './services/benchEnvironment';
import { formatNumber, medianPairedRatio } from './stats';

const [endpointName = 'index', secondsArg = '3', only = 'abcd', profileFile] = process.argv.slice(2);
const seconds = Number(secondsArg);
const CONCURRENCY = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const cleanup = new Cleanup();
cleanup.exitOnSignals();
const tempDir = benchTempDir(cleanup, 'diagnose');

try {
  const { database, env } = await startBenchServices(cleanup, tempDir);
  Object.assign(process.env, env, { NODE_ENV: 'production' });
  const { closeDb, pool } = await import('@/db/database');
  cleanup.add('close the database pool', () => closeDb());
  const { seedBench } = await import('./seedBench');
  const world = await seedBench(database.url);
  const { handler } = await import('@/controllers');
  const routes = await import('./handlers/campaignRoutes');
  const { benchTrpcHandler } = await import('./handlers/trpcRouter');
  const { signInInProcess } = await import('./scenarios/inProcessApi');
  const { campaignEndpoints, VARIANTS } = await import('./scenarios/campaignEndpoints');
  const cookie = await signInInProcess('alice@example.com');
  const client = pool().$client;
  const endpoint = campaignEndpoints({
    teamId: world.acmeId,
    campaignIds: world.acmeCampaignIds,
    resetToDrafts: async (ids) => {
      await client`update campaigns set status = 'draft', published_at = null
                   where id = any(${client.array([...ids])}::int[]) and status <> 'draft'`;
    },
  }).find((candidate) => candidate.name === endpointName);
  if (!endpoint) throw new Error(`unknown endpoint ${endpointName} (index, get, create, update, publish)`);

  /** The bench's route files, as an in-process router. */
  const dispatch = (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/bench/trpc/')) return benchTrpcHandler(request);
    if (!pathname.startsWith('/api/bench/')) return handler(request);
    const match = /^\/api\/bench\/teams\/(\d+)\/campaigns(?:\/(\d+))?(\/publish)?$/.exec(pathname);
    if (!match) throw new Error(`no bench route for ${pathname}`);
    const [, teamId = '', id, publish] = match;
    const team = { params: Promise.resolve({ teamId }) };
    const record = { params: Promise.resolve({ teamId, id: id ?? '' }) };
    if (publish) return routes.publishCampaignRoute(request, record);
    if (id)
      return request.method === 'GET'
        ? routes.showCampaignRoute(request, record)
        : routes.updateCampaignRoute(request, record);
    return request.method === 'GET'
      ? routes.listCampaignsRoute(request, team)
      : routes.createCampaignRoute(request, team);
  };
  const toRequest = ({ method, path: url, body }: LoadRequest) =>
    new Request(`http://localhost${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const run = async (variant: (typeof VARIANTS)[number], ms: number) => {
    await endpoint.reset?.();
    let n = 0;
    let failures = 0;
    const deadline = performance.now() + ms;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const response = await dispatch(toRequest(endpoint.request(variant, n++)));
          await response.text();
          if (response.status >= 300) failures++;
        }
      }),
    );
    const cpu = process.cpuUsage(cpuStart);
    return { rps: n / ((performance.now() - start) / 1000), failures, requests: n, cpuUs: (cpu.user + cpu.system) / n };
  };
  const variants = VARIANTS.filter((variant) => only.includes(variant));
  for (const variant of variants) await run(variant, 1000);
  const session = new Session();
  if (profileFile) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const rps: Record<string, number[]> = { a: [], b: [], c: [], d: [] };
  const requests: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
  const cpuUs: Record<string, number[]> = { a: [], b: [], c: [], d: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) {
      const result = await run(variant, seconds * 1000);
      if (result.failures) console.log(`  ${variant}: ${result.failures} failed requests`);
      rps[variant]?.push(result.rps);
      requests[variant] = (requests[variant] ?? 0) + result.requests;
      cpuUs[variant]?.push(result.cpuUs);
    }
    console.log(
      `round ${round + 1}: ` +
        variants
          .map((v) => `${v} ${formatNumber(rps[v]?.at(-1))} req/s ${formatNumber(cpuUs[v]?.at(-1))} µs CPU/req`)
          .join(', '),
    );
  }
  if (profileFile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    console.log(`CPU profile of the measured rounds: ${profileFile}`);
  }
  console.log(`measured requests: ${variants.map((v) => `${v} ${requests[v]}`).join(', ')} (plus 1 s warm-up each)`);
  console.log(
    `${endpointName} in-process: a/c ${formatNumber(medianPairedRatio(rps.a ?? [], rps.c ?? []), 2)}, ` +
      `b/d ${formatNumber(medianPairedRatio(rps.b ?? [], rps.d ?? []), 2)}; ` +
      `by this process's CPU per request: a/c ${formatNumber(medianPairedRatio(cpuUs.c ?? [], cpuUs.a ?? []), 2)}, ` +
      `b/d ${formatNumber(medianPairedRatio(cpuUs.d ?? [], cpuUs.b ?? []), 2)}`,
  );
} finally {
  await cleanup.run();
}
process.exit(0);
