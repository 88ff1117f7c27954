// demo:file (npm run demo:remove deletes this file)
/**
 * The bench's data: the demo seed (Alice owner of Acme, Bob member, Carol
 * owner of Globex), then 10,000 extra Acme campaigns written by one
 * INSERT ... SELECT generate_series (about a second, no per-row round trips),
 * and a logo (analysed, with its `thumb` variant) on every other one of each
 * team's newest 1,000 campaigns: the pages the bench loads (index page 3,
 * scaling pages 1 and 40) carry logos, as the demo's list shows them.
 *
 * Imports app modules: load it only after DATABASE_URL points at the bench
 * database (env.ts reads the environment once, at import).
 */
import { sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { demoSeeder } from '@/db/demoSeed';
import { runMigrations } from '@/db/migrate';
import { transaction } from '@/server';

export interface BenchWorld {
  acmeId: number;
  globexId: number;
  aliceId: number;
  bobId: number;
  carolId: number;
  /** The 10,000 bench campaigns of Acme that are not archived (draft or active), for get/update/publish. */
  acmeCampaignIds: number[];
}

export const BENCH_CAMPAIGNS = 10_000;

interface IdRow extends Record<string, unknown> {
  id: number;
}

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const rows = (await db().execute<IdRow>(query)) as unknown as IdRow[];
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the demo seed did not create the expected rows');
  return id;
}

/**
 * Inserts `count` campaigns for `teamId` in one statement; statuses cycle
 * draft, active, draft, archived, active (like the demo seed), creators
 * alternate. Returns the ids of those that are not archived.
 */
export async function insertCampaigns(options: {
  teamId: number;
  count: number;
  creatorIds: readonly number[];
  label: string;
  /** Every row gets this status instead of the cycle. */
  status?: 'draft' | 'active';
}): Promise<number[]> {
  const { teamId, count, creatorIds, label } = options;
  const status = options.status
    ? sql`${options.status}`
    : sql`(array['draft','active','draft','archived','active'])[1 + g % 5]`;
  const rows = (await db().execute<IdRow & { status: string }>(sql`
    insert into campaigns (team_id, name, budget, status, created_by_id, published_at, created_at, updated_at)
    select ${teamId}, ${label} || ' campaign ' || g, (g * 37) % 100000, s.status,
           (${sql.param([...creatorIds])}::int[])[1 + g % ${creatorIds.length}],
           case when s.status = 'draft' then null else timestamptz '2026-06-01' - g * interval '1 minute' end,
           timestamptz '2026-06-01' - g * interval '1 minute', now()
    from generate_series(1, ${count}) g, lateral (select ${status}::varchar as status) s
    returning id, status`)) as unknown as (IdRow & { status: string })[];
  return rows.filter((row) => row.status !== 'archived').map((row) => row.id);
}

export async function seedBench(url: string): Promise<BenchWorld> {
  await runMigrations(url);
  await transaction(() => demoSeeder.run());
  const aliceId = await idOf(sql`select id from users where email = 'alice@example.com'`);
  const bobId = await idOf(sql`select id from users where email = 'bob@example.com'`);
  const carolId = await idOf(sql`select id from users where email = 'carol@example.com'`);
  const acmeId = await idOf(sql`select id from teams where name = 'Acme'`);
  const globexId = await idOf(sql`select id from teams where name = 'Globex'`);
  const acmeCampaignIds = await insertCampaigns({
    teamId: acmeId,
    count: BENCH_CAMPAIGNS,
    creatorIds: [aliceId, bobId],
    label: 'Bench',
  });
  // The first id is the one the `get` check compares: give it a logo whatever its place.
  await seedLogos(acmeId, { also: acmeCampaignIds.slice(0, 1) });
  // Fresh statistics, so the planner uses the (team_id, created_at) index from the first request, and a
  // visibility map, so counts can be index-only scans (as on any table autovacuum has seen).
  await db().execute(sql`vacuum analyze`);
  return { acmeId, globexId, aliceId, bobId, carolId, acmeCampaignIds };
}

/**
 * Logos as an upload and the image job leave them (ready, public, 512 x 256, a
 * 128 x 64 WebP `thumb`), attached to every other one of the team's newest
 * `newest` campaigns and to `also`, in one statement. The objects themselves
 * are not written: the index only builds their URLs.
 */
async function seedLogos(teamId: number, options: { newest?: number; also?: readonly number[] } = {}) {
  const { newest = 1_000, also = [] } = options;
  await db().execute(sql`
    with picked as (
      select id from (
        select id, row_number() over (order by created_at desc, id desc) as n
        from campaigns where team_id = ${teamId} order by created_at desc, id desc limit ${newest}
      ) newest where n % 2 = 1
      union select unnest(${sql.param([...also])}::int[])
    ), assets as (
      insert into service_assets (key, filename, content_type, byte_size, checksum, width, height, variants,
                                  status, access, metadata)
      select 'public/bench/logo-' || id || '.png', 'logo.png', 'image/png', 48213, '"bench"', 512, 256,
             jsonb_build_object('thumb', jsonb_build_object('key', 'public/bench/logo-' || id || '.png.thumb.webp',
               'width', 128, 'height', 64, 'contentType', 'image/webp')),
             'ready', 'public', jsonb_build_object('scope', jsonb_build_object('teamId', ${teamId}::int),
               'slot', 'Campaign.logo')
      from picked
      returning id, key
    )
    insert into service_attachments (asset_id, attachable_type, attachable_id, name)
    select id, 'Campaign', substring(key from 'logo-([0-9]+)')::int, 'logo' from assets`);
}

/**
 * Scenario 7's large team: "Scale", Alice its owner, `count` campaigns written
 * in one INSERT ... SELECT (no RETURNING: a million ids would only cost
 * memory), then VACUUM ANALYZE. About 10-20 s per million rows here.
 */
export async function seedLargeTeam(world: BenchWorld, count: number): Promise<number> {
  const teamId = await idOf(sql`insert into teams (name) values ('Scale') returning id`);
  await db().execute(
    sql`insert into memberships (team_id, user_id, role) values (${teamId}, ${world.aliceId}, 'owner')`,
  );
  await db().execute(sql`
    insert into campaigns (team_id, name, budget, status, created_by_id, published_at, created_at, updated_at)
    select ${teamId}, 'Scale campaign ' || g, (g * 37) % 100000, s.status,
           case when g % 2 = 0 then ${world.aliceId}::int else ${world.bobId}::int end,
           -- An active campaign has been published (campaigns_published_at_check).
           case when s.status = 'draft' then null else timestamptz '2026-06-01' - g * interval '1 second' end,
           timestamptz '2026-06-01' - g * interval '1 second', now()
    from generate_series(1, ${count}) g,
         lateral (select (array['draft','active','draft','archived','active'])[1 + g % 5]::varchar as status) s`);
  await seedLogos(teamId);
  await db().execute(sql`vacuum analyze campaigns, service_assets, service_attachments`);
  return teamId;
}
