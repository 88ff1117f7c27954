/**
 * The index's cost does not grow with the table: on 20,000 rows of
 * one team, EXPLAIN ANALYZE of the statements `paginate` sends shows the page
 * walking the (team_id, created_at) index and stopping after the rows it
 * skips plus the page, and its count (a subquery run once) stopping at the
 * count limit. Plans, not
 * timings: times belong in the benchmark (bench/, scenario 7).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { countQueries } from './queryCounter';
import { Author, createFixtureTables } from './testing/fixtures';

const ROWS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

afterAll(closeTestDatabase);
beforeAll(async () => {
  await createFixtureTables();
  await db().execute(sql`create index authors_team_id_created_at_idx on authors (team_id, created_at)`);
  await db().execute(sql`
    insert into authors (name, email, team_id, created_at)
    select 'Author ' || g, 'a' || g || '@example.test', case when g % 10 = 0 then 2 else 1 end,
           timestamptz '2026-06-01' - g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  await db().execute(sql`vacuum analyze authors`);
});

/** EXPLAIN ANALYZE of a statement captured by countQueries, with its parameters. */
async function explain(text: string, params: unknown[]): Promise<PlanNode> {
  const client = (
    db() as unknown as { $client: { unsafe(q: string, p: unknown[]): Promise<{ 'QUERY PLAN': unknown }[]> } }
  ).$client;
  const [row] = await client.unsafe(`explain (analyze, format json) ${text}`, params);
  const plans = row?.['QUERY PLAN'] as { Plan: PlanNode }[] | undefined;
  if (!plans?.[0]) throw new Error(`no plan for ${text}`);
  return plans[0].Plan;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The statement's two parts: the page's plan (without the count), and the count's (an InitPlan: run once). */
function pageAndCount(plan: PlanNode): { page: PlanNode; count: PlanNode } {
  const counts: PlanNode[] = [];
  const withoutCount = (node: PlanNode): PlanNode => {
    const children = node.Plans ?? [];
    counts.push(...children.filter((child) => child['Parent Relationship'] === 'InitPlan'));
    const rest = children.filter((child) => child['Parent Relationship'] !== 'InitPlan').map(withoutCount);
    return { ...node, Plans: rest };
  };
  const page = withoutCount(plan);
  expect(counts).toHaveLength(1);
  return { page, count: counts[0] as PlanNode };
}

/** The most rows any scan of the plan produced. */
function rowsScanned(plan: PlanNode): number {
  return Math.max(
    ...nodes(plan)
      .filter((n) => /Scan/.test(n['Node Type']))
      .map((n) => n['Actual Rows'] * n['Actual Loops']),
  );
}

describe('paginate cost on 20,000 rows', () => {
  const list = () =>
    Author.where({ teamId: 1 }).order([
      { field: 'createdAt', dir: 'desc' },
      { field: 'id', dir: 'desc' },
    ]);

  it('page 1 and page 40 walk the index and stop at the page; the count stops at countLimit', async () => {
    for (const page of [1, 40]) {
      const { statements, parameters, result } = await countQueries(() =>
        list().paginate({ page, perPage: 20, countLimit: 5_000 }),
      );
      expect(result.data).toHaveLength(20);
      expect(result.pagination).toMatchObject({ totalCount: 5_000, totalCountCapped: true, hasMore: true });
      expect(statements).toHaveLength(1);
      const plan = pageAndCount(await explain(statements[0] as string, parameters[0] as unknown[]));
      const pagePlan = plan.page;
      expect(nodes(pagePlan).map((n) => n['Node Type'])).not.toContain('Sort');
      expect(nodes(pagePlan).some((n) => n['Index Name'] === 'authors_team_id_created_at_idx')).toBe(true);
      // The rows skipped, the page, its look-ahead row (+1 for the incremental sort's group boundary).
      expect(rowsScanned(pagePlan)).toBeLessThanOrEqual((page - 1) * 20 + 20 + 2);
      expect(plan.count['Actual Loops']).toBe(1);
      expect(rowsScanned(plan.count)).toBe(5_001);
    }
  });

  it('the default count limit (1,000) bounds the count on 18,000 matching rows', async () => {
    const { statements, parameters, result } = await countQueries(() => list().paginate({ page: 1, perPage: 20 }));
    expect(result.pagination).toMatchObject({ totalCount: 1_000, totalCountCapped: true });
    expect(statements).toHaveLength(1);
    const { count } = pageAndCount(await explain(statements[0] as string, parameters[0] as unknown[]));
    expect(rowsScanned(count)).toBe(1_001);
  });
});
