// demo:file (npm run demo:remove deletes this file)
/**
 * The index request alone over HTTP: the controller on `next start` (a), the
 * raw anchor (e, node:http) and the anchor's own code as a Next route (f),
 * alternating rounds on the ~10,000-row team, page 1. Prints req/s and
 * server CPU µs per request of each, and the ratios to e; with a
 * profile argument, `next start` runs under `--cpu-prof` and the profile of
 * the whole server run lands in that folder (read it with bench/profileSummary.ts).
 *
 *   npx tsx bench/profileIndex.ts [seconds per round = 5] [rounds = 3] [profile folder | -] [variants = aef]
 *
 * Faster to iterate on than `npm run bench -- --only=7` (one cell, two variants).
 */
import path from 'node:path';
import { Cleanup } from './cleanup';
import { runLoad } from './load';
import { treeCpuSeconds } from './processCpu';
import { requestFor } from './scenarios/indexScaling';
import { buildBenchApp } from './services/benchApp';
import { benchTempDir, startBenchServices } from './services/benchEnvironment';
import { startNextServer } from './services/nextServer';
import { signInOverHttp } from './session';
import { formatNumber, median, medianPairedRatio } from './stats';

const [secondsArg = '5', roundsArg = '3', profileDir, only = 'aef'] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');
const log = (message: string) => console.log(`[profile] ${message}`);
const cleanup = new Cleanup();
cleanup.exitOnSignals();
let exitCode = 1;
try {
  const tempDir = benchTempDir(cleanup, 'profile');
  const { database, env } = await startBenchServices(cleanup, tempDir);
  const appEnv = {
    ...env,
    EMBEDDED_DB: String(!process.env.DATABASE_URL),
    EMBEDDED_S3: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  Object.assign(process.env, appEnv, { NODE_ENV: 'production' });
  const { closeDb } = await import('@/db/database');
  cleanup.add('close the database pool', () => closeDb());
  const { seedBench } = await import('./seedBench');
  const world = await seedBench(database.url);
  const appDir = path.join(tempDir, 'app');
  await buildBenchApp({ root, appDir, cleanup, log });
  if (profileDir && profileDir !== '-') process.env.BENCH_NEXT_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
  const server = await startNextServer({ appDir, env: appEnv, cleanup });
  const { startRawAnchor } = await import('./services/rawAnchor');
  const raw = await startRawAnchor({ root, env: appEnv, cleanup });
  const cookie = await signInOverHttp(server.baseUrl, 'alice@example.com');
  const targets = {
    a: { baseUrl: server.baseUrl, pid: server.pid, path: requestFor('a', world.acmeId, 1).path },
    e: { baseUrl: raw.baseUrl, pid: raw.pid, path: requestFor('e', world.acmeId, 1).path },
    f: { baseUrl: server.baseUrl, pid: server.pid, path: requestFor('f', world.acmeId, 1).path },
  };
  type Variant = keyof typeof targets;
  const variants = Object.keys(targets) as Variant[];
  const bodies = await Promise.all(
    variants.map((v) =>
      fetch(`${targets[v].baseUrl}${targets[v].path}`, { headers: { cookie } }).then((r) => r.text()),
    ),
  );
  if (new Set(bodies).size !== 1)
    throw new Error(`a, e and f answer differently:\n${bodies.map((b) => b.slice(0, 200)).join('\n')}`);
  const results: Record<Variant, { rps: number; cpu: number }[]> = { a: [], e: [], f: [] };
  const load = (variant: Variant, seconds: number) => {
    const target = targets[variant];
    return runLoad(
      {
        baseUrl: target.baseUrl,
        headers: { cookie },
        request: { method: 'GET', path: target.path },
        cpuProbes: { server: () => treeCpuSeconds(target.pid) },
      },
      seconds,
      10,
    );
  };
  const measured = variants.filter((variant) => only.includes(variant));
  for (const variant of measured) await load(variant, 2);
  for (let round = 1; round <= Number(roundsArg); round++) {
    for (const variant of measured) {
      const result = await load(variant, Number(secondsArg));
      if (result.non2xx + result.errors > 0)
        throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results[variant].push({ rps: result.rps, cpu: result.cpuUsPerRequest.server ?? Number.NaN });
      log(
        `round ${round} ${variant}: ${formatNumber(result.rps)} req/s, ${formatNumber(result.cpuUsPerRequest.server ?? Number.NaN)} µs server CPU/req`,
      );
    }
  }
  const toRaw = (variant: Variant) =>
    medianPairedRatio(
      results[variant].map((r) => r.rps),
      results.e.map((r) => r.rps),
    );
  const cpu = (variant: Variant) => formatNumber(median(results[variant].map((r) => r.cpu)));
  log(`by req/s: a/e ${formatNumber(toRaw('a'), 2)}, f/e ${formatNumber(toRaw('f'), 2)}`);
  log(`server CPU µs/req: a ${cpu('a')}, e ${cpu('e')}, f ${cpu('f')}`);
  await server.stop();
  exitCode = 0;
} catch (error) {
  console.error('[profile] failed:', error);
} finally {
  await cleanup.run();
}
process.exit(exitCode);
