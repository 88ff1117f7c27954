// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 4: bulk mutations, in-process through the app's handler.
 *
 * - bulkArchive (records: false) on 10,000 ids vs one raw
 *   `UPDATE campaigns ... WHERE id = ANY($1) AND team_id = $2` on the same
 *   pool (postgres.js, no drizzle, no framework). Both archive the same
 *   10,000 drafts; the rows are set back to draft between runs (untimed) and
 *   the two sides alternate (A B B A ...) so neither always runs on a warmer
 *   table. Target: the controller within 1.5x of the raw statement.
 * - bulkPublish (records loaded, Campaign#publish per draft) on 10 and 100 ids.
 *
 * Runs on Globex's own 10,000 campaigns (Carol is its owner), so Acme's
 * data used by the other scenarios is untouched.
 */
import { performance } from 'node:perf_hooks';
import { pool } from '@/db/database';
import { countQueries } from '@/server';
import type { BenchSettings } from '../options';
import type { ScenarioResult } from '../results';
import { BENCH_CAMPAIGNS, insertCampaigns } from '../seedBench';
import { atMost, formatNumber, median, medianPairedRatio } from '../stats';
import { formatTable } from '../table';
import { countWireQueries } from '../wireCounter';
import { callApi } from './inProcessApi';

const BULK_RATIO_TARGET = 1.5;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await fn();
  return { ms: performance.now() - start, result };
}

export async function runBulkScenario(options: {
  teamId: number;
  ownerId: number;
  cookie: string;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<ScenarioResult> {
  const { teamId, ownerId, cookie, settings, log } = options;
  const ids = await insertCampaigns({
    teamId,
    count: BENCH_CAMPAIGNS,
    creatorIds: [ownerId],
    label: 'Bulk',
    status: 'draft',
  });
  const client = pool().$client;
  const reset = async (which: readonly number[]) => {
    await client`update campaigns set status = 'draft', published_at = null where id = any(${client.array([...which])}::int[])`;
    // Dead tuples from the last run would make every following run slower: vacuum keeps the runs alike.
    await client`vacuum campaigns`;
  };
  const framework = () =>
    callApi({ method: 'POST', path: `/teams/${teamId}/campaigns/bulk-archive`, body: { ids }, headers: { cookie } });
  const raw = () =>
    client`update campaigns set status = 'archived', updated_at = now()
           where id = any(${client.array(ids)}::int[]) and team_id = ${teamId}`;

  // Warm both paths once (plans, JIT), untimed.
  await reset(ids);
  const warm = await framework();
  if (warm.status !== 200 || (warm.body as { archived?: number }).archived !== ids.length) {
    throw new Error(`bulk-archive answered ${warm.status}: ${JSON.stringify(warm.body).slice(0, 200)}`);
  }
  await reset(ids);
  await raw();

  const frameworkMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < settings.bulkRepeats; i++) {
    const order = i % 2 === 0 ? ['framework', 'raw'] : ['raw', 'framework'];
    for (const side of order) {
      await reset(ids);
      if (side === 'framework') frameworkMs.push((await timed(framework)).ms);
      else rawMs.push((await timed(raw)).ms);
    }
  }
  await reset(ids);
  const { result: archiveStatements, wire: archiveWire } = await countWireQueries(() => countQueries(framework));
  const archiveRatio = medianPairedRatio(frameworkMs, rawMs);
  log(
    `bulkArchive 10,000: framework ${formatNumber(median(frameworkMs), 1)} ms, raw ${formatNumber(median(rawMs), 1)} ms`,
  );

  const publish = [];
  for (const size of [10, 100]) {
    const batch = ids.slice(0, size);
    const call = () =>
      callApi({
        method: 'POST',
        path: `/teams/${teamId}/campaigns/bulk-publish`,
        body: { ids: batch },
        headers: { cookie },
      });
    await reset(batch);
    await call(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < settings.bulkRepeats; i++) {
      await reset(batch);
      times.push((await timed(call)).ms);
    }
    await reset(batch);
    const { result: counted, wire } = await countWireQueries(() => countQueries(call));
    if ((counted.result.body as { published?: number }).published !== size) {
      throw new Error(`bulk-publish of ${size} answered ${JSON.stringify(counted.result.body).slice(0, 200)}`);
    }
    publish.push({
      size,
      ms: median(times),
      perRecordMs: median(times) / size,
      statements: counted.count,
      wire: wire.length,
      times,
    });
  }

  const table = formatTable(
    ['operation', 'median ms', 'statements', 'on the wire', 'note'],
    [
      [
        'bulkArchive 10,000 ids (controller, in-process)',
        formatNumber(median(frameworkMs), 1),
        archiveStatements.count,
        archiveWire.length,
        'incl. context',
      ],
      ['raw UPDATE ... id = ANY($1) AND team_id = $2', formatNumber(median(rawMs), 1), 1, 1, 'postgres.js'],
      ...publish.map((p) => [
        `bulkPublish ${p.size} ids (records loaded)`,
        formatNumber(p.ms, 1),
        p.statements,
        p.wire,
        `${formatNumber(p.perRecordMs, 2)} ms per record`,
      ]),
    ],
  );
  return {
    scenario: 4,
    title: 'Bulk mutations (in-process)',
    table,
    rows: [
      {
        scenario: '4 bulk',
        item: `bulkArchive 10,000 ids vs raw UPDATE (${formatNumber(median(frameworkMs), 1)} vs ${formatNumber(median(rawMs), 1)} ms)`,
        value: `${formatNumber(archiveRatio, 2)}x`,
        target: `<= ${BULK_RATIO_TARGET}x`,
        verdict: atMost(archiveRatio, BULK_RATIO_TARGET),
      },
      ...publish.map((p) => ({
        scenario: '4 bulk',
        item: `bulkPublish ${p.size} ids: ${p.statements} statements, ${p.wire} on the wire`,
        value: `${formatNumber(p.ms, 1)} ms`,
        target: '-',
        verdict: 'INFO' as const,
      })),
    ],
    figures: {
      bulkArchive: {
        ids: ids.length,
        frameworkMs,
        rawMs,
        ratio: archiveRatio,
        statements: archiveStatements.statements,
      },
      bulkPublish: publish,
    },
    notes: [
      `${settings.bulkRepeats} timed run(s) per side, alternating; the rows are reset to draft and the table vacuumed between runs (untimed).`,
      'bulkArchive statements include the context builder (1); the action itself is the one UPDATE.',
      'bulkPublish loads the records in one SELECT, then Campaign#publish issues one UPDATE per draft, each behind a SAVEPOINT ' +
        "(the model's save inside the action's transaction), plus BEGIN/COMMIT: records: true is meant for small batches (spec).",
    ],
  };
}
